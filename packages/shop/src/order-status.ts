/**
 * The order's life (ARCHITECTURE.md §5). One function decides every change of status; the use
 * cases apply what it returns and write an `order_events` row for each applied transition.
 */
import type { OrderStatus, PaymentStatus } from "@souls/db";

export type { OrderStatus, PaymentStatus };

export const ORDER_STATUSES = [
  "awaiting_payment",
  "pending_preparation",
  "prepared",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "refunded",
  "withdrawn",
] as const satisfies readonly OrderStatus[];

/** The owner's French name of each status (spec §4): her orders page and the admin's messages. */
export const ORDER_STATUS_LABELS = {
  awaiting_payment: "En attente de paiement",
  pending_preparation: "En préparation",
  prepared: "Préparée",
  shipped: "Expédiée",
  delivered: "Livrée",
  cancelled: "Annulée",
  expired: "Expirée",
  refunded: "Remboursée",
  withdrawn: "Rétractée",
} as const satisfies Record<OrderStatus, string>;

export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "refunded",
] as const satisfies readonly PaymentStatus[];

/** What can happen to an order. */
export type OrderEvent =
  | "payment_succeeded"
  | "payment_failed"
  | "payment_cancelled"
  | "hold_expired"
  | "refunded"
  | "prepared"
  | "shipped"
  | "delivered"
  | "withdrawn";

/** Legal transitions: from a status, an event leads to exactly one status. */
const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>> = {
  awaiting_payment: {
    payment_succeeded: "pending_preparation",
    payment_failed: "cancelled",
    payment_cancelled: "cancelled",
    hold_expired: "expired",
    // Paid, but the pieces could not be kept for the order: refunded at once.
    refunded: "refunded",
  },
  // A payment that lands after the hold ran out is either honoured (pieces still there) or refunded.
  expired: { payment_succeeded: "pending_preparation", refunded: "refunded" },
  cancelled: { payment_succeeded: "pending_preparation", refunded: "refunded" },
  pending_preparation: {
    prepared: "prepared",
    shipped: "shipped",
    refunded: "refunded",
    withdrawn: "withdrawn",
  },
  prepared: { shipped: "shipped", refunded: "refunded", withdrawn: "withdrawn" },
  shipped: { delivered: "delivered", withdrawn: "withdrawn" },
  delivered: { withdrawn: "withdrawn" },
  withdrawn: { refunded: "refunded" },
  refunded: {},
};

export type Transition =
  | { ok: true; from: OrderStatus; to: OrderStatus }
  | { ok: false; from: OrderStatus; event: OrderEvent };

export function nextStatus(from: OrderStatus, event: OrderEvent): Transition {
  const to = TRANSITIONS[from][event];
  return to ? { ok: true, from, to } : { ok: false, from, event };
}

export function allowedEvents(from: OrderStatus): OrderEvent[] {
  return Object.keys(TRANSITIONS[from]) as OrderEvent[];
}

export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
  constructor(
    readonly from: OrderStatus,
    readonly event: OrderEvent,
  ) {
    super(`An order that is ${from} cannot be ${event.replace(/_/g, " ")}`);
  }
}
