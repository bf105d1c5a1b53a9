/**
 * Concurrent buyers against a real PostgreSQL (embedded unless DATABASE_URL is set): each buyer
 * places orders for the same few pieces and pays them with the test gateway. Prints orders per
 * second, latency percentiles and the number of oversold pieces, which must be 0.
 *
 *   npm run bench:orders [-- --buyers 50 --stock 200]
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect, migrateToLatest, seedProducts } from "@souls/db";
import { startEmbeddedPostgres } from "@souls/db/embedded";
import { finalizePayment, newCheckoutKey, placeOrder, testGateway, testPaymentEvent } from "@souls/shop";

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const BUYERS = option("buyers", 50);
const STOCK = option("stock", 200);

const embedded = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({
      dataDir: mkdtempSync(path.join(tmpdir(), "souls-bench-")),
      temporary: true,
    });
if (embedded) await embedded.createDatabase("bench");
const db = connect(process.env.DATABASE_URL ?? (embedded?.urlFor("bench") as string), { maxConnections: 20 });

try {
  await migrateToLatest(db);
  await seedProducts(db);
  await db.updateTable("products").set({ stock: STOCK, reserved: 0 }).where("slug", "=", "nadia").execute();

  const latencies: number[] = [];
  let sold = 0;
  let refused = 0;
  const details = {
    firstName: "Bench",
    lastName: "Buyer",
    email: "bench@example.org",
    address: "1 rue du Test",
    postalCode: "75001",
    city: "Paris",
    country: "FR",
    deliveryInstructions: null,
    customerNote: null,
  };

  const buyer = async () => {
    for (;;) {
      const started = performance.now();
      const placed = await placeOrder(db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "nadia", quantity: 1 }],
        details,
        provider: "test",
      });
      if (!placed.ok) {
        refused++;
        return;
      }
      await finalizePayment(db, testGateway, testPaymentEvent(placed.order.orderNumber, "succeeded"));
      latencies.push(performance.now() - started);
      sold++;
    }
  };

  const begin = performance.now();
  await Promise.all(Array.from({ length: BUYERS }, buyer));
  const seconds = (performance.now() - begin) / 1000;

  const nadia = await db
    .selectFrom("products")
    .select(["stock", "reserved"])
    .where("slug", "=", "nadia")
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom("orderItems")
    .innerJoin("orders", "orders.id", "orderItems.orderId")
    .select(db.fn.sum<number>("orderItems.quantity").as("pieces"))
    .where("orders.paymentStatus", "=", "paid")
    .executeTakeFirstOrThrow();
  const oversold = Math.max(0, Number(paid.pieces) - STOCK) + (nadia.stock < 0 ? -nadia.stock : 0);
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;

  console.table({
    buyers: BUYERS,
    "pieces in stock": STOCK,
    "orders placed and paid": sold,
    "buyers turned away (sold out)": refused,
    "orders per second": Number((sold / seconds).toFixed(1)),
    "p50 latency (ms)": Number(at(50).toFixed(1)),
    "p95 latency (ms)": Number(at(95).toFixed(1)),
    "stock left": nadia.stock,
    "oversold pieces": oversold,
  });
  if (oversold !== 0 || sold !== STOCK) process.exitCode = 1;
} finally {
  await db.destroy();
  await embedded?.stop();
}
