/**
 * Every kind of e-mail the shop sends, defined once: the e-mail catalogue (@souls/emails) gives
 * each its payload and templates, the queue stores the code, and the panel labels it
 * (`copy.labels.emailType` in @souls/api/admin-words). `new_order` and `low_stock` go to the owner, the
 * others to a shopper.
 */
export const EMAIL_TYPES = [
  "order_confirmation",
  "shipping_notification",
  "withdrawal_acknowledgement",
  "order_refunded_sold_out",
  "order_refund",
  "signup_confirmation",
  "back_in_stock",
  "announcement",
  "review_invitation",
  "review_rejected",
  "tracking_link",
  "address_corrected",
  "new_order",
  "low_stock",
  "incident",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** The e-mails that tell the owner something (her new orders, her low stock, an incident): in French, to her address. */
export const OWNER_EMAIL_TYPES = [
  "new_order",
  "low_stock",
  "incident",
] as const satisfies readonly EmailType[];

/**
 * What can go wrong in the shop that the owner is told of by e-mail (decision 044): checkout keeps
 * failing, e-mails do not leave, the worker stopped. Once when it begins, once when it is over.
 */
export const INCIDENT_KINDS = ["checkout_failing", "emails_failing", "worker_stopped"] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

export function isEmailType(value: unknown): value is EmailType {
  return typeof value === "string" && (EMAIL_TYPES as readonly string[]).includes(value);
}
