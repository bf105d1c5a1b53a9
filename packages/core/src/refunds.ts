/**
 * A refund's codes, defined once: why money went back, what became of the pieces, and who gave it
 * back. The database, the shop's rules, the API's inputs and the panel read them from here; their
 * French labels are the panel's dictionary's (`copy.labels` in @souls/api/admin-words).
 */

/** Why money went back (refunds.reason). */
export const REFUND_REASONS = [
  "cancellation",
  "withdrawal",
  "return",
  "goodwill",
  "sold_out",
  "provider",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The reasons the owner chooses from, in the order her form lists them. */
export const OWNER_REFUND_REASONS = [
  "return",
  "withdrawal",
  "goodwill",
] as const satisfies readonly RefundReason[];
export type OwnerRefundReason = (typeof OWNER_REFUND_REASONS)[number];

/**
 * The reasons a shopper's refund e-mail gives: the owner's, and the cancellation of an order the
 * shop could not send. A refund made from the gateway's dashboard is told as one of these.
 */
export const SHOPPER_REFUND_REASONS = [
  "cancellation",
  "withdrawal",
  "return",
  "goodwill",
] as const satisfies readonly RefundReason[];
export type ShopperRefundReason = (typeof SHOPPER_REFUND_REASONS)[number];

/** What a refund does with the pieces: back on the shelf now, when the parcel comes back, or not. */
export const RESTOCK_CHOICES = ["now", "on_return", "no"] as const;
export type RestockChoice = (typeof RESTOCK_CHOICES)[number];

/** Who made a refund: the owner's panel, the shop itself (a sold piece), or the gateway's dashboard. */
export const REFUND_SOURCES = ["admin", "system", "provider"] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];
