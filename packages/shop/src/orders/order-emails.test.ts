import type { EmailType } from "@souls/core/email-types";
import { seededTestDatabase } from "@souls/db/testing";
import { describe, expect, it } from "vitest";
import { correctShippingAddress } from "../admin/order-changes";
import type { PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { expireHolds, finalizePayment } from "./finalize-payment";
import { newCheckoutKey, placeOrder } from "./place-order";
import { trackOrder } from "./tracking";
import { hashTrackingToken } from "./tracking-token";
import { withdrawFromContract } from "./withdraw";

const t = seededTestDatabase();

let clients = 0;
const newClient = () => `order-emails-${++clients}`;

/** The tracking token an order's e-mail of `type` carries, checked to open that order. */
async function linkOf(orderId: number, type: EmailType) {
  const mail = await t.db
    .selectFrom("emailQueue")
    .select("payload")
    .where("orderId", "=", orderId)
    .where("type", "=", type)
    .executeTakeFirstOrThrow();
  const token = String(mail.payload.trackingToken);
  const opened = await trackOrder(t.db, { token, clientHash: newClient() });
  if (!opened.ok) throw new Error(`the ${type} e-mail's link did not open the order: ${opened.reason}`);
  const stored = await t.db
    .selectFrom("trackingTokens")
    .select("tokenHash")
    .where("orderId", "=", orderId)
    .execute();
  // Kept hashed only, like every token.
  expect(stored.map((row) => row.tokenHash)).toContain(hashTrackingToken(token));
  expect(JSON.stringify(stored)).not.toContain(token);
  return { token, order: opened.order };
}

describe("every e-mail about an order", () => {
  it("the withdrawal acknowledgement opens the withdrawn order with a link of its own", async () => {
    const paid = await placePaidOrder(t.db);
    const withdrawn = await withdrawFromContract(t.db, { token: paid.token, clientHash: newClient() });
    expect(withdrawn.ok).toBe(true);
    const { token, order } = await linkOf(paid.id, "withdrawal_acknowledgement");
    expect(token).not.toBe(paid.token);
    expect(order.status).toBe("withdrawn");
  });

  it("the owner's address correction opens the order, at its new address", async () => {
    const paid = await placePaidOrder(t.db);
    await correctShippingAddress(t.db, {
      orderNumber: paid.orderNumber,
      firstName: "Camille",
      lastName: "Martin",
      address: "42 rue des Martyrs",
      addressLine2: null,
      postalCode: "75009",
      city: "Paris",
      phone: null,
      deliveryInstructions: null,
    });
    const { token, order } = await linkOf(paid.id, "address_corrected");
    expect(token).not.toBe(paid.token);
    expect(order.orderNumber).toBe(paid.orderNumber);
  });

  it("a refund opens the refunded order with a link of its own", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin" });
    await refundOrder(t.db, offlineGateway, {
      orderNumber: paid.orderNumber,
      requestKey: `order-emails-${paid.orderNumber}-refund`,
      reason: "goodwill",
      amountCents: 1000,
      restock: "no",
    });
    const { token, order } = await linkOf(paid.id, "order_refund");
    expect(token).not.toBe(paid.token);
    expect(order.paymentStatus).toBe("partially_refunded");
  });

  it("the sold-out apology, the only e-mail of its order, opens it", async () => {
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "ilian").execute();
    const place = async (now = new Date()) => {
      const placed = await placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "ilian", quantity: 1 }],
        details: TEST_SHIPPING,
        provider: "test",
        now,
      });
      if (!placed.ok) throw new Error("refused");
      return placed.order;
    };
    const pay = (gateway: PaymentGateway, order: { orderNumber: string; totalCents: number }) =>
      finalizePayment(t.db, gateway, {
        provider: "test",
        eventId: `paid-${order.orderNumber}`,
        type: "succeeded",
        orderNumber: order.orderNumber,
        taken: { amountCents: order.totalCents, currency: "EUR" },
      });
    const late = await place(new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    expect(await pay(offlineGateway, await place())).toBe("paid");
    const refunding: PaymentGateway = {
      ...offlineGateway,
      refund: async () => ({ providerRefundId: "re_x" }),
    };
    expect(await pay(refunding, late)).toBe("refunded_sold_out");
    const { order } = await linkOf(late.id, "order_refunded_sold_out");
    expect(order.status).toBe("refunded");
  });
});
