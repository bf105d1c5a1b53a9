import type { Database, Order, OrderStatus, Transaction } from "@souls/db";
import { IllegalTransitionError, nextStatus, type OrderEvent } from "../order-status";

export type Actor = "shopper" | "system" | "admin" | "stripe" | "test_gateway";

/**
 * Moves an order (already locked by the caller) through the state machine and writes its
 * `order_events` row; extra column changes ride in the same update. Illegal moves throw.
 */
export async function applyOrderEvent(
  trx: Transaction<Database>,
  order: Pick<Order, "id" | "status">,
  event: OrderEvent,
  actor: Actor,
  changes: Partial<
    Pick<
      Order,
      "paymentStatus" | "paidAt" | "shippedAt" | "deliveredAt" | "withdrawnAt" | "carrier" | "trackingNumber"
    >
  > = {},
  note: string | null = null,
): Promise<OrderStatus> {
  const transition = nextStatus(order.status, event);
  if (!transition.ok) throw new IllegalTransitionError(order.status, event);
  await trx
    .updateTable("orders")
    .set({ ...changes, status: transition.to, updatedAt: new Date() })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("orderEvents")
    .values({ orderId: order.id, fromStatus: order.status, toStatus: transition.to, actor, note })
    .execute();
  return transition.to;
}
