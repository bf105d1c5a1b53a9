import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { FrameLocator, Page } from "@playwright/test";
import { type StripeStandIn, startStripeStandIn } from "@souls/stripe-stand-in";
import { routeStripeTo } from "@souls/stripe-stand-in/playwright";
import { ADMIN_PASSWORD } from "../admin-helpers";
import { test as base, expect, freePort, sql } from "../fixtures";
import { webDir } from "../servers";

// The `stripe` project: the production build started with Stripe's keys, its API at the stand-in
// (STRIPE_API_URL), and the browser's requests to Stripe's hosts routed to the stand-in too — the
// pages, their CSP and their addresses exactly as in production.

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_stand_in_shop",
  STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in_shop",
  STRIPE_WEBHOOK_SECRET: "whsec_stand_in_shop",
};

export interface StripeShop {
  standIn: StripeStandIn;
  origin: string;
  /** A worker configured for Stripe (the reconciler asks Stripe what it took); stop it after use. */
  startWorker(): Promise<{ stop(): Promise<void> }>;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

export const test = base.extend<{ stripeJs: "served" | "unreachable" }, { stripeShop: StripeShop }>({
  stripeShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const standIn = await startStripeStandIn();
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = { ...process.env, ...KEYS, STRIPE_API_URL: standIn.origin, SITE_URL: origin };
      const server = spawn("node", ["server.mjs"], {
        cwd: webDir,
        env: {
          ...env,
          PORT: String(port),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          TRUST_PROXY_HOPS: "1",
          ADMIN_PASSWORD,
          ADMIN_LOGIN_FREE_FAILURES: "1000",
        },
        stdio: "ignore",
      });
      await expect
        .poll(
          () =>
            fetch(`${origin}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 30_000 },
        )
        .toBe(200);
      standIn.webhooks.endpoint = { url: `${origin}/webhooks/stripe`, secret: KEYS.STRIPE_WEBHOOK_SECRET };
      const workers: ChildProcess[] = [];
      await use({
        standIn,
        origin,
        async startWorker() {
          const worker = spawn("npm", ["run", "start", "-w", "@souls/worker"], {
            cwd: join(webDir, "../.."),
            env: { ...env, WORKER_INTERVAL_SECONDS: "1" },
            stdio: "ignore",
          });
          workers.push(worker);
          return { stop: () => stopped(worker) };
        },
      });
      await Promise.all([stopped(server), ...workers.map(stopped)]);
      await standIn.close();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ stripeShop }, use) => use(stripeShop.origin),
  stripeJs: ["served", { option: true }],
  page: async ({ page, stripeShop, stripeJs }, use) => {
    await routeStripeTo(page.context(), stripeShop.standIn.origin, {
      stripeJs,
      shopOrigin: stripeShop.origin,
    });
    await use(page);
    // What one test does to the deliveries never reaches the next one.
    stripeShop.standIn.webhooks.mode = "immediate";
  },
});

export { expect, sql };

/** A shopper's own address, so that her e-mails are hers alone among the suite's. */
export const uniqueEmail = () => `stripe-${randomUUID().slice(0, 8)}@example.org`;

/** The Payment Element's frame, as the shopper sees it on the checkout. */
export const cardFrame = (page: Page, lang: "fr" | "en"): FrameLocator =>
  page.frameLocator(
    `iframe[title="${lang === "fr" ? "Cadre sécurisé de saisie du paiement" : "Secure payment input frame"}"]`,
  );

const CARD_FIELDS = {
  fr: { number: "Numéro de carte", expiry: "Date d'expiration (MM / AA)", cvc: "Code de sécurité" },
  en: { number: "Card number", expiry: "Expiration date (MM / YY)", cvc: "Security code" },
} as const;

/** Types a card in the Payment Element, as a shopper does (any future expiry, any CVC). */
export async function typeCard(page: Page, lang: "fr" | "en", number: string) {
  const frame = cardFrame(page, lang);
  await frame.getByLabel(CARD_FIELDS[lang].number).fill(number);
  await frame.getByLabel(CARD_FIELDS[lang].expiry).fill("12 / 34");
  await frame.getByLabel(CARD_FIELDS[lang].cvc).fill("123");
}

/** The order this browser placed last, as the database has it. */
export async function orderOf(email: string) {
  const [order] = await sql<{
    id: number;
    order_number: string;
    status: string;
    payment_status: string;
    total_cents: number;
    payment_reference: string | null;
  }>(
    "SELECT id, order_number, status, payment_status, total_cents, payment_reference FROM orders WHERE email = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  if (!order) throw new Error(`no order for ${email}`);
  return order;
}

/** How an order was paid and told: its success transitions, payment events and confirmation e-mails. */
export async function paidRecord(orderId: number) {
  const [row] = await sql<{ paid_steps: number; confirmations: number; events: string[] }>(
    `SELECT
       (SELECT count(*)::int FROM order_events WHERE order_id = $1 AND to_status = 'pending_preparation') AS paid_steps,
       (SELECT count(*)::int FROM email_queue WHERE order_id = $1 AND type = 'order_confirmation') AS confirmations,
       (SELECT coalesce(array_agg(event_id ORDER BY received_at), '{}') FROM payment_events WHERE order_id = $1 AND type = 'succeeded') AS events`,
    [orderId],
  );
  return row;
}
