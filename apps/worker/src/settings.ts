/**
 * The worker's settings: the shop's (@souls/shop/settings: the web app's variables and rules,
 * where its local mailbox is included).
 */
import { readSettings, type ShopSettings } from "@souls/shop/settings";

export type WorkerSettings = ShopSettings;

export function readWorkerSettings(source: NodeJS.ProcessEnv = process.env): WorkerSettings {
  return readSettings(source, "worker");
}
