import { seededTestDatabase } from "@souls/db/testing";
import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { cancelOrder } from "../refunds/refunds";
import { placeHeldOrder } from "../testing";
import { finalizePayment } from "./finalize-payment";
import { findOrder } from "./queries";
import { reconcilePayments } from "./reconcile-payments";

const t = seededTestDatabase();

const stripeOrder = (minutesAgo: number, paymentReference: string) =>
  placeHeldOrder(t.db, { minutesAgo, provider: "stripe", paymentReference });

/** An order's status and its payment's, as the shopper's pages read them. */
async function statusOf(order: { orderNumber: string }) {
  const found = await findOrder(t.db, order.orderNumber);
  return { status: found?.order.status, paymentStatus: found?.order.paymentStatus };
}

describe("reconciling payments", () => {
  it("applies a Stripe payment that succeeded without its event, once, even with two workers", async () => {
    const asked: string[] = [];
    const stripe: PaymentGateway = {
      ...offlineGateway,
      provider: "stripe",
      currentOutcome: async (reference) => {
        asked.push(reference);
        return reference === "pi_paid"
          ? { type: "succeeded", taken: { amountCents: 16900, currency: "EUR" } }
          : { type: "pending" };
      },
    };
    const paid = await stripeOrder(5, "pi_paid");
    const unpaid = await stripeOrder(5, "pi_open");
    const [first, second] = await Promise.all([
      reconcilePayments(t.db, stripe),
      reconcilePayments(t.db, stripe),
    ]);
    expect(first + second).toBe(1);
    expect(await statusOf(paid)).toEqual({ status: "pending_preparation", paymentStatus: "paid" });
    expect(await statusOf(unpaid)).toMatchObject({ status: "awaiting_payment" });
    expect(await reconcilePayments(t.db, stripe)).toBe(0);
    const emails = await t.db
      .selectFrom("emailQueue")
      .select("orderId")
      .where("orderId", "=", paid.id)
      .execute();
    expect(emails).toHaveLength(1);
  });

  it("keeps a payment taken for another amount for the owner, and asks about it no more", async () => {
    const asked: string[] = [];
    const stripe: PaymentGateway = {
      ...offlineGateway,
      provider: "stripe",
      currentOutcome: async (reference) => {
        asked.push(reference);
        return { type: "succeeded", taken: { amountCents: 19400, currency: "EUR" } };
      },
    };
    const order = await stripeOrder(5, "pi_more");
    await reconcilePayments(t.db, stripe);
    expect(await statusOf(order)).toEqual({ status: "awaiting_payment", paymentStatus: "mismatch" });
    asked.length = 0;
    await reconcilePayments(t.db, stripe);
    expect(asked).not.toContain("pi_more");
    const emails = await t.db.selectFrom("emailQueue").select("id").where("orderId", "=", order.id).execute();
    expect(emails).toEqual([]);
  });

  it("never pays again an order the owner cancelled and refunded (its intent still says succeeded)", async () => {
    const stripe: PaymentGateway = {
      ...offlineGateway,
      provider: "stripe",
      currentOutcome: async () => ({ type: "succeeded", taken: { amountCents: 16900, currency: "EUR" } }),
    };
    const order = await stripeOrder(5, "pi_cancelled");
    const taken = { amountCents: order.totalCents, currency: order.currency };
    const paid = { provider: "stripe", eventId: "evt_pi_cancelled", type: "succeeded" } as const;
    expect(await finalizePayment(t.db, stripe, { ...paid, orderNumber: order.orderNumber, taken })).toBe(
      "paid",
    );
    await cancelOrder(t.db, stripe, {
      orderNumber: order.orderNumber,
      requestKey: "cancel-pi-cancelled-0001",
    });
    expect(await statusOf(order)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    await reconcilePayments(t.db, stripe);
    expect(await statusOf(order)).toEqual({ status: "cancelled", paymentStatus: "refunded" });
    const confirmations = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("orderId", "=", order.id)
      .where("type", "=", "order_confirmation")
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it("asks nothing of the offline gateway, whose payments are applied on the shop's own page", async () => {
    expect(await reconcilePayments(t.db, offlineGateway)).toBe(0);
  });
});
