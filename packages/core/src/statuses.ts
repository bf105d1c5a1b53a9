/**
 * Every status an order, its payment, a refund and a queued e-mail can have, each with the one
 * French label the owner reads (spec §4: the admin is French only). The database stores the codes;
 * pages, badges and the API's messages show these labels. The labels are the definition: each list
 * of codes is read from them, in their order.
 */
export const STATUS_LABELS = {
  order: {
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
  },
  payment: {
    pending: "En attente",
    paid: "Payée",
    failed: "Échouée",
    refunded: "Remboursée",
    partially_refunded: "Partiellement remboursée",
    /** Money taken for another amount than the order's total: never applied, the owner checks it. */
    mismatch: "À vérifier",
  },
  /** The outbox's life of a message: pending → sending → sent, or failed once its tries run out. */
  email: { pending: "En attente", sending: "Envoi en cours", sent: "Envoyé", failed: "Échoué" },
  refund: { pending: "En attente de la banque", succeeded: "Effectué", failed: "Échoué" },
} as const;

export const ORDER_STATUS_LABELS = STATUS_LABELS.order;
export const PAYMENT_STATUS_LABELS = STATUS_LABELS.payment;
export const EMAIL_STATUS_LABELS = STATUS_LABELS.email;
export const REFUND_STATUS_LABELS = STATUS_LABELS.refund;

export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;
export type PaymentStatus = keyof typeof PAYMENT_STATUS_LABELS;
export type EmailStatus = keyof typeof EMAIL_STATUS_LABELS;
export type RefundStatus = keyof typeof REFUND_STATUS_LABELS;

/** The codes of a label table, as a non-empty list (what z.enum takes). */
const codesOf = <Code extends string>(labels: Record<Code, string>) =>
  Object.keys(labels) as [Code, ...Code[]];

export const ORDER_STATUSES = codesOf(ORDER_STATUS_LABELS);
export const PAYMENT_STATUSES = codesOf(PAYMENT_STATUS_LABELS);
export const EMAIL_STATUSES = codesOf(EMAIL_STATUS_LABELS);
export const REFUND_STATUSES = codesOf(REFUND_STATUS_LABELS);
