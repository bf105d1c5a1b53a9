import type { Database, Kysely, Order } from "@souls/db";
import type { PaymentGateway, StartedPayment, StartOptions } from "../payments/gateway";

export function paymentKey(order: Pick<Order, "orderNumber">): string {
  return `payment-${order.orderNumber}`;
}

/**
 * Creates (or finds again, through the idempotency key) the order's payment with the gateway
 * and remembers its reference. Called after placeOrder has committed the hold.
 */
export async function startPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: Order,
  options: Omit<StartOptions, "idempotencyKey">,
): Promise<StartedPayment> {
  const started = await gateway.startPayment(
    {
      orderNumber: order.orderNumber,
      totalCents: order.totalCents,
      currency: order.currency,
      email: order.email,
      locale: order.locale,
    },
    { ...options, idempotencyKey: `${paymentKey(order)}-${options.withJavaScript ? "element" : "page"}` },
  );
  await db
    .updateTable("orders")
    .set({ paymentReference: started.reference, updatedAt: new Date() })
    .where("id", "=", order.id)
    .execute();
  return started;
}
