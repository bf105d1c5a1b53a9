/**
 * Concurrent buyers against a real PostgreSQL (embedded unless DATABASE_URL is set): each buyer
 * places orders for the same piece and pays them with the test gateway. Prints orders per
 * second, latency percentiles and the number of oversold pieces, which must be 0.
 *
 *   npm run bench:orders [-- --buyers 50 --stock 200]
 *
 * `placeOrdersConcurrently` is also what `npm run bench` measures (bench/orders.mts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ModelCode } from "@souls/core/models";
import { connect, type Database, type Kysely, migrateToLatest, seedProducts } from "@souls/db";
import { startEmbeddedPostgres } from "@souls/db/embedded";
import { finalizePayment, newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { offlineGateway, offlinePaymentEvent } from "@souls/shop/payments";

export interface BuyersOptions {
  buyers: number;
  /** Pieces of each model put in stock before the run (its holds are cleared too). */
  stock: number;
  /** The models bought: buyer i buys `models[i % models.length]`. */
  models: readonly ModelCode[];
  /** Buyers stop at this deadline even if pieces remain; without it they buy until sold out. */
  seconds?: number;
}

export interface BuyersResult {
  buyers: number;
  stock: number;
  models: readonly ModelCode[];
  /** Orders placed and paid. */
  sold: number;
  /** Buyers who met "sold out" (each stops there). */
  refused: number;
  soldOut: boolean;
  seconds: number;
  ordersPerSecond: number;
  /** Latency of one purchase (place the order, then the payment confirmation), in ms. */
  p50: number;
  p95: number;
  p99: number;
  stockLeft: number;
  /** Paid pieces beyond the stock, plus any negative stock: must be 0. */
  oversold: number;
}

const DETAILS = {
  firstName: "Bench",
  lastName: "Buyer",
  email: "bench@example.org",
  phone: null,
  address: "1 rue du Test",
  addressLine2: null,
  postalCode: "75001",
  city: "Paris",
  country: "FR",
  deliveryInstructions: null,
  customerNote: null,
};

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Runs the buyers through the real use cases (placeOrder, finalizePayment) on a migrated, seeded database. */
export async function placeOrdersConcurrently(
  db: Kysely<Database>,
  options: BuyersOptions,
): Promise<BuyersResult> {
  const { buyers, stock, models } = options;
  const products = await db
    .updateTable("products")
    .set({ stock, reserved: 0 })
    .where("slug", "in", [...models])
    .returning("id")
    .execute();
  const productIds = products.map((product) => product.id);
  // Pieces already paid for each model before the run do not count against this run's stock.
  const paidPieces = async () => {
    const rows = await db
      .selectFrom("orderItems")
      .innerJoin("orders", "orders.id", "orderItems.orderId")
      .select(["orderItems.productId", db.fn.sum<string | number>("orderItems.quantity").as("pieces")])
      .where("orders.paymentStatus", "=", "paid")
      .where("orderItems.productId", "in", productIds)
      .groupBy("orderItems.productId")
      .execute();
    return new Map(rows.map((row) => [row.productId, Number(row.pieces ?? 0)]));
  };
  const paidBefore = await paidPieces();

  const latencies: number[] = [];
  let sold = 0;
  let refused = 0;
  const begin = performance.now();
  const deadline = options.seconds === undefined ? Number.POSITIVE_INFINITY : begin + options.seconds * 1000;

  const buyer = async (_: unknown, index: number) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const placed = await placeOrder(db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: models[index % models.length] as ModelCode, quantity: 1 }],
        details: DETAILS,
        provider: "test",
        // As the checkout places it: each buyer a client, under the per-client limits.
        client: { hash: `bench-buyer-${index}` },
      });
      if (!placed.ok) {
        refused++;
        return;
      }
      await finalizePayment(db, offlineGateway, offlinePaymentEvent(placed.order, "succeeded"));
      latencies.push(performance.now() - started);
      sold++;
    }
  };

  await Promise.all(Array.from({ length: buyers }, buyer));
  const seconds = (performance.now() - begin) / 1000;

  const left = await db
    .selectFrom("products")
    .select(["id", "stock"])
    .where("id", "in", productIds)
    .execute();
  const paidAfter = await paidPieces();
  // Per model: pieces paid beyond its stock, and any stock below zero.
  const oversold = left.reduce((sum, product) => {
    const paid = (paidAfter.get(product.id) ?? 0) - (paidBefore.get(product.id) ?? 0);
    return sum + Math.max(0, paid - stock) + Math.max(0, -product.stock);
  }, 0);
  latencies.sort((a, b) => a - b);
  return {
    buyers,
    stock,
    models,
    sold,
    refused,
    soldOut: refused > 0,
    seconds,
    ordersPerSecond: sold / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    stockLeft: left.reduce((sum, product) => sum + product.stock, 0),
    oversold,
  };
}

async function main() {
  const option = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const buyers = option("buyers", 50);
  const stock = option("stock", 200);

  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), "souls-bench-")),
        temporary: true,
      });
  if (embedded) await embedded.createDatabase("bench");
  const db = connect(process.env.DATABASE_URL ?? (embedded?.urlFor("bench") as string), {
    maxConnections: 20,
  });

  try {
    await migrateToLatest(db);
    await seedProducts(db);
    const result = await placeOrdersConcurrently(db, { buyers, stock, models: ["nadia"] });
    console.table({
      buyers,
      "pieces in stock": stock,
      "orders placed and paid": result.sold,
      "buyers turned away (sold out)": result.refused,
      "orders per second": Number(result.ordersPerSecond.toFixed(1)),
      "p50 latency (ms)": Number(result.p50.toFixed(1)),
      "p95 latency (ms)": Number(result.p95.toFixed(1)),
      "stock left": result.stockLeft,
      "oversold pieces": result.oversold,
    });
    if (result.oversold !== 0 || result.sold !== stock) process.exitCode = 1;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

// Run as a script (`npm run bench:orders`), not when imported by bench/orders.mts.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
