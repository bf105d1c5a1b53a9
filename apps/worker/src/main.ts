/**
 * The shop's background worker: releases unpaid holds past their time, tells waiting shoppers a
 * model is back, delivers queued e-mails, applies the data-retention periods and
 * reconciles payments whose event never came. Several may run at once (row locks with SKIP LOCKED,
 * an advisory lock).
 */
import { connect } from "@souls/db";
import { renderEmail } from "@souls/emails";
import { applyRetention, business, createStripeGateway, type PaymentGateway, testGateway } from "@souls/shop";
import type { EmailDelivery } from "./email-delivery";
import { readEnv } from "./env";
import { type RoundReport, runJobs } from "./jobs";
import { createMailTransport } from "./mail-transport";

const env = readEnv();
const db = connect(env.DATABASE_URL, { maxConnections: 3 });
const gateway: PaymentGateway =
  env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? createStripeGateway({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
    : testGateway;
const mail: EmailDelivery = {
  transport: createMailTransport(env),
  render: renderEmail,
  context: {
    siteUrl: env.SITE_URL,
    seller: {
      brand: business.brand,
      companyName: business.companyName,
      address: business.address,
      email: business.email,
    },
  },
  from: env.MAIL_FROM ?? `${business.brand} <${business.email}>`,
};

function roundSummary({ expired, restockNotices, reconciled, emails }: RoundReport): string | undefined {
  const done = [
    expired && `expired ${expired} holds`,
    restockNotices && `queued ${restockNotices} back-in-stock notices`,
    reconciled && `reconciled ${reconciled} payments`,
    emails.sent && `sent ${emails.sent} e-mails`,
    emails.retrying && `${emails.retrying} e-mails to retry`,
    emails.failed && `${emails.failed} e-mails failed`,
  ].filter(Boolean);
  if (!done.length) return undefined;
  return done.join(", ") + (emails.lastError ? ` (${emails.lastError})` : "");
}

let stopping = false;
let timer: NodeJS.Timeout | undefined;
let current: Promise<void> | undefined;

/** Retention runs hourly: its periods are months long, no need to scan tables every round. */
const RETENTION_EVERY_MS = 3600_000;
let retentionDoneAt = 0;

async function round() {
  try {
    const line = roundSummary(await runJobs(db, { gateway, mail, linkSecret: env.SESSION_SECRET }));
    if (line) console.log(`[worker] ${line}`);
    if (Date.now() - retentionDoneAt >= RETENTION_EVERY_MS) {
      const removed = await applyRetention(db);
      retentionDoneAt = Date.now();
      if (removed.emails || removed.accessLogs || removed.unpaidOrdersErased) {
        console.log(
          `[worker] retention: ${removed.emails} old e-mails, ${removed.accessLogs} old log rows deleted, ${removed.unpaidOrdersErased} unpaid orders erased`,
        );
      }
    }
  } catch (error) {
    // A database outage must not kill the worker: the next round tries again.
    console.error("[worker] round failed:", (error as Error).message);
  }
  if (!stopping) timer = setTimeout(() => (current = round()), env.WORKER_INTERVAL_SECONDS * 1000);
}

async function stop() {
  stopping = true;
  clearTimeout(timer);
  // Let a send in progress finish and be recorded, rather than leave its row to the lease.
  await current;
  mail.transport.close();
  await db.destroy();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(`[worker] running every ${env.WORKER_INTERVAL_SECONDS}s (${gateway.provider} gateway)`);
console.log(`[worker] e-mails: ${mail.transport.description}`);
current = round();
