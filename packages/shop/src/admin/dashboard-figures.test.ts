import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { finalizePayment } from "../orders/finalize-payment";
import { withdrawFromContract } from "../orders/withdraw";
import { offlineGateway } from "../payments/offline-gateway";
import { cancelOrder, refundOrder } from "../refunds/refunds";
import { placeHeldOrder, placePaidOrder } from "../testing";
import { dashboard } from "./dashboard";
import { runSampleOrder } from "./sample-order";

const t = seededTestDatabase();

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("dailySales").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

// Wednesday 18 November 2026, 16:00 in Paris.
const now = new Date("2026-11-18T15:00:00Z");
const at = (time: string) => new Date(`2026-11-18T${time}Z`);

it("shows net sales beside gross: refunds, withdrawals and cancellations out, test orders nowhere", async () => {
  const refunded = await placePaidOrder(t.db, { model: "aicha", now: at("08:00:00") });
  const withdrawn = await placePaidOrder(t.db, { model: "nadia", now: at("09:00:00") });
  const cancelled = await placePaidOrder(t.db, { model: "bilin", now: at("10:00:00") });
  await placePaidOrder(t.db, { model: "ilian", now: at("11:00:00") });
  await runSampleOrder(t.db);

  await refundOrder(t.db, offlineGateway, {
    orderNumber: refunded.orderNumber,
    requestKey: "figures-refund-00000001",
    reason: "goodwill",
    amountCents: 1000,
    restock: "no",
    now,
  });
  await cancelOrder(t.db, offlineGateway, {
    orderNumber: cancelled.orderNumber,
    requestKey: "figures-cancel-00000001",
    now,
  });
  const withdrawal = await withdrawFromContract(t.db, {
    token: withdrawn.token,
    clientHash: "figures-client",
    now: at("12:00:00"),
  });
  expect(withdrawal.ok).toBe(true);
  // Credit notes are dated by the database's clock: their counts brought to the test's day.
  await sql`UPDATE credit_notes SET issued_at = ${now}`.execute(t.db);
  await sql`UPDATE daily_sales d SET refunds = d.refunds + m.refunds, refunded_cents = d.refunded_cents + m.cents
    FROM (SELECT coalesce(sum(refunds), 0)::int AS refunds, coalesce(sum(refunded_cents), 0) AS cents
          FROM daily_sales WHERE day <> '2026-11-18') m
    WHERE d.day = '2026-11-18'`.execute(t.db);
  await sql`DELETE FROM daily_sales WHERE day <> '2026-11-18'`.execute(t.db);

  const prices = await t.db
    .selectFrom("orders")
    .select(["orderNumber", "totalCents"])
    .where("isTest", "=", false)
    .execute();
  const total = (orderNumber: string) => prices.find((row) => row.orderNumber === orderNumber)!.totalCents;
  const gross = prices.reduce((sum, row) => sum + row.totalCents, 0);

  const board = await dashboard(t.db, now);
  expect(board.today).toMatchObject({
    salesCents: gross,
    orders: 4,
    refunds: 2,
    refundedCents: 1000 + total(cancelled.orderNumber),
    withdrawnCents: total(withdrawn.orderNumber),
    netCents: gross - 1000 - total(cancelled.orderNumber) - total(withdrawn.orderNumber),
  });
  expect(board.month).toMatchObject({ salesCents: gross, netCents: board.today.netCents });

  // The withdrawn order waits for its refund, with its legal deadline: 14 days after the withdrawal.
  const deadline = new Date("2026-12-02T12:00:00Z");
  expect(board.waiting.refundsDue).toEqual({ count: 1, since: at("12:00:00"), deadline });
  expect(board.waitingOrders).toEqual([
    {
      kind: "refundsDue",
      orderNumber: withdrawn.orderNumber,
      customer: expect.any(String),
      amountCents: total(withdrawn.orderNumber),
      since: at("12:00:00"),
      deadline,
    },
  ]);

  // Refunded, it leaves the list and the net keeps counting it once.
  await refundOrder(t.db, offlineGateway, {
    orderNumber: withdrawn.orderNumber,
    requestKey: "figures-refund-00000002",
    reason: "withdrawal",
    amountCents: total(withdrawn.orderNumber),
    restock: "no",
    now,
  });
  const after = await dashboard(t.db, now);
  expect(after.waiting.refundsDue).toEqual({ count: 0, since: null, deadline: null });
  expect(after.waitingOrders).toEqual([]);
  expect(after.today.withdrawnCents).toBe(0);
});

it("names a payment to check among what waits for her", async () => {
  const held = await placeHeldOrder(t.db);
  expect(
    await finalizePayment(t.db, offlineGateway, {
      provider: "test",
      eventId: "figures-mismatch-0001",
      type: "succeeded",
      orderNumber: held.orderNumber,
      taken: { amountCents: held.totalCents + 500, currency: held.currency },
    }),
  ).toBe("amount_mismatch");
  const board = await dashboard(t.db, now);
  expect(board.waiting.paymentsToCheck.count).toBe(1);
  expect(board.waitingOrders).toEqual([
    expect.objectContaining({
      kind: "paymentsToCheck",
      orderNumber: held.orderNumber,
      amountCents: held.totalCents + 500,
      deadline: null,
    }),
  ]);
});
