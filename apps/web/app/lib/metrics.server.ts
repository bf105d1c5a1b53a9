/**
 * The web server's metrics and its watch on the worker (decision 044), for server.mjs, which sits
 * outside the build and reaches them through the entry module (`webMetrics`).
 * Requests are measured by route id (./route-label.ts), never by path.
 */
import { httpRequestDuration, pageCacheRequests, serveMetrics, watchDatabase } from "@souls/shop/metrics";
import { reviewWorkerIncident } from "@souls/shop/owner";
import { db } from "./db.server";
import { routeLabelOf } from "./route-label";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** How often the web server looks at the worker's heartbeat. */
const WORKER_WATCH_MS = 60_000;

export const webMetrics = {
  routeLabelOf,
  /** One request answered: `label` when server.mjs answered it itself (a refusal, a redirect). */
  observeRequest(
    pathname: string,
    label: string | undefined,
    method: string,
    status: number,
    seconds: number,
  ) {
    httpRequestDuration.observe(
      {
        route: label ?? routeLabelOf(pathname),
        method: METHODS.has(method) ? method : "other",
        status: String(status),
      },
      seconds,
    );
  },
  /** A public page asked of the page cache: sent from memory, or rendered. */
  pageCache(outcome: "hit" | "miss") {
    pageCacheRequests.inc({ outcome });
  },
  /** Serves the metrics, the database's gauges included, on their own listener. */
  serve(options: { port: number; host: string }) {
    watchDatabase(db);
    return serveMetrics(options);
  },
  /**
   * Every minute, whether the worker stopped (its heartbeat row too old) or is back: the owner's
   * e-mail of the incident is queued once by whichever web server sees it first. Returns the stop.
   */
  watchWorker(onError: (error: unknown) => void): () => void {
    const timer = setInterval(() => {
      reviewWorkerIncident(db).catch(onError);
    }, WORKER_WATCH_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};
