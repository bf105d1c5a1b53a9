/**
 * The consumer's right of withdrawal (Code de la consommation L221-18, directive 2011/83/EU,
 * and the withdrawal button of directive 2023/2673): from the order until 14 days after the
 * goods were received. Pure rule, shared by the tracking page and the use case that records it.
 */
import type { OrderStatus } from "@souls/core/statuses";

export const WITHDRAWAL_DAYS = 14;

/** Paid orders the shopper may still withdraw from, depending on the delivery date. */
const WITHDRAWABLE: readonly OrderStatus[] = [
  "pending_preparation",
  "prepared",
  "shipped",
  "delivered",
  "partially_refunded",
];

/**
 * The seller pays back within 14 days of learning of the withdrawal (Code de la consommation
 * L221-24); she may wait for the goods or a proof of their dispatch, but the deadline stands.
 */
export const REFUND_DEADLINE_DAYS = 14;

export function refundDeadline(withdrawnAt: Date): Date {
  return new Date(withdrawnAt.getTime() + REFUND_DEADLINE_DAYS * 24 * 3600_000);
}

export interface WithdrawalWindow {
  open: boolean;
  /** Last moment to withdraw; null while the parcel is not delivered (the period has not started). */
  closesAt: Date | null;
}

export function withdrawalWindow(
  order: { status: OrderStatus; deliveredAt: Date | null },
  now: Date,
): WithdrawalWindow {
  if (!WITHDRAWABLE.includes(order.status)) return { open: false, closesAt: null };
  if (!order.deliveredAt) return { open: true, closesAt: null };
  const closesAt = new Date(order.deliveredAt.getTime() + WITHDRAWAL_DAYS * 24 * 3600_000);
  return { open: now.getTime() <= closesAt.getTime(), closesAt };
}
