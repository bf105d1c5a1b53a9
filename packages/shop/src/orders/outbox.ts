import type { Database, Locale, Transaction } from "@souls/db";

export type EmailType = "order_confirmation" | "order_refunded_sold_out";

const SUBJECTS: Record<EmailType, Record<Locale, (orderNumber: string) => string>> = {
  order_confirmation: {
    fr: (n) => `Votre commande ${n} est confirmée`,
    en: (n) => `Your order ${n} is confirmed`,
  },
  order_refunded_sold_out: {
    fr: (n) => `Votre commande ${n} : pièce épuisée, remboursement effectué`,
    en: (n) => `Your order ${n}: piece sold out, refund issued`,
  },
};

/**
 * Queues an e-mail in the same transaction as the change it tells of (transactional outbox):
 * the worker delivers it later, so a crash can never lose it nor send it for a rolled-back change.
 */
export async function enqueueOrderEmail(
  trx: Transaction<Database>,
  order: { id: number; orderNumber: string; email: string; locale: Locale },
  type: EmailType,
  payload: Record<string, unknown> = {},
): Promise<void> {
  await trx
    .insertInto("emailQueue")
    .values({
      orderId: order.id,
      recipient: order.email,
      locale: order.locale,
      type,
      subject: SUBJECTS[type][order.locale](order.orderNumber),
      payload: JSON.stringify({ orderNumber: order.orderNumber, ...payload }),
    })
    .execute();
}
