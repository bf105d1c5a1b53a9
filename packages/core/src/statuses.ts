/**
 * Every status an order, its payment, a refund and a queued e-mail can have, with the one French
 * label the owner reads for each (spec §4: the admin is French only). The database stores the
 * codes; pages, badges and the API's messages all show these labels.
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
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS = {
  awaiting_payment: "En attente de paiement",
  pending_preparation: "En préparation",
  prepared: "Préparée",
  shipped: "Expédiée",
  delivered: "Livrée",
  cancelled: "Annulée",
  expired: "Expirée",
  refunded: "Remboursée",
  partially_refunded: "Partiellement remboursée",
  withdrawn: "Rétractée",
} as const satisfies Record<OrderStatus, string>;

export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS = {
  pending: "En attente",
  paid: "Payée",
  failed: "Échouée",
  refunded: "Remboursée",
  partially_refunded: "Partiellement remboursée",
} as const satisfies Record<PaymentStatus, string>;

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const REFUND_STATUS_LABELS = {
  pending: "En attente de la banque",
  succeeded: "Effectué",
  failed: "Échoué",
} as const satisfies Record<RefundStatus, string>;

/** The outbox's life of a message: pending → sending → sent, or failed once its tries run out. */
export const EMAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS = {
  pending: "En attente",
  sending: "Envoi en cours",
  sent: "Envoyé",
  failed: "Échoué",
} as const satisfies Record<EmailStatus, string>;
