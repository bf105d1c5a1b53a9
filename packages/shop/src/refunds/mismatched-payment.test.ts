/** The owner's way out of a payment to check, against real PostgreSQL and the Stripe stand-in. */
import { seededTestDatabase } from "@souls/db/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listOrders, ordersToAttend } from "../admin/order-list";
import { orderDetail, releaseUnpaidOrder } from "../admin/orders";
import { GatewayUnavailableError, PaymentToCheckError, RefundRefusedError } from "../errors";
import { expireHolds, finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { startPayment } from "../orders/start-payment";
import type { PaymentEvent } from "../payments/gateway";
import { createStripeGateway, type StripeGateway } from "../payments/stripe-gateway";
import { TEST_SHIPPING } from "../testing";
import { refundMismatchedPayment } from "./mismatched-payment";
import { refundIdempotencyKey } from "./refunds";

const t = seededTestDatabase();
let double: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: StripeGateway;

beforeAll(async () => {
  double = await startStripeStandIn();
  stripe = createStripeGateway({ secretKey: "sk_test_check", webhookSecret: "whsec_check", api: double.api });
});
afterAll(() => double.close());
beforeEach(async () => {
  await t.db.updateTable("products").set({ stock: 5, reserved: 0 }).execute();
});

let keys = 0;
const key = () => `check-click-${++keys}-xxxxxxxxxxxx`;

/**
 * The attack as it landed before issue 22: the card confirmed for France (169 €), the order's
 * total then moved to the US (194 €), and Stripe's event saying 169 € taken.
 */
async function paymentToCheck(minutesAgo = 0) {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "stripe",
    now: new Date(Date.now() - minutesAgo * 60_000),
  });
  if (!placed.ok) throw new Error("refused");
  const started = await startPayment(t.db, stripe, placed.order, {
    returnUrl: "https://souls.example/merci",
    cancelUrl: "https://souls.example/panier",
    withJavaScript: true,
  });
  if (!started) throw new Error("no payment started");
  const { reference } = started;
  const intent = double.confirmIntent(reference);
  await t.db
    .updateTable("orders")
    .set({ country: "US", shippingCents: 2500, totalCents: 19400 })
    .where("id", "=", placed.order.id)
    .execute();
  const succeeded: PaymentEvent = {
    provider: "stripe",
    eventId: `evt_${reference}`,
    type: "succeeded",
    orderNumber: placed.order.orderNumber,
    taken: { amountCents: intent.amount_received, currency: "EUR" },
  };
  expect(await finalizePayment(t.db, stripe, succeeded)).toBe("amount_mismatch");
  return { ...placed.order, reference, succeeded };
}

const orderOf = (id: number) =>
  t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const aicha = () =>
  t.db
    .selectFrom("products")
    .select(["stock", "reserved"])
    .where("slug", "=", "aicha")
    .executeTakeFirstOrThrow();
const refundsAt = (reference: string) =>
  double.refunds.filter((refund) => refund.payment_intent === reference);

describe("a payment to check, in the owner's panel", () => {
  it("shows both amounts in the order list and the order's detail", async () => {
    const order = await paymentToCheck();
    const expected = {
      receivedCents: 16900,
      receivedCurrency: "EUR",
      expectedCents: 19400,
      expectedCurrency: "EUR",
    };
    const { orders } = await listOrders(t.db);
    expect(orders[0]).toMatchObject({
      orderNumber: order.orderNumber,
      paymentStatus: "mismatch",
      paymentCheck: expected,
    });
    // Among the orders that cannot wait, whatever the list shows: the shopper's money and the
    // piece are held until the owner acts.
    expect((await ordersToAttend(t.db))[0]).toMatchObject({
      orderNumber: order.orderNumber,
      paymentStatus: "mismatch",
      paymentCheck: expected,
    });
    const detail = await orderDetail(t.db, order.orderNumber);
    expect(detail.order).toMatchObject({ paymentStatus: "mismatch", paymentCheck: expected });
  });

  it("cannot be released like an unpaid order", async () => {
    const order = await paymentToCheck();
    await expect(releaseUnpaidOrder(t.db, order.orderNumber)).rejects.toBeInstanceOf(PaymentToCheckError);
    expect(await orderOf(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "mismatch" });
    expect(await aicha()).toEqual({ stock: 5, reserved: 1 });
  });
});

describe("the owner's way out: cancel and refund what the gateway took", () => {
  it("refunds exactly what was taken, once, puts the piece back on sale and tells the shopper", async () => {
    const order = await paymentToCheck();
    const click = key();
    const outcome = await refundMismatchedPayment(t.db, stripe, {
      orderNumber: order.orderNumber,
      requestKey: click,
    });
    expect(outcome).toMatchObject({ amountCents: 16900, status: "refunded", replayed: false });
    expect(refundsAt(order.reference)).toMatchObject([{ amount: 16900 }]);
    const request = double.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1);
    expect(request?.idempotencyKey).toBe(refundIdempotencyKey(order, { id: outcome.refundId }));
    expect(await orderOf(order.id)).toMatchObject({
      status: "refunded",
      paymentStatus: "refunded",
      paidAt: null,
    });
    // Never sold: the hold goes, the stock stays.
    expect(await aicha()).toEqual({ stock: 5, reserved: 0 });
    const emails = await t.db
      .selectFrom("emailQueue")
      .select(["type", "payload"])
      .where("orderId", "=", order.id)
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      type: "order_refund",
      payload: { amountCents: 16900, reason: "cancellation", fullyRefunded: true },
    });
    const steps = await t.db
      .selectFrom("orderEvents")
      .select(["fromStatus", "toStatus", "actor", "note"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(steps.at(-1)).toMatchObject({
      fromStatus: "awaiting_payment",
      toStatus: "refunded",
      actor: "admin",
    });
    expect(steps.at(-1)?.note).toContain("169.00 EUR received, 194.00 EUR expected");

    // The same click again, another click, and the payment's news told again: nothing more.
    expect(
      await refundMismatchedPayment(t.db, stripe, { orderNumber: order.orderNumber, requestKey: click }),
    ).toMatchObject({ refundId: outcome.refundId, replayed: true });
    await expect(
      refundMismatchedPayment(t.db, stripe, { orderNumber: order.orderNumber, requestKey: key() }),
    ).rejects.toBeInstanceOf(RefundRefusedError);
    expect(await finalizePayment(t.db, stripe, order.succeeded)).toBe("already_applied");
    expect(
      await finalizePayment(t.db, stripe, { ...order.succeeded, eventId: `return:${order.reference}` }),
    ).toBe("no_change");
    expect(refundsAt(order.reference)).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(await aicha()).toEqual({ stock: 5, reserved: 0 });
    const refunds = await t.db.selectFrom("refunds").selectAll().where("orderId", "=", order.id).execute();
    expect(refunds).toMatchObject([{ amountCents: 16900, status: "succeeded", reason: "cancellation" }]);
  });

  it("after the gateway lost its answer, a second click settles the same refund: money given back once", async () => {
    const order = await paymentToCheck();
    double.state.dropRefundAnswers = 3;
    await expect(
      refundMismatchedPayment(t.db, stripe, { orderNumber: order.orderNumber, requestKey: key() }),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
    // Stripe made it; the shop does not know yet: still a payment to check, still held.
    expect(refundsAt(order.reference)).toHaveLength(1);
    expect(await orderOf(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "mismatch" });
    expect(await aicha()).toEqual({ stock: 5, reserved: 1 });

    const outcome = await refundMismatchedPayment(t.db, stripe, {
      orderNumber: order.orderNumber,
      requestKey: key(),
    });
    expect(outcome).toMatchObject({ amountCents: 16900, status: "refunded" });
    expect(refundsAt(order.reference)).toHaveLength(1);
    expect(await aicha()).toEqual({ stock: 5, reserved: 0 });
  });

  it("closes a late one too (its hold had run out): refunded, nothing released twice", async () => {
    const order = await paymentToCheck(60);
    // The expiry job left it alone: a payment to check keeps its hold.
    expect(await expireHolds(t.db)).toBe(0);
    expect(await aicha()).toEqual({ stock: 5, reserved: 1 });
    await refundMismatchedPayment(t.db, stripe, { orderNumber: order.orderNumber, requestKey: key() });
    expect(await orderOf(order.id)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(await aicha()).toEqual({ stock: 5, reserved: 0 });
    expect(await expireHolds(t.db)).toBe(0);
  });

  it("refuses an order whose payment is not to be checked", async () => {
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "aicha", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "stripe",
    });
    if (!placed.ok) throw new Error("refused");
    await expect(
      refundMismatchedPayment(t.db, stripe, { orderNumber: placed.order.orderNumber, requestKey: key() }),
    ).rejects.toMatchObject({ reason: "unpaid" });
    expect(
      await t.db.selectFrom("refunds").select("id").where("orderId", "=", placed.order.id).execute(),
    ).toEqual([]);
  });
});
