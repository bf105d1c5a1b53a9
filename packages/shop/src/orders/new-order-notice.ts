/**
 * The owner hears of each paid order (issue 27): an e-mail to her address (« Réglages », or the
 * shop's contact e-mail), queued in the transaction that pays the order, unless she switched it
 * off. In French: the panel's language. It is about the order, not one of the order's e-mails
 * (those its customer receives, which the owner may send again): its queue row names no order.
 */
import type { Database, Order, Transaction } from "@souls/db";
import type { EmailPayload } from "@souls/emails/messages";
import { emailRow, enqueueEmail } from "../outbox/enqueue";
import { ownerRecipient } from "../owner/settings";
import { type EmailedLine, snapshotOf } from "./order-emails";

type NoticedOrder = Pick<
  Order,
  | "id"
  | "orderNumber"
  | "firstName"
  | "lastName"
  | "subtotalCents"
  | "shippingCents"
  | "totalCents"
  | "currency"
  | "postalCode"
  | "city"
  | "country"
  | "deliveryInstructions"
  | "customerNote"
  | "paymentProvider"
>;

function newOrderPayload(
  order: NoticedOrder,
  lines: readonly EmailedLine[],
  paidAt: Date,
): EmailPayload<"new_order"> {
  return {
    ...snapshotOf(order, lines),
    paidAt: paidAt.toISOString(),
    destination: { postalCode: order.postalCode, city: order.city, country: order.country },
    deliveryInstructions: order.deliveryInstructions,
    customerNote: order.customerNote,
    test: order.paymentProvider === "test",
  };
}

/** The notice of a paid order, without its recipient (read where it is queued). */
export function newOrderNotice(order: NoticedOrder, lines: readonly EmailedLine[], paidAt: Date) {
  return emailRow(
    { email: "", locale: "fr", orderId: null },
    { type: "new_order", payload: newOrderPayload(order, lines, paidAt) },
  );
}

/** Queues the notice of a paid order in the paying transaction, if the owner wants it. */
export async function enqueueNewOrderNotice(
  trx: Transaction<Database>,
  order: NoticedOrder,
  lines: readonly EmailedLine[],
  paidAt: Date,
): Promise<void> {
  const recipient = await ownerRecipient(trx, "newOrderEmail");
  if (!recipient) return;
  await enqueueEmail(
    trx,
    { email: recipient, locale: "fr", orderId: null },
    { type: "new_order", payload: newOrderPayload(order, lines, paidAt) },
  );
}
