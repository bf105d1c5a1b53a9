import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { CurrentOutcome, PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { cancelOrder } from "../refunds/refunds";
import { placeHeldOrder, placePaidOrder } from "../testing";
import {
  answerOfflinePayment,
  offlinePaymentPage,
  payabilityOf,
  resumeCheckout,
  returnFromGateway,
} from "./payment-moments";
import { findOrder } from "./queries";
import { reconcilePayments } from "./reconcile-payments";

const t = seededTestDatabase();

/** A Stripe stand-in that answers `answer` for every payment, and counts the questions. */
function stripeSaying(answer: (reference: string) => CurrentOutcome) {
  const asked: string[] = [];
  const gateway: PaymentGateway = {
    ...offlineGateway,
    provider: "stripe",
    currentOutcome: async (reference) => {
      asked.push(reference);
      return answer(reference);
    },
  };
  return { gateway, asked };
}

const took = (amountCents: number): CurrentOutcome => ({
  type: "succeeded",
  taken: { amountCents, currency: "EUR" },
});

async function statusOf(orderNumber: string) {
  const found = await findOrder(t.db, orderNumber);
  return { status: found?.order.status, paymentStatus: found?.order.paymentStatus };
}

describe("the shopper back from the gateway", () => {
  it("applies a payment the gateway took before its event, once, and says it is paid", async () => {
    const order = await placeHeldOrder(t.db, { provider: "stripe", paymentReference: "pi_return_paid" });
    const { gateway, asked } = stripeSaying(() => took(order.totalCents));
    const back = await returnFromGateway(t.db, gateway, order.orderNumber);
    expect(back).toMatchObject({ state: "paid", payOn: null, order: { paymentStatus: "paid" } });
    expect(back?.lines.map((line) => line.model)).toEqual(["aicha"]);
    expect(asked).toEqual(["pi_return_paid"]);
    // The reconciler finds nothing left to apply: the same decision was made, once.
    const applied = await returnFromGateway(t.db, gateway, order.orderNumber);
    expect(applied?.state).toBe("paid");
    expect(asked).toEqual(["pi_return_paid"]);
    const confirmations = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("orderId", "=", order.id)
      .where("type", "=", "order_confirmation")
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it("says a payment being confirmed is pending, and one never made is to be paid on its page", async () => {
    const pending = await placeHeldOrder(t.db, { provider: "stripe", paymentReference: "pi_return_pending" });
    const open = await placeHeldOrder(t.db, { provider: "stripe", paymentReference: "pi_return_open" });
    const { gateway } = stripeSaying((reference) =>
      reference === "pi_return_pending" ? { type: "pending" } : { type: "not_started" },
    );
    expect(await returnFromGateway(t.db, gateway, pending.orderNumber)).toMatchObject({
      state: "pending",
      payOn: null,
    });
    expect(await returnFromGateway(t.db, gateway, open.orderNumber)).toMatchObject({
      state: "notPaid",
      payOn: "checkout",
    });
    expect(await statusOf(pending.orderNumber)).toEqual({
      status: "awaiting_payment",
      paymentStatus: "pending",
    });
  });

  it("keeps a payment taken for another amount for the owner to check", async () => {
    const order = await placeHeldOrder(t.db, { provider: "stripe", paymentReference: "pi_return_more" });
    const { gateway } = stripeSaying(() => took(order.totalCents + 100));
    expect((await returnFromGateway(t.db, gateway, order.orderNumber))?.state).toBe("checking");
    expect(await statusOf(order.orderNumber)).toEqual({
      status: "awaiting_payment",
      paymentStatus: "mismatch",
    });
  });

  it("says an offline order not paid yet goes to the test page, and a closed or refunded one is said so", async () => {
    const open = await placeHeldOrder(t.db);
    expect(await returnFromGateway(t.db, offlineGateway, open.orderNumber)).toMatchObject({
      state: "notPaid",
      payOn: "offline_page",
    });
    const closed = await placeHeldOrder(t.db);
    await sql`UPDATE orders SET status = 'expired' WHERE id = ${closed.id}`.execute(t.db);
    expect((await returnFromGateway(t.db, offlineGateway, closed.orderNumber))?.state).toBe("closed");
    const paid = await placePaidOrder(t.db);
    expect((await returnFromGateway(t.db, offlineGateway, paid.orderNumber))?.state).toBe("paid");
    await cancelOrder(t.db, offlineGateway, { orderNumber: paid.orderNumber, requestKey: "moments-cancel" });
    expect((await returnFromGateway(t.db, offlineGateway, paid.orderNumber))?.state).toBe("refunded");
    expect(await returnFromGateway(t.db, offlineGateway, "SOULS-00000000-0000")).toBeUndefined();
  });

  it("asks nothing of a gateway that did not take the order, and the reconciler decides the same way", async () => {
    const { gateway, asked } = stripeSaying(() => took(16900));
    const offline = await placeHeldOrder(t.db);
    expect(await returnFromGateway(t.db, gateway, offline.orderNumber)).toMatchObject({
      state: "notPaid",
      payOn: "offline_page",
    });
    expect(asked).toEqual([]);
    // Left by its shopper: the reconciler applies the gateway's answer as her return would have.
    const left = await placeHeldOrder(t.db, {
      minutesAgo: 5,
      provider: "stripe",
      paymentReference: "pi_left",
    });
    const reconciling = stripeSaying((reference) =>
      reference === "pi_left" ? took(left.totalCents) : { type: "pending" },
    );
    expect(await reconcilePayments(t.db, reconciling.gateway)).toBeGreaterThanOrEqual(1);
    expect((await returnFromGateway(t.db, reconciling.gateway, left.orderNumber))?.state).toBe("paid");
  });
});

describe("a checkout resumed", () => {
  it("pays an order still payable with this gateway, and sends any other to its thank-you page", async () => {
    const open = await placeHeldOrder(t.db);
    expect(await resumeCheckout(t.db, offlineGateway, open.orderNumber)).toMatchObject({
      next: "pay",
      order: { orderNumber: open.orderNumber },
      lines: [{ model: "aicha", quantity: 1 }],
    });
    const { gateway } = stripeSaying(() => ({ type: "not_started" }));
    // Placed while the shop took payments another way: nothing to pay it with any more.
    expect(await resumeCheckout(t.db, gateway, open.orderNumber)).toMatchObject({ next: "thankYou" });
    const paid = await placePaidOrder(t.db);
    expect(await resumeCheckout(t.db, offlineGateway, paid.orderNumber)).toMatchObject({ next: "thankYou" });
    const expired = await placeHeldOrder(t.db);
    await sql`UPDATE orders SET status = 'expired' WHERE id = ${expired.id}`.execute(t.db);
    expect(await resumeCheckout(t.db, offlineGateway, expired.orderNumber)).toMatchObject({
      next: "thankYou",
    });
    expect(await resumeCheckout(t.db, offlineGateway, "SOULS-00000000-0000")).toBeUndefined();
  });

  it("tells money taken from a hold that ended", () => {
    const order = { status: "awaiting_payment", paymentStatus: "pending", paymentProvider: "test" } as const;
    expect(payabilityOf(order, offlineGateway)).toBe("payable");
    expect(payabilityOf({ ...order, paymentStatus: "failed" }, offlineGateway)).toBe("payable");
    expect(payabilityOf({ ...order, paymentStatus: "mismatch" }, offlineGateway)).toBe("settled");
    expect(payabilityOf({ ...order, status: "expired", paymentStatus: "paid" }, offlineGateway)).toBe(
      "settled",
    );
    expect(payabilityOf({ ...order, status: "expired" }, offlineGateway)).toBe("ended");
    expect(payabilityOf({ ...order, paymentProvider: "stripe" }, offlineGateway)).toBe("ended");
  });
});

describe("the offline gateway's page", () => {
  it("exists only on that gateway and for the orders it took", async () => {
    const order = await placeHeldOrder(t.db);
    const { gateway } = stripeSaying(() => ({ type: "not_started" }));
    expect(await offlinePaymentPage(t.db, gateway, order.orderNumber)).toBeUndefined();
    expect(
      await answerOfflinePayment(t.db, gateway, order.orderNumber, {
        intent: "pay",
        cardNumber: "4242424242424242",
      }),
    ).toBeUndefined();
    const stripeOrder = await placeHeldOrder(t.db, { provider: "stripe", paymentReference: "pi_not_here" });
    expect(await offlinePaymentPage(t.db, offlineGateway, stripeOrder.orderNumber)).toBeUndefined();
    expect(
      await answerOfflinePayment(t.db, offlineGateway, stripeOrder.orderNumber, { intent: "cancel" }),
    ).toBeUndefined();
    expect(await statusOf(stripeOrder.orderNumber)).toEqual({
      status: "awaiting_payment",
      paymentStatus: "pending",
    });
    expect(await offlinePaymentPage(t.db, offlineGateway, "SOULS-00000000-0000")).toBeUndefined();
  });

  it("takes a test card: declined, mistyped, then paid, and the page goes to the thank-you page", async () => {
    const order = await placeHeldOrder(t.db);
    expect(await offlinePaymentPage(t.db, offlineGateway, order.orderNumber)).toMatchObject({
      next: "pay",
      payable: true,
      order: { totalCents: order.totalCents },
    });
    const pay = (cardNumber: string) =>
      answerOfflinePayment(t.db, offlineGateway, order.orderNumber, { intent: "pay", cardNumber });
    expect(await answerOfflinePayment(t.db, offlineGateway, order.orderNumber, { intent: "unread" })).toEqual(
      {
        outcome: "unread",
      },
    );
    expect(await pay("4000000000000002")).toEqual({ outcome: "declined", reason: "card_declined" });
    expect(await pay("4242424242424241")).toEqual({ outcome: "invalidNumber" });
    expect(await pay("4242424242424242")).toEqual({
      outcome: "thankYou",
      orderNumber: order.orderNumber,
      paid: true,
    });
    expect(await statusOf(order.orderNumber)).toEqual({
      status: "pending_preparation",
      paymentStatus: "paid",
    });
    expect(await offlinePaymentPage(t.db, offlineGateway, order.orderNumber)).toMatchObject({
      next: "thankYou",
    });
    // Posted again (a back button): nothing more is taken, the thank-you page says it is paid.
    expect(await pay("4242424242424242")).toMatchObject({ outcome: "thankYou", paid: false });
  });

  it("gives the payment up on cancel: the page no longer offers to pay it", async () => {
    const order = await placeHeldOrder(t.db);
    expect(await answerOfflinePayment(t.db, offlineGateway, order.orderNumber, { intent: "cancel" })).toEqual(
      {
        outcome: "cancelled",
      },
    );
    expect(await offlinePaymentPage(t.db, offlineGateway, order.orderNumber)).toMatchObject({
      next: "pay",
      payable: false,
    });
    expect(await statusOf(order.orderNumber)).toMatchObject({ paymentStatus: "failed" });
    expect((await returnFromGateway(t.db, offlineGateway, order.orderNumber))?.state).toBe("closed");
  });
});
