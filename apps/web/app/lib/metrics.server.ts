/**
 * The web server's metrics and its watch on the worker (decision 044), for server.mjs, which sits
 * outside the build and reaches them through the entry module (`webMetrics`).
 * Requests are measured by route id (./route-label.ts), never by path.
 */
import { processLogger } from "@souls/db/log";
import { renderEmail } from "@souls/emails";
import { createMailTransport, type MailSetup } from "@souls/shop/mail";
import {
  formTurnWait,
  httpRequestDuration,
  pageCacheRequests,
  serveMetrics,
  watchDatabase,
} from "@souls/shop/metrics";
import { watchWorker } from "@souls/shop/owner";
import { db } from "./db.server";
import { env } from "./env.server";
import { routeLabelOf } from "./route-label";
import { beforeCloseOnStop, closeOnStop } from "./server-process.server";

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
  /** A post waited `ms` for its turn (./post-turns.server.ts). */
  formWaited(ms: number) {
    formTurnWait.observe(ms / 1000);
  },
  /** Serves the metrics, the database's gauges included, on their own listener. */
  serve(options: { port: number; host: string }) {
    watchDatabase(db);
    return serveMetrics(options);
  },
  /**
   * Every minute, whether the worker stopped (its heartbeat row too old) or is back: the owner's
   * e-mail of the incident is queued once by whichever web server sees it first and, the worker
   * being the one that delivers the outbox, sent by a web server itself while the worker is down
   * (decision 057), through SMTP_URL (or the local mailbox) as the worker would. Returns the stop:
   * a send in progress is then let finish, or handed back, before the connections close.
   */
  watchWorker(onError: (error: unknown) => void): () => void {
    const stopping = new AbortController();
    const mail: MailSetup = {
      transport: createMailTransport(env),
      render: renderEmail,
      siteUrl: env.siteUrl,
      from: env.MAIL_FROM,
      stop: stopping.signal,
    };
    closeOnStop("worker-watch-mail", async () => mail.transport.close());
    const { description } = mail.transport;
    processLogger().info(
      "worker watch",
      { mail: description },
      `[web] watching the worker; the « worker stopped » e-mail would go by ${description}`,
    );
    let current: Promise<void> | undefined;
    const look = async () => {
      const { change, email } = await watchWorker(db, mail);
      const log = processLogger();
      if (change)
        log.info("worker incident", { change }, `[web] worker incident ${change}: the owner is told`);
      if (email?.outcome === "sent") {
        log.info("worker incident e-mail sent", {}, "[web] the owner's « worker stopped » e-mail sent");
      } else if (email) {
        log.warn(
          "worker incident e-mail not sent",
          { outcome: email.outcome, error: email.error },
          `[web] the owner's « worker stopped » e-mail: ${email.outcome} (${email.error})`,
        );
      }
    };
    const timer = setInterval(() => {
      if (current || stopping.signal.aborted) return;
      current = look()
        .catch(onError)
        .finally(() => {
          current = undefined;
        });
    }, WORKER_WATCH_MS);
    timer.unref();
    beforeCloseOnStop("worker-watch", async () => {
      await current;
    });
    return () => {
      clearInterval(timer);
      stopping.abort();
    };
  },
};
