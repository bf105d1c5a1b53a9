import { seededTestDatabase } from "@souls/db/testing";
import { expect, it } from "vitest";
import { ORDER_NUMBER_PATTERN } from "../orders/order-number";
import { notifyLowStock } from "../owner/low-stock";
import { saveOwnerSettings } from "../owner/settings";
import { offlineGateway } from "../payments/offline-gateway";
import { cancelOrder } from "../refunds/refunds";
import { inviteReviewers } from "../reviews/invitations";
import { placePaidOrder, TEST_SECRET } from "../testing";
import { accountingCounts, accountingRows } from "./accounting";
import { dashboard } from "./dashboard";
import { markShipped } from "./orders";
import { runSampleOrder } from "./sample-order";

const t = seededTestDatabase();

const stockOf = (slug: string) =>
  t.db
    .selectFrom("products")
    .select(["stock", "reserved"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();

const thisMonth = () => {
  const month = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date()).slice(0, 7);
  return { from: month, to: month };
};

it("places and pays a test order of one Aicha for the test customer and queues its confirmation", async () => {
  const run = await runSampleOrder(t.db);
  expect(run.orderNumber).toMatch(ORDER_NUMBER_PATTERN);
  expect(run.steps.length).toBeGreaterThanOrEqual(4);
  expect(run.steps.every((step) => step.ok)).toBe(true);
  expect(run.steps.map((s) => s.label).join("\n")).toContain(run.orderNumber);

  const order = await t.db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", run.orderNumber!)
    .executeTakeFirstOrThrow();
  expect(order).toMatchObject({
    email: "test@souls.example",
    city: "Paris",
    postalCode: "75009",
    status: "pending_preparation",
    paymentStatus: "paid",
    paymentProvider: "test",
    subtotalCents: 16900,
    isTest: true,
  });
  const emails = await t.db.selectFrom("emailQueue").selectAll().where("orderId", "=", order.id).execute();
  expect(emails.map((e) => [e.type, e.recipient])).toEqual([["order_confirmation", "test@souls.example"]]);
  expect(emails[0]?.subject).toMatch(/^\[TEST\] /);
  expect(emails[0]?.payload).toMatchObject({ test: true });
});

it("holds, sells and gives back no real piece, and counts in no figure, export, invoice series or alert", async () => {
  await saveOwnerSettings(t.db, {
    ownerEmail: "atelier@souls.example",
    newOrderEmail: true,
    lowStockEmail: true,
    lowStockBelow: 3,
    vatRegime: "france",
  });
  // Aicha's last three pieces, the threshold: one more sold would alert the owner.
  await t.db.updateTable("products").set({ stock: 3, reserved: 0 }).where("slug", "=", "aicha").execute();
  await t.db.deleteFrom("lowStockAlerts").execute();
  const boardBefore = await dashboard(t.db);
  const countsBefore = await accountingCounts(t.db, thisMonth());
  const invoicesBefore = await t.db
    .selectFrom("invoices")
    .select("number")
    .where("number", "like", "F-%")
    .execute();

  const run = await runSampleOrder(t.db);
  expect(run.steps[0]).toMatchObject({ label: "Produit de test : Aicha", ok: true });
  expect(await stockOf("aicha")).toEqual({ stock: 3, reserved: 0 });

  // Its invoice is in the test series alone; the real series is untouched.
  const order = await t.db
    .selectFrom("orders")
    .select("id")
    .where("orderNumber", "=", run.orderNumber!)
    .executeTakeFirstOrThrow();
  const invoice = await t.db
    .selectFrom("invoices")
    .select("number")
    .where("orderId", "=", order.id)
    .executeTakeFirstOrThrow();
  expect(invoice.number).toMatch(/^TEST-F-/);
  expect(await t.db.selectFrom("invoices").select("number").where("number", "like", "F-%").execute()).toEqual(
    invoicesBefore,
  );

  const boardAfter = await dashboard(t.db);
  expect(boardAfter.today).toEqual(boardBefore.today);
  expect(boardAfter.month).toEqual(boardBefore.month);
  expect(boardAfter.days).toEqual(boardBefore.days);
  expect(boardAfter.waiting.toPrepare.count).toBe(boardBefore.waiting.toPrepare.count);
  expect(await accountingCounts(t.db, thisMonth())).toEqual(countsBefore);
  expect((await accountingRows(t.db, thisMonth())).map((row) => row.orderNumber)).not.toContain(
    run.orderNumber,
  );
  // Aicha stays at 3, not below the threshold: no alert about the test.
  await notifyLowStock(t.db);
  const alerts = await t.db
    .selectFrom("emailQueue")
    .select("payload")
    .where("type", "=", "low_stock")
    .execute();
  expect(JSON.stringify(alerts)).not.toContain("Aicha");

  // Cancelled, it gives back no piece it never took, and its refund counts nowhere.
  const cancelled = await cancelOrder(t.db, offlineGateway, {
    orderNumber: run.orderNumber!,
    requestKey: "sample-order-cancel-0001",
  });
  expect(cancelled.status).toBe("cancelled");
  expect(await stockOf("aicha")).toEqual({ stock: 3, reserved: 0 });
  const boardCancelled = await dashboard(t.db);
  expect(boardCancelled.today).toEqual(boardBefore.today);
  expect(boardCancelled.days).toEqual(boardBefore.days);
  expect(await accountingCounts(t.db, thisMonth())).toEqual(countsBefore);
});

it("never invites its customer to review the piece once shipped, unlike a real order", async () => {
  const shippedAt = new Date(Date.now() - 12 * 86_400_000);
  const run = await runSampleOrder(t.db);
  const real = await placePaidOrder(t.db, { model: "nadia" });
  for (const orderNumber of [run.orderNumber!, real.orderNumber]) {
    await markShipped(t.db, {
      orderNumber,
      carrier: "colissimo",
      trackingNumber: "6A12345678901",
      now: shippedAt,
    });
  }
  await inviteReviewers(t.db, { secret: TEST_SECRET });
  const invited = await t.db
    .selectFrom("reviewInvitations")
    .innerJoin("orders", "orders.id", "reviewInvitations.orderId")
    .select("orders.orderNumber")
    .execute();
  expect(invited.map((row) => row.orderNumber)).toEqual([real.orderNumber]);
});

it("tests a sold-out model too, without taking a piece", async () => {
  await t.db.updateTable("products").set({ stock: 0, reserved: 0 }).execute();
  const run = await runSampleOrder(t.db);
  expect(run.steps[0]).toMatchObject({ label: "Produit de test : Aicha", ok: true });
  expect(run.orderNumber).not.toBeNull();
  expect(await stockOf("aicha")).toEqual({ stock: 0, reserved: 0 });
});

it("says so in its steps when no model is on sale, without placing anything", async () => {
  await t.db.updateTable("products").set({ archivedAt: new Date() }).execute();
  const before = await t.db.selectFrom("orders").select("id").execute();
  const run = await runSampleOrder(t.db);
  expect(run.orderNumber).toBeNull();
  expect(run.steps).toEqual([{ label: "Aucun modèle publié : aucune commande de test possible", ok: false }]);
  expect(await t.db.selectFrom("orders").select("id").execute()).toEqual(before);
});
