import type { Actor } from "@souls/core/actors";
import type { OrderStatus } from "@souls/core/statuses";
import type { Database, Order, Transaction } from "@souls/db";
import { IllegalTransitionError, nextStatus, type OrderEvent } from "../order-status";

export type { Actor };

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
      | "paymentStatus"
      | "paidAt"
      | "shippedAt"
      | "deliveredAt"
      | "withdrawnAt"
      | "carrier"
      | "carrierName"
      | "carrierTrackingUrl"
      | "trackingNumber"
    >
  > = {},
  note: string | null = null,
): Promise<OrderStatus> {
  const { to, eventRow } = transition(order, event, actor, note);
  await trx
    .updateTable("orders")
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where("id", "=", order.id)
    .execute();
  await trx.insertInto("orderEvents").values(eventRow).execute();
  return to;
}

/**
 * The state machine's answer for an order and an event — the new status and the `order_events`
 * row that records it — or IllegalTransitionError. For a use case that writes them itself in one
 * statement (finalizePayment's paid order).
 */
export function transition(
  order: Pick<Order, "id" | "status">,
  event: OrderEvent,
  actor: Actor,
  note: string | null = null,
) {
  const next = nextStatus(order.status, event);
  if (!next.ok) throw new IllegalTransitionError(order.status, event);
  return {
    to: next.to,
    eventRow: { orderId: order.id, fromStatus: order.status, toStatus: next.to, actor, note },
  };
}
