/**
 * The launch bench's watcher, on a thread of its own (bench/launch.mts): a live stream admitted
 * before the crowd's, and each model's page read fresh every 100 ms from T, from each replica in
 * turn. On the crowd's thread its answers waited behind the callbacks of 2,000 shoppers (that
 * thread's event loop lagged up to half a second at the rush's peak), and the time it wrote down
 * for « Épuisé » was the bench's, not the shop's.
 *
 * Tells the bench, with the wall-clock time it saw each one (ms since the epoch, to the
 * microsecond): `stream` (its stream's answer), `change` (a model's availability on the stream),
 * `page` (a fresh page read); then `done` once asked to `stop`.
 */
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { Browser, saysSoldOut } from "./launch-browser.mts";

export interface WatcherData {
  origins: string[];
  models: { slug: string; path: string }[];
  /** The opening, ms since the epoch: pages are read from then. */
  opensAt: number;
  soldOutWords: string[];
}

export type WatcherMessage =
  | { type: "stream"; status: number }
  | { type: "change"; slug: string; soldOut: boolean; at: number }
  | { type: "page"; slug: string; status: number; soldOut: boolean; at: number; ms: number; replica: number }
  | { type: "done" };

const port = parentPort;
if (!port) throw new Error("launch-watcher.mts runs as a worker thread of bench/launch.mts");
const data = workerData as WatcherData;
const tell = (message: WatcherMessage) => port.postMessage(message);
const now = () => performance.timeOrigin + performance.now();
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const stream = await new Browser(data.origins[0] as string, "192.0.2.10", agent).stream((change) =>
  tell({ type: "change", slug: change.model, soldOut: !change.available, at: now() }),
);
tell({ type: "stream", status: stream.status });

let watching = true;
port.on("message", (message: string) => {
  if (message === "stop") watching = false;
});
while (watching && Date.now() < data.opensAt) await sleep(50);
for (let read = 0; watching; read++) {
  const replica = read % data.origins.length;
  await Promise.all(
    data.models.map(async (model) => {
      // A new browser each time: no cookie, the page a first-time visitor gets.
      const page = await new Browser(data.origins[replica] as string, "192.0.2.11", agent).request(
        "GET",
        model.path,
      );
      const soldOut = page.status === 200 && saysSoldOut(page.body, data.soldOutWords);
      tell({ type: "page", slug: model.slug, status: page.status, soldOut, at: now(), ms: page.ms, replica });
    }),
  );
  await sleep(100);
}
stream.close();
agent.destroy();
tell({ type: "done" });
