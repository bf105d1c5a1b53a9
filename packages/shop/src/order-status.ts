/**
 * The order's life (ARCHITECTURE.md §5). One function decides every change of status; the use
 * cases apply what it returns and write an `order_events` row for each applied transition.
 */
import type { OrderEvent, OrderStatus, PaymentStatus } from "@souls/core/statuses";

/** What can happen to an order (its codes are @souls/core's). */
export type { OrderEvent };

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
  // Some pieces refunded before the parcel left: the rest is still to prepare or to ship, so the
  // order stays where it was (its payment says « partiellement remboursée »). Every piece refunded
  // before it left: nothing to ship, the order is refunded (its delivery may still be given back).
  pending_preparation: {
    prepared: "prepared",
    shipped: "shipped",
    refunded: "refunded",
    partially_refunded: "pending_preparation",
    cancelled: "cancelled",
    withdrawn: "withdrawn",
  },
  prepared: {
    shipped: "shipped",
    refunded: "refunded",
    partially_refunded: "prepared",
    cancelled: "cancelled",
    withdrawn: "withdrawn",
  },
  shipped: {
    delivered: "delivered",
    withdrawn: "withdrawn",
    refunded: "refunded",
    partially_refunded: "partially_refunded",
  },
  delivered: { withdrawn: "withdrawn", refunded: "refunded", partially_refunded: "partially_refunded" },
  withdrawn: { refunded: "refunded", partially_refunded: "partially_refunded" },
  // What is left of the order goes on: the use cases check from its dates whether it has left
  // the workshop (only an order not shipped yet can be cancelled or shipped).
  partially_refunded: {
    shipped: "shipped",
    delivered: "delivered",
    withdrawn: "withdrawn",
    refunded: "refunded",
    partially_refunded: "partially_refunded",
    cancelled: "cancelled",
  },
  // Every piece refunded before it left, its delivery kept: that may still be given back.
  refunded: { refunded: "refunded", partially_refunded: "refunded" },
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

/**
 * Payment statuses of an order that has taken no money yet (a declined card may be followed by
 * another). Any other — paid, refunded, or `mismatch` (money taken that the owner must check) —
 * means a payment exists that a new one must not overwrite, nor a release or an expiry forget.
 */
export const OPEN_PAYMENTS = ["pending", "failed"] as const satisfies readonly PaymentStatus[];

export function paymentIsOpen(status: PaymentStatus): boolean {
  return (OPEN_PAYMENTS as readonly PaymentStatus[]).includes(status);
}

type Shippable = { status: OrderStatus; paymentStatus: PaymentStatus; shippedAt: Date | null };

/**
 * A paid order the owner may still cancel (everything left refunded): it has not left, was not
 * withdrawn (a withdrawal is refunded as such), and the state machine lets its status be cancelled.
 */
export function mayCancel(order: Shippable & { withdrawnAt: Date | null }): boolean {
  return !order.shippedAt && !order.withdrawnAt && nextStatus(order.status, "cancelled").ok;
}

/**
 * A paid order whose shipping address may still be corrected: its parcel has not left and the
 * state machine would still let it ship.
 */
export function mayCorrectAddress(order: Shippable): boolean {
  const paid = order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded";
  return paid && !order.shippedAt && nextStatus(order.status, "shipped").ok;
}
