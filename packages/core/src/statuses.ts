/**
 * Every status an order, its payment, a refund and a queued e-mail can have. The database stores
 * these codes; the owner reads each one's French label in the panel's dictionary
 * (`copy.labels` in @souls/api/admin-words, a `Record<Code, label>`: a missing label fails the type check).
 */

export const ORDER_STATUSES = [
  "awaiting_payment",
  "pending_preparation",
  "prepared",
  "shipped",
  "delivered",
  "cancelled",
  "expired",
  "refunded",
  "partially_refunded",
  "withdrawn",
] as const;

export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "failed",
  "refunded",
  "partially_refunded",
  /** Money taken for another amount than the order's total: never applied, the owner checks it. */
  "mismatch",
] as const;

/** The outbox's life of a message: pending → sending → sent, or failed once its tries run out. */
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What can happen to an order: the order state machine's events (@souls/shop/order-status). */
export const ORDER_EVENTS = [
  "payment_succeeded",
  "payment_failed",
  "payment_cancelled",
  "hold_expired",
  /** Refunded in full (the owner, the provider's dashboard, or a late payment for a sold piece). */
  "refunded",
  /** Part of what was paid given back: some lines, or an amount. */
  "partially_refunded",
  /** The shop cannot make or send a paid order: refunded in full and cancelled. */
  "cancelled",
  "prepared",
  "shipped",
  "delivered",
  "withdrawn",
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
