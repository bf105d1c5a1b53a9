import { seededTestDatabase } from "@souls/db/testing";
import { expect, it } from "vitest";
import { ownerCaller, rowCounts } from "./testing";

const t = seededTestDatabase();

it("sampleOrders.run places and pays one Aicha for the test customer, queues one confirmation, and logs its steps", async () => {
  const before = await rowCounts(t.db);
  const run = await ownerCaller(t.db).sampleOrders.run();
  expect(run.orderNumber).toMatch(/^SOULS-\d{6}[A-Z0-9]{4}$/);
  expect(run.steps.length).toBeGreaterThan(0);
  for (const step of run.steps) {
    expect(step.ok, step.label).toBe(true);
    expect(step.label.length).toBeGreaterThan(0);
  }
  const after = await rowCounts(t.db);
  expect(after.orders).toBe(before.orders + 1);
  expect(after.emailQueue).toBe(before.emailQueue + 1);
  const emails = await t.db
    .selectFrom("emailQueue")
    .innerJoin("orders", "orders.id", "emailQueue.orderId")
    .select(["emailQueue.type", "emailQueue.recipient", "orders.totalCents", "orders.status"])
    .where("orders.orderNumber", "=", run.orderNumber!)
    .execute();
  expect(emails).toEqual([
    {
      type: "order_confirmation",
      recipient: "test@souls.example",
      totalCents: 16900,
      status: "pending_preparation",
    },
  ]);
});

it("sampleOrders.run takes no piece, even of a sold-out model", async () => {
  await t.db.updateTable("products").set({ stock: 0, reserved: 0 }).execute();
  const run = await ownerCaller(t.db).sampleOrders.run();
  expect(run.orderNumber).not.toBeNull();
  const stock = await t.db.selectFrom("products").select(["stock", "reserved"]).distinct().execute();
  expect(stock).toEqual([{ stock: 0, reserved: 0 }]);
});

it("sampleOrders.run says no model is on sale in its steps instead of failing", async () => {
  await t.db.updateTable("products").set({ archivedAt: new Date() }).execute();
  const before = await rowCounts(t.db);
  const run = await ownerCaller(t.db).sampleOrders.run();
  expect(run.orderNumber).toBeNull();
  expect(run.steps.some((step) => !step.ok && step.label.includes("Aucun modèle publié"))).toBe(true);
  expect(await rowCounts(t.db)).toEqual(before);
});
