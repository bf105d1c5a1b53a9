import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FrameLocator, Page } from "@playwright/test";
import { connect, migrateToLatest, seedProducts } from "@souls/db";
import { type StripeStandIn, startStripeStandIn, TEST_CARDS } from "@souls/stripe-stand-in";
import { routeStripeTo } from "@souls/stripe-stand-in/playwright";
import pg from "pg";
import { ADMIN_PASSWORD } from "../admin-helpers";
import { test as base, expect, freePort } from "../fixtures";
import { webDir } from "../servers";

// The `stripe` project: the production build started with Stripe's keys, its API at the stand-in
// (STRIPE_API_URL), and the browser's requests to Stripe's hosts routed to the stand-in too — the
// pages, their CSP and their addresses exactly as in production. Each Playwright worker runs such
// a shop on a database of its own with a worker of its own, so that no other project's test (one
// that sells a model out, say) changes what these shoppers can buy.

const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_stand_in_shop",
  STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in_shop",
  STRIPE_WEBHOOK_SECRET: "whsec_stand_in_shop",
};

export interface StripeShop {
  standIn: StripeStandIn;
  origin: string;
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/** The Stripe shop's own database (each Playwright worker has one): its stock is nobody else's. */
let databaseUrl: string | undefined;

/** Runs SQL on the Stripe shop's database. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
) {
  if (!databaseUrl) throw new Error("the Stripe shop's database exists inside its tests only");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A new database on the suite's PostgreSQL server, migrated and seeded as `with-database` does. */
async function createShopDatabase(workerIndex: number): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error("DATABASE_URL is not set: run the e2e suite through `npm run e2e`");
  const name = `souls_stripe_${workerIndex}_${randomUUID().slice(0, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = connect(url.toString(), { maxConnections: 2 });
  try {
    await migrateToLatest(db);
    await seedProducts(db);
  } finally {
    await db.destroy();
  }
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export const test = base.extend<{ stripeJs: "served" | "unreachable" }, { stripeShop: StripeShop }>({
  stripeShop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const database = await createShopDatabase(workerInfo.workerIndex);
      databaseUrl = database.url;
      const standIn = await startStripeStandIn();
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        ...KEYS,
        DATABASE_URL: database.url,
        STRIPE_API_URL: standIn.origin,
        SITE_URL: origin,
      };
      // What this shop's server and worker print, kept for a failed test's reader.
      mkdirSync(join(webDir, ".results"), { recursive: true });
      const log = createWriteStream(join(webDir, ".results", `stripe-shop-${workerInfo.workerIndex}.log`), {
        flags: "a",
      });
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
          // Every spec shares one stock (500 more pieces of each model) and leaves unpaid orders holding
          // some: a share cap would refuse one spec's checkout for another's holds. The cap has its
          // own tests (packages/shop/src/orders/place-order.test.ts).
          MAX_HELD_SHARE_PER_MODEL: "100",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      server.stdout?.pipe(log, { end: false });
      server.stderr?.pipe(log, { end: false });
      // Its own worker: it delivers this shop's e-mails and reconciles its payments with Stripe.
      // Node itself, not `npm run start`: npm leaves its child running when it is stopped.
      const worker = spawn("node", ["--import", "tsx", "src/main.ts"], {
        cwd: join(webDir, "../worker"),
        env: {
          ...env,
          WORKER_INTERVAL_SECONDS: "1",
          // A folder of its own: a message is named by its queue row, and each shop's database
          // numbers its rows from 1, so two shops' messages would overwrite each other.
          ...(process.env.MAILBOX_DIR
            ? { MAILBOX_DIR: join(process.env.MAILBOX_DIR, `stripe-shop-${workerInfo.workerIndex}`) }
            : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      worker.stdout?.pipe(log, { end: false });
      worker.stderr?.pipe(log, { end: false });
      // Started from its TypeScript on a busy machine, the worker can take many seconds to run its
      // first round: a test's e-mail must not wait on that, so the shop is ready once it says so.
      const workerReady = new Promise<void>((resolve, reject) => {
        let said = "";
        const listen = (chunk: Buffer) => {
          said += chunk.toString();
          if (!said.includes("running every")) return;
          worker.stdout?.off("data", listen);
          resolve();
        };
        worker.stdout?.on("data", listen);
        worker.once("exit", (code) => reject(new Error(`the Stripe shop's worker stopped (${code})`)));
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
      await Promise.race([
        workerReady,
        new Promise((_, reject) =>
          setTimeout(
            () => reject(new Error("the Stripe shop's worker did not start in 90 s")),
            90_000,
          ).unref(),
        ),
      ]);
      standIn.webhooks.endpoint = { url: `${origin}/webhooks/stripe`, secret: KEYS.STRIPE_WEBHOOK_SECRET };
      await use({ standIn, origin });
      await Promise.all([stopped(server), stopped(worker)]);
      await standIn.close();
      await database.drop();
    },
    // A database, a build's server and a worker started from its TypeScript, on a busy machine.
    { scope: "worker", timeout: 180_000 },
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

export { expect };

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

/**
 * A French shopper's checkout of `pieces` (`product=ilian&qty=1`…) to Paris, paid with 4242 in the
 * Payment Element; resolves with her address once the card is sent.
 */
export async function payByCard(page: Page, pieces: string): Promise<string> {
  const email = uniqueEmail();
  await page.goto(`/checkout?${pieces}`);
  for (const [label, value] of [
    ["Prénom", "Camille"],
    ["Nom", "Martin"],
    ["E-mail", email],
    ["Adresse", "12 rue des Martyrs"],
    ["Code postal", "75009"],
    ["Ville", "Paris"],
  ] as const) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByLabel("Pays de livraison").selectOption("FR");
  await page.getByRole("button", { name: /^Payer / }).click();
  await typeCard(page, "fr", TEST_CARDS.succeeds);
  await page
    .getByRole("region", { name: "Paiement par carte" })
    .getByRole("button", { name: /^Payer / })
    .click();
  return email;
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
