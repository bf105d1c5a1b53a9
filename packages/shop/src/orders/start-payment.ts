import type { Database, Kysely, Order } from "@souls/db";
import { paymentFailures } from "../metrics";
import type { PaymentGateway, StartedPayment, StartOptions } from "../payments/gateway";

/**
 * The idempotency key of an order's payment: the same order, way of paying, total and earlier
 * payment make the same key, so a repeated request finds the payment it made; a new total (the
 * country changed) or a payment replacing an expired one is a new request, never a replay of the
 * old one (Stripe refuses a key reused with other parameters).
 */
export function paymentKey(
  order: Pick<Order, "orderNumber" | "totalCents" | "paymentReference">,
  withJavaScript: boolean,
): string {
  const replacing = order.paymentReference ? `-after-${order.paymentReference}` : "";
  return `payment-${order.orderNumber}-${withJavaScript ? "element" : "page"}-${order.totalCents}${replacing}`;
}

/**
 * The order's payment with the gateway, ready for the shopper: the one already started when it can
 * still be made (a repeated post, a back button, a reload: the same payment of the same order),
 * else a new one, whose reference the order keeps; the one it replaces is closed first, so one
 * order never has two payments that could both take money. Null when that earlier payment took
 * the money before it could be closed: there is nothing left to pay (its event pays the order).
 * Called after placeOrder has committed the hold.
 */
export async function startPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: Order,
  options: Omit<StartOptions, "idempotencyKey">,
): Promise<StartedPayment | null> {
  if (order.paymentReference) {
    const resumed = await gateway.resumePayment(order.paymentReference, options.withJavaScript);
    if (resumed) return resumed;
    if ((await gateway.closePayment(order.paymentReference)) === "succeeded") return null;
  }
  const started = await gateway
    .startPayment(
      {
        orderNumber: order.orderNumber,
        totalCents: order.totalCents,
        currency: order.currency,
        email: order.email,
        locale: order.locale,
      },
      { ...options, idempotencyKey: paymentKey(order, options.withJavaScript) },
    )
    .catch((error: unknown) => {
      // The provider could not start a payment (unreachable, refused our call): measured (decision 044).
      paymentFailures.inc({ reason: "gateway_error" });
      throw error;
    });
  if (started.reference !== order.paymentReference) {
    await db
      .updateTable("orders")
      .set({ paymentReference: started.reference, updatedAt: new Date() })
      .where("id", "=", order.id)
      .execute();
  }
  return started;
}
