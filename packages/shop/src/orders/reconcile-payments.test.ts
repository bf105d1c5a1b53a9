import { seededTestDatabase } from "@souls/db/testing";
import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { placeHeldOrder } from "../testing";
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
        return reference === "pi_paid" ? "succeeded" : "pending";
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

  it("asks nothing of the offline gateway, whose payments are applied on the shop's own page", async () => {
    expect(await reconcilePayments(t.db, offlineGateway)).toBe(0);
  });
});
