import { seededTestDatabase } from "@souls/db/testing";
import { finalizePayment } from "@souls/shop/orders";
import { offlineGateway } from "@souls/shop/payments";
import { placeHeldOrder } from "@souls/shop/testing";
import { describe, expect, it } from "vitest";
import { errorShape, ownerCaller, trpcError } from "./testing";

const t = seededTestDatabase();

/** An order of 169 € whose payment said 194 € taken: never paid, kept for the owner. */
async function paymentToCheck() {
  const order = await placeHeldOrder(t.db);
  const outcome = await finalizePayment(t.db, offlineGateway, {
    provider: "test",
    eventId: `evt-more-${order.orderNumber}`,
    type: "succeeded",
    orderNumber: order.orderNumber,
    taken: { amountCents: 19400, currency: "EUR" },
  });
  expect(outcome).toBe("amount_mismatch");
  return order;
}

describe("a payment to check", () => {
  it("is listed with both amounts, cannot be released, and is refunded what was taken once", async () => {
    const order = await paymentToCheck();
    const caller = ownerCaller(t.db);
    const { orders } = await caller.orders.list();
    expect(orders.find((row) => row.orderNumber === order.orderNumber)).toMatchObject({
      paymentStatus: "mismatch",
      paymentCheck: {
        receivedCents: 19400,
        receivedCurrency: "EUR",
        expectedCents: 16900,
        expectedCurrency: "EUR",
      },
    });

    const release = await trpcError(caller.orders.releaseHold({ orderNumber: order.orderNumber }));
    expect(errorShape(release, "orders.releaseHold")).toMatchObject({
      message: expect.stringMatching(/^Le paiement de cette commande est à vérifier/),
      data: { code: "CONFLICT" },
    });

    const refunded = await caller.orders.refundMismatch({
      orderNumber: order.orderNumber,
      requestKey: "api-check-click-0000000001",
    });
    expect(refunded).toMatchObject({ amountCents: 19400, status: "refunded", replayed: false });
    const again = await trpcError(
      caller.orders.refundMismatch({
        orderNumber: order.orderNumber,
        requestKey: "api-check-click-0000000002",
      }),
    );
    expect(errorShape(again, "orders.refundMismatch")).toMatchObject({ data: { code: "CONFLICT" } });
    const detail = await caller.orders.detail({ orderNumber: order.orderNumber });
    expect(detail.order).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    expect(detail.refunds).toMatchObject([
      { amountCents: 19400, status: "succeeded", reason: "cancellation" },
    ]);
  });
});
