/**
 * The worker's settings: the shop's (@souls/shop/settings: the web app's variables and rules), and
 * where its local mailbox is, relative paths starting at the repository's root.
 */
import path from "node:path";
import { projectRoot } from "@souls/db/project";
import { readSettings, type ShopSettings } from "@souls/shop/settings";

export interface WorkerSettings extends ShopSettings {
  /** Where e-mails are written without SMTP_URL. */
  mailboxDir: string;
}

export function readWorkerSettings(source: NodeJS.ProcessEnv = process.env): WorkerSettings {
  const settings = readSettings(source, "worker");
  const root = projectRoot();
  const mailboxDir = settings.MAILBOX_DIR
    ? path.resolve(root, settings.MAILBOX_DIR)
    : path.join(path.resolve(root, settings.SHOP_DATA_DIR ?? ".data"), "mailbox");
  return { ...settings, mailboxDir };
}
