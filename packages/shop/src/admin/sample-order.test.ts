import { seededTestDatabase } from "@souls/db/testing";
import { expect, it } from "vitest";
import { ORDER_NUMBER_PATTERN } from "../orders/order-number";
import { runSampleOrder } from "./sample-order";

const t = seededTestDatabase();

it("places and pays a real order of one Aicha for the test customer and queues its confirmation", async () => {
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
  });
  const emails = await t.db.selectFrom("emailQueue").selectAll().where("orderId", "=", order.id).execute();
  expect(emails.map((e) => [e.type, e.recipient])).toEqual([["order_confirmation", "test@souls.example"]]);
  const aicha = await t.db
    .selectFrom("products")
    .select(["stock", "reserved"])
    .where("slug", "=", "aicha")
    .executeTakeFirstOrThrow();
  expect(aicha).toEqual({ stock: 39, reserved: 0 });
});

it("takes the home page's next model in stock when the first is sold out", async () => {
  await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "aicha").execute();
  const run = await runSampleOrder(t.db);
  expect(run.steps[0]).toMatchObject({ label: "Produit de test : Nadia", ok: true });
  expect(run.orderNumber).not.toBeNull();
});

it("says so in its steps when every model is sold out, without placing anything", async () => {
  await t.db.updateTable("products").set({ stock: 0 }).execute();
  const before = await t.db.selectFrom("orders").select("id").execute();
  const run = await runSampleOrder(t.db);
  expect(run.orderNumber).toBeNull();
  expect(run.steps).toEqual([
    { label: "Aucun modèle en stock : aucune commande de test possible", ok: false },
  ]);
  expect(await t.db.selectFrom("orders").select("id").execute()).toEqual(before);
});
