/**
 * The shop's background worker: releases unpaid holds past their time and reconciles payments
 * whose event never came. Several may run at once (row locks with SKIP LOCKED, an advisory lock).
 */
import { connect } from "@souls/db";
import { createStripeGateway, type PaymentGateway, testGateway } from "@souls/shop";
import { readEnv } from "./env";
import { runJobs } from "./jobs";

const env = readEnv();
const db = connect(env.DATABASE_URL, { maxConnections: 3 });
const gateway: PaymentGateway =
  env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? createStripeGateway({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET })
    : testGateway;

let stopping = false;
let timer: NodeJS.Timeout | undefined;

async function round() {
  try {
    const report = await runJobs(db, gateway);
    if (report.expired || report.reconciled)
      console.log(`[worker] expired ${report.expired} holds, reconciled ${report.reconciled} payments`);
  } catch (error) {
    // A database outage must not kill the worker: the next round tries again.
    console.error("[worker] round failed:", (error as Error).message);
  }
  if (!stopping) timer = setTimeout(round, env.WORKER_INTERVAL_SECONDS * 1000);
}

async function stop() {
  stopping = true;
  clearTimeout(timer);
  await db.destroy();
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(`[worker] running every ${env.WORKER_INTERVAL_SECONDS}s (${gateway.provider} gateway)`);
round();
