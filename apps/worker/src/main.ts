/**
 * The shop's background worker: releases unpaid holds past their time, tells waiting shoppers a
 * model is back, invites buyers to review what was shipped to them, publishes the reviews nobody
 * decided on in time, delivers queued e-mails, applies the data-retention periods and
 * reconciles payments whose event never came. Several may run at once (row locks with SKIP LOCKED,
 * an advisory lock).
 *
 * On SIGTERM (docker stop, a rolling update) or SIGINT it claims nothing more, lets an e-mail in
 * progress finish or hands it back, closes its connections and exits, within 10 s.
 */
import { writeFileSync } from "node:fs";
import { connect } from "@souls/db";
import { flushErrorReports, reportError, startErrorReporting } from "@souls/db/error-reporting";
import { createLogger, installLogger, logFormatOf } from "@souls/db/log";
import { loadEnvFile } from "@souls/db/project";
import { renderEmail } from "@souls/emails";
import { createMailTransport, type MailSetup } from "@souls/shop/mail";
import { serveMetrics, watchDatabase } from "@souls/shop/metrics";
import { paymentGatewayFor } from "@souls/shop/payments";
import { applyRetention } from "@souls/shop/retention";
import { type RoundReport, runJobs } from "./jobs";
import { readWorkerSettings, type WorkerSettings } from "./settings";

let env: WorkerSettings;
try {
  loadEnvFile();
  env = readWorkerSettings();
} catch (error) {
  // A refused setting says what to set, in one message, without a stack trace.
  const log = installLogger(createLogger({ service: "worker", format: logFormatOf(process.env) }));
  log.error((error as Error).message, {}, `[worker] ${(error as Error).message}`);
  process.exit(1);
}
installLogger(createLogger({ service: "worker", format: env.logFormat }));
// Exceptions to Sentry when SENTRY_DSN is set (decision 056): a failed round, an uncaught exception.
await startErrorReporting("worker", env);

const db = connect(env.DATABASE_URL, { maxConnections: 3, password: env.databasePassword });
const gateway = paymentGatewayFor(env);
const stopping = new AbortController();
// The seller the e-mails come from is read at each round: the owner edits it in her panel.
const mail: MailSetup = {
  transport: createMailTransport(env),
  render: renderEmail,
  siteUrl: env.siteUrl,
  from: env.MAIL_FROM,
  stop: stopping.signal,
  onSettled: heartbeat,
};

let heartbeatProblem: string | undefined;

/**
 * Tells the liveness probe the loop turns: the file's modification time is the last sign of life
 * (its content, the same time, is for people). A failed write is said once, never fatal.
 */
function heartbeat() {
  const file = env.WORKER_HEARTBEAT_FILE;
  if (!file) return;
  try {
    writeFileSync(file, `${new Date().toISOString()}\n`);
    if (heartbeatProblem) console.log(`[worker] heartbeat: ${file} written again`);
    heartbeatProblem = undefined;
  } catch (error) {
    const problem = (error as Error).message;
    if (problem !== heartbeatProblem) console.error(`[worker] heartbeat: cannot write ${file}: ${problem}`);
    heartbeatProblem = problem;
  }
}

function roundSummary({
  expired,
  restockNotices,
  reviewInvitations,
  reviewsPublished,
  lowStock,
  reconciled,
  emails,
  announcements,
  incidents,
}: RoundReport): string | undefined {
  const done = [
    expired && `expired ${expired} holds`,
    restockNotices && `queued ${restockNotices} back-in-stock notices`,
    reviewInvitations && `queued ${reviewInvitations} review invitations`,
    reviewsPublished && `published ${reviewsPublished} reviews left waiting past their days`,
    lowStock && `told the owner of ${lowStock} models low on stock`,
    reconciled && `reconciled ${reconciled} payments`,
    emails.sent && `sent ${emails.sent} e-mails`,
    emails.retrying && `${emails.retrying} e-mails to retry`,
    emails.failed && `${emails.failed} e-mails failed`,
    emails.handedBack && `handed back ${emails.handedBack} e-mails interrupted by the stop`,
    announcements.queued && `queued ${announcements.queued} announcement messages`,
    announcements.sent && `sent ${announcements.sent} announcement messages`,
    announcements.failed && `${announcements.failed} announcement messages failed`,
    announcements.unsubscribed && `${announcements.unsubscribed} addresses unsubscribed before their turn`,
    announcements.emails.sent && `sent ${announcements.emails.sent} e-mails during the announcements' turn`,
    ...Object.entries(incidents).map(([kind, change]) => `incident ${kind} ${change}: the owner is told`),
  ].filter(Boolean);
  if (!done.length) return undefined;
  const lastError = emails.lastError ?? announcements.lastError ?? announcements.emails.lastError;
  return done.join(", ") + (lastError ? ` (${lastError})` : "");
}

let timer: NodeJS.Timeout | undefined;
let current: Promise<void> | undefined;

/** Retention runs hourly: its periods are months long, no need to scan tables every round. */
const RETENTION_EVERY_MS = 3600_000;
let retentionDoneAt = 0;

async function round() {
  try {
    const line = roundSummary(
      await runJobs(db, {
        gateway,
        mail,
        linkSecret: env.sessionSecret,
        reviewInvitationDays: env.REVIEW_INVITATION_DAYS,
      }),
    );
    if (line) console.log(`[worker] ${line}`);
    if (!stopping.signal.aborted && Date.now() - retentionDoneAt >= RETENTION_EVERY_MS) {
      const removed = await applyRetention(db);
      retentionDoneAt = Date.now();
      if (removed.emails || removed.accessLogs || removed.unpaidOrdersErased || removed.reviews) {
        console.log(
          `[worker] retention: ${removed.emails} old e-mails, ${removed.accessLogs} old log rows, ${removed.reviews} old reviews deleted, ${removed.unpaidOrdersErased} unpaid orders erased`,
        );
      }
    }
  } catch (error) {
    // A database outage must not kill the worker: the next round tries again. Its fault is
    // reported (an outage's too: it says when it began and ended).
    console.error("[worker] round failed:", (error as Error).message);
    reportError(error, { tags: { job: "round" } });
  }
  // Even after a failed round: the loop turns, which is what the liveness probe asks.
  heartbeat();
  if (!stopping.signal.aborted) {
    timer = setTimeout(() => (current = round()), env.WORKER_INTERVAL_SECONDS * 1000);
  }
}

/** Within docker stop's and Kubernetes' default grace (10 s), whatever a round is doing. */
const STOP_LIMIT_MS = 9_000;

async function stop(signal: NodeJS.Signals | "uncaughtException", exitCode = 0) {
  if (stopping.signal.aborted) return;
  stopping.abort();
  clearTimeout(timer);
  console.log(`[worker] ${signal}: stopping after the work in progress`);
  setTimeout(() => {
    console.error(`[worker] still busy ${STOP_LIMIT_MS / 1000} s after ${signal}: exiting anyway`);
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  // A send in progress finishes and is recorded, or is handed back (@souls/shop/mail).
  await current;
  mail.transport.close();
  await db.destroy();
  await flushErrorReports();
  console.log("[worker] stopped");
  process.exit(exitCode);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
// An exception nothing caught may have left the worker half-way through something: it is logged
// and the worker stops as on SIGTERM, with code 1, for its supervisor to start a fresh one (rows
// it held are handed back by their locks and leases). A rejection nobody awaited is logged only.
process.on("uncaughtException", (error) => {
  console.error(`[worker] uncaught exception, stopping: ${error.stack ?? error}`);
  reportError(error, { tags: { job: "uncaught" } });
  void stop("uncaughtException", 1);
});
process.on("unhandledRejection", (reason) => {
  console.error(`[worker] unhandled rejection: ${(reason as Error)?.stack ?? reason}`);
  reportError(reason, { tags: { job: "unhandled-rejection" } });
});

// Prometheus metrics on a port of their own (decision 044): the database's gauges, the payments
// the worker reconciles, the event loop.
if (env.WORKER_METRICS_PORT) {
  watchDatabase(db);
  const where = { port: env.WORKER_METRICS_PORT, host: env.METRICS_HOST };
  await serveMetrics(where).then(
    () => console.log(`[worker] metrics on http://${where.host}:${where.port}/metrics`),
    (error: Error) => {
      console.error(`[worker] cannot serve metrics on ${where.host}:${where.port}: ${error.message}`);
      process.exit(1);
    },
  );
}

heartbeat();
console.log(`[worker] running every ${env.WORKER_INTERVAL_SECONDS}s (${gateway.provider} gateway)`);
console.log(`[worker] e-mails: ${mail.transport.description}`);
current = round();
