import { createHash } from "node:crypto";
import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import type { PaymentEvent, PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { TEST_SHIPPING } from "../testing";
import { expireHolds, finalizePayment } from "./finalize-payment";
import { newCheckoutKey, placeOrder } from "./place-order";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("paymentEvents").execute();
  await t.db.updateTable("products").set({ reserved: 0, stock: 5 }).execute();
});

const details = TEST_SHIPPING;

async function placed(model: "aicha" | "nadia" = "aicha", now = new Date()) {
  const result = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "en",
    lines: [{ model, quantity: 1 }],
    details,
    provider: "test",
    now,
  });
  if (!result.ok) throw new Error("order refused");
  return result.order;
}

/** Every order here is one 169 € piece delivered in France: a success takes 169 € by default. */
const TOTAL = { amountCents: 16900, currency: "EUR" };

const event = (
  orderNumber: string,
  type: PaymentEvent["type"],
  eventId = `evt_${Math.random()}`,
  taken = TOTAL,
): PaymentEvent =>
  type === "succeeded"
    ? { provider: "test", eventId, type, orderNumber, taken }
    : { provider: "test", eventId, type, orderNumber };

const product = (slug: string) =>
  t.db
    .selectFrom("products")
    .select(["stock", "reserved"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
const orderRow = (id: number) =>
  t.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a successful payment", () => {
  it("sells the held piece, confirms the order, issues a tracking token and queues the confirmation", async () => {
    const order = await placed();
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "succeeded"))).toBe("paid");
    expect(await product("aicha")).toEqual({ stock: 4, reserved: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: "pending_preparation", paymentStatus: "paid" });
    const emails = await t.db.selectFrom("emailQueue").selectAll().where("orderId", "=", order.id).execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      type: "order_confirmation",
      recipient: "camille@example.org",
      locale: "en",
      status: "pending",
    });
    expect(emails[0]?.subject).toBe(`Your order ${order.orderNumber} is confirmed`);
    const token = String(emails[0]?.payload.trackingToken);
    expect(token.length).toBeGreaterThanOrEqual(32);
    const stored = await t.db
      .selectFrom("trackingTokens")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
    const events = await t.db
      .selectFrom("orderEvents")
      .select("toStatus")
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.toStatus)).toEqual(["awaiting_payment", "pending_preparation"]);
  });

  it("is applied once when the same event arrives three times at once, among others", async () => {
    const order = await placed();
    const success = event(order.orderNumber, "succeeded", "evt_same");
    const deliveries = [success, event(order.orderNumber, "failed"), success, success].sort(
      () => Math.random() - 0.5,
    );
    await Promise.all(deliveries.map((delivery) => finalizePayment(t.db, offlineGateway, delivery)));
    expect(await product("aicha")).toEqual({ stock: 4, reserved: 0 });
    const emails = await t.db.selectFrom("emailQueue").select("id").where("orderId", "=", order.id).execute();
    expect(emails).toHaveLength(1);
    const transitions = await t.db
      .selectFrom("orderEvents")
      .select("toStatus")
      .where("orderId", "=", order.id)
      .execute();
    expect(transitions.filter((e) => e.toStatus === "pending_preparation")).toHaveLength(1);
    expect(await finalizePayment(t.db, offlineGateway, success)).toBe("already_applied");
  });
});

describe("a payment from another gateway", () => {
  it("never pays an order: the test gateway cannot pay a Stripe order, nor Stripe a test order", async () => {
    const stripeOrder = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "aicha", quantity: 1 }],
      details,
      provider: "stripe",
    });
    if (!stripeOrder.ok) throw new Error("refused");
    const { orderNumber, id } = stripeOrder.order;
    // The free-goods attack: the offline test page answering "4242 succeeded" for a Stripe order.
    expect(await finalizePayment(t.db, offlineGateway, event(orderNumber, "succeeded"))).toBe(
      "wrong_gateway",
    );
    // A gateway object claiming to be Stripe while the event says "test" is refused too.
    const stripeGateway: PaymentGateway = { ...offlineGateway, provider: "stripe" };
    expect(await finalizePayment(t.db, stripeGateway, event(orderNumber, "succeeded"))).toBe("wrong_gateway");
    expect(await orderRow(id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "pending" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
    expect(await t.db.selectFrom("emailQueue").select("id").where("orderId", "=", id).execute()).toEqual([]);
    expect(await t.db.selectFrom("paymentEvents").select("eventId").execute()).toEqual([]);

    const testOrder = await placed();
    const stripeEvent: PaymentEvent = { ...event(testOrder.orderNumber, "succeeded"), provider: "stripe" };
    expect(await finalizePayment(t.db, stripeGateway, stripeEvent)).toBe("wrong_gateway");
    expect(await orderRow(testOrder.id)).toMatchObject({ status: "awaiting_payment" });
  });
});

describe("unpaid orders", () => {
  it("keep their hold after a declined card", async () => {
    const order = await placed();
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "failed"))).toBe("declined");
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "failed" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
  });

  it("give their pieces back when the payment is cancelled", async () => {
    const order = await placed();
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "cancelled"))).toBe(
      "cancelled",
    );
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 0 });
  });

  it("give their pieces back when the hold runs out, once", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    const order = await placed("aicha", start);
    expect(await expireHolds(t.db, new Date("2026-11-22T10:19:00Z"))).toBe(0);
    expect(await expireHolds(t.db, new Date("2026-11-22T10:21:00Z"))).toBe(1);
    expect(await expireHolds(t.db, new Date("2026-11-22T10:22:00Z"))).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ status: "expired" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 0 });
  });
});

describe("a payment that arrives after the hold expired", () => {
  it("is honoured while the piece is still there", async () => {
    const order = await placed("nadia", new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "succeeded"))).toBe("paid");
    expect(await product("nadia")).toEqual({ stock: 4, reserved: 0 });
  });

  it("is refunded through the gateway when the piece went to someone else", async () => {
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "nadia").execute();
    const late = await placed("nadia", new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    const other = await placed("nadia");
    await finalizePayment(t.db, offlineGateway, event(other.orderNumber, "succeeded"));

    const refunds: [string, number, string][] = [];
    const gateway: PaymentGateway = {
      ...offlineGateway,
      refund: async (reference, amount, key) => {
        refunds.push([reference, amount, key]);
        return { providerRefundId: "re_late" };
      },
    };
    expect(await finalizePayment(t.db, gateway, event(late.orderNumber, "succeeded"))).toBe(
      "refunded_sold_out",
    );
    // No payment was started in this test, so the order number stands for the reference.
    expect(refunds).toEqual([[late.orderNumber, late.totalCents, `refund-${late.orderNumber}`]]);
    expect(await orderRow(late.id)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(await product("nadia")).toEqual({ stock: 0, reserved: 0 });
    const apology = await t.db
      .selectFrom("emailQueue")
      .select("type")
      .where("orderId", "=", late.id)
      .execute();
    expect(apology).toEqual([{ type: "order_refunded_sold_out" }]);
    // The accountant sees this refund like any other.
    const recorded = await t.db
      .selectFrom("refunds")
      .select(["amountCents", "reason", "source", "status", "providerRefundId"])
      .where("orderId", "=", late.id)
      .execute();
    expect(recorded).toEqual([
      {
        amountCents: late.totalCents,
        reason: "sold_out",
        source: "system",
        status: "succeeded",
        providerRefundId: "re_late",
      },
    ]);
  });

  it("is tried again if the refund call fails, with nothing half-written", async () => {
    const late = await placed("aicha", new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "aicha").execute();
    const failing: PaymentGateway = {
      ...offlineGateway,
      refund: async () => {
        throw new Error("provider down");
      },
    };
    const success = event(late.orderNumber, "succeeded", "evt_late");
    await expect(finalizePayment(t.db, failing, success)).rejects.toThrow("provider down");
    expect(await orderRow(late.id)).toMatchObject({ status: "expired" });
    expect(await finalizePayment(t.db, offlineGateway, success)).toBe("refunded_sold_out");
  });
});

describe("a payment for another amount than the order's total", () => {
  const paymentEvents = (eventId: string) =>
    t.db.selectFrom("paymentEvents").selectAll().where("eventId", "=", eventId).execute();
  const sideEffects = async (orderId: number) => ({
    emails: await t.db.selectFrom("emailQueue").select("type").where("orderId", "=", orderId).execute(),
    tokens: await t.db.selectFrom("trackingTokens").select("id").where("orderId", "=", orderId).execute(),
    steps: await t.db.selectFrom("orderEvents").select("toStatus").where("orderId", "=", orderId).execute(),
  });

  it("pays nothing on the everyday path: recorded once, kept for the owner with both amounts", async () => {
    const order = await placed();
    const paidMore = event(order.orderNumber, "succeeded", "evt_194", {
      amountCents: 19400,
      currency: "EUR",
    });
    expect(await finalizePayment(t.db, offlineGateway, paidMore)).toBe("amount_mismatch");
    expect(await orderRow(order.id)).toMatchObject({
      status: "awaiting_payment",
      paymentStatus: "mismatch",
      paidAt: null,
    });
    // Not sold, still held: the shopper's money is held for this piece.
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
    expect(await sideEffects(order.id)).toEqual({
      emails: [],
      tokens: [],
      steps: [{ toStatus: "awaiting_payment" }],
    });
    expect(await paymentEvents("evt_194")).toMatchObject([
      { orderId: order.id, amountCents: 19400, currency: "EUR", type: "succeeded" },
    ]);
    const check = await t.db
      .selectFrom("paymentChecks")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(check).toMatchObject({
      eventId: "evt_194",
      receivedCents: 19400,
      receivedCurrency: "EUR",
      expectedCents: 16900,
      expectedCurrency: "EUR",
    });

    // Replayed, or told again under another id (the return page, the reconciler), even with the
    // right amount: nothing changes until the owner has decided.
    expect(await finalizePayment(t.db, offlineGateway, paidMore)).toBe("already_applied");
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "succeeded"))).toBe(
      "no_change",
    );
    // Late news of a declined or cancelled attempt never hides the money taken.
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "failed"))).toBe("no_change");
    expect(await finalizePayment(t.db, offlineGateway, event(order.orderNumber, "cancelled"))).toBe(
      "no_change",
    );
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "mismatch" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
    expect((await sideEffects(order.id)).emails).toEqual([]);
    expect(await paymentEvents("evt_194")).toHaveLength(1);
  });

  it("pays nothing for another currency either", async () => {
    const order = await placed();
    const dollars = event(order.orderNumber, "succeeded", "evt_usd", { amountCents: 16900, currency: "USD" });
    expect(await finalizePayment(t.db, offlineGateway, dollars)).toBe("amount_mismatch");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "mismatch" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
  });

  it("pays nothing on the general path (a payment after the hold ran out)", async () => {
    const order = await placed("nadia", new Date(Date.now() - 3600_000));
    expect(await expireHolds(t.db)).toBe(1);
    const paidLess = event(order.orderNumber, "succeeded", "evt_late_less", {
      amountCents: 100,
      currency: "EUR",
    });
    expect(await finalizePayment(t.db, offlineGateway, paidLess)).toBe("amount_mismatch");
    expect(await orderRow(order.id)).toMatchObject({ status: "expired", paymentStatus: "mismatch" });
    // The piece was free and would have been sold to a matching payment: not to this one.
    expect(await product("nadia")).toEqual({ stock: 5, reserved: 0 });
    expect((await sideEffects(order.id)).emails).toEqual([]);
    expect(await paymentEvents("evt_late_less")).toMatchObject([{ amountCents: 100 }]);
  });

  it("keeps its hold: neither the expiry job nor a new checkout from the same browser releases it", async () => {
    const order = await placed("aicha", new Date(Date.now() - 3600_000));
    const paidMore = event(order.orderNumber, "succeeded", "evt_kept", {
      amountCents: 19400,
      currency: "EUR",
    });
    expect(await finalizePayment(t.db, offlineGateway, paidMore)).toBe("amount_mismatch");
    expect(await expireHolds(t.db)).toBe(0);
    const again = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details,
      provider: "test",
      client: { hash: "same-browser", earlierOrders: [order.orderNumber] },
    });
    expect(again.ok).toBe(true);
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "mismatch" });
    expect(await product("aicha")).toEqual({ stock: 5, reserved: 1 });
    // An unpaid order beside it still expires.
    const unpaid = await placed("aicha", new Date(Date.now() - 3600_000));
    expect(await expireHolds(t.db)).toBe(1);
    expect(await orderRow(unpaid.id)).toMatchObject({ status: "expired" });
  });
});
