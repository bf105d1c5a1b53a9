import type { Database, Order, Transaction } from "@souls/db";
import type { EmailPayload } from "@souls/emails/messages";
import type { Shipment } from "../carriers";
import { issueTrackingToken } from "../orders/tracking-token";
import { enqueueEmail } from "../outbox/enqueue";

/**
 * The shipping e-mail, queued inside the transaction that marks the order shipped: a snapshot of
 * the parcel (carrier, number, the carrier's page) at that moment, and the order's tracking link
 * with a token of its own. Decision 029: she follows her parcel from this e-mail without digging
 * out the first one; a forwarded shipping e-mail opens the order, as a forwarded confirmation does.
 */
export async function enqueueShippingNotification(
  trx: Transaction<Database>,
  order: Order,
  parcel: Shipment & { trackingNumber: string; shippedAt: Date },
): Promise<void> {
  const payload: EmailPayload<"shipping_notification"> = {
    orderNumber: order.orderNumber,
    customerName: `${order.firstName} ${order.lastName}`,
    carrierName: parcel.carrierName,
    trackingNumber: parcel.trackingNumber,
    carrierUrl: parcel.carrierTrackingUrl,
    shippedAt: parcel.shippedAt.toISOString(),
    trackingToken: await issueTrackingToken(trx, order.id, parcel.shippedAt),
  };
  await enqueueEmail(
    trx,
    { email: order.email, locale: order.locale, orderId: order.id, test: order.isTest },
    { type: "shipping_notification", payload },
  );
}
