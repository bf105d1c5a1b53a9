import { emailWidths, isPhotoHash, photoPath } from "@souls/core/photos";
import type { Database, Order, Transaction } from "@souls/db";
import type { EmailPayload } from "@souls/emails/messages";
import { promiseIn } from "../delivery/zones";
import { enqueueEmail } from "../outbox/enqueue";
import { importDutiesMayApply } from "../shipping";
import { findOrder, type LineCover } from "./queries";
import { issueTrackingToken } from "./tracking-token";

/**
 * The e-mails about an order, queued inside the caller's transaction. Each payload is a snapshot
 * of the order at the moment of the change it tells of, and each carries a tracking token of its
 * own, issued in the same transaction (decision 029): whichever e-mail she kept opens her order.
 */

const customerName = (order: Pick<Order, "firstName" | "lastName">) => `${order.firstName} ${order.lastName}`;

/** A line of an order as e-mails show it. */
export interface EmailedLine {
  model: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The model's cover photo: the e-mail shows its JPEG (a launch drawing, an SVG, it cannot). */
  cover?: LineCover | null;
}

/** The path of a cover's JPEG for an e-mail's line, if it has one. */
export function emailPhotoPathOf(cover: LineCover | null | undefined): string | undefined {
  if (!cover || !isPhotoHash(cover.source)) return undefined;
  const [width = cover.width] = emailWidths(cover.width);
  return photoPath(cover.source, width, "jpeg");
}

async function orderSnapshot(trx: Transaction<Database>, order: Order) {
  const found = await findOrder(trx, order.orderNumber);
  return snapshotOf(order, found?.lines ?? []);
}

/** What every order e-mail recaps: its number, the shopper's name, its lines and amounts. */
export function snapshotOf(
  order: Pick<
    Order,
    "orderNumber" | "firstName" | "lastName" | "subtotalCents" | "shippingCents" | "totalCents" | "currency"
  >,
  lines: readonly EmailedLine[],
) {
  const items = lines.map(({ model, name, quantity, unitPriceCents, cover }) => {
    const photoPath = emailPhotoPathOf(cover);
    return { model, name, quantity, unitPriceCents, ...(photoPath ? { photoPath } : {}) };
  });
  return {
    orderNumber: order.orderNumber,
    customerName: customerName(order),
    items,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: order.currency,
  };
}

export const recipientOf = (order: Order) => ({
  email: order.email,
  locale: order.locale,
  orderId: order.id,
  test: order.isTest,
});

export async function enqueueOrderConfirmation(
  trx: Transaction<Database>,
  order: Order,
  trackingToken: string,
): Promise<void> {
  const found = await findOrder(trx, order.orderNumber);
  await enqueueEmail(trx, recipientOf(order), {
    type: "order_confirmation",
    payload: confirmationPayload(order, found?.lines ?? [], trackingToken),
  });
}

/** The confirmation's content: the order as it stands when paid, and its tracking token. */
export function confirmationPayload(
  order: Order,
  lines: readonly EmailedLine[],
  trackingToken: string,
): EmailPayload<"order_confirmation"> {
  return {
    ...snapshotOf(order, lines),
    orderedAt: order.createdAt.toISOString(),
    shippingAddress: {
      name: customerName(order),
      address: order.address,
      addressLine2: order.addressLine2,
      postalCode: order.postalCode,
      city: order.city,
      country: order.country,
    },
    importDuties: importDutiesMayApply(order.country),
    deliveryInstructions: order.deliveryInstructions,
    ...(order.isTest ? { test: true } : {}),
    // The times it was sold with (decision 049), whatever the zones have become since.
    ...(order.delivery ? { delivery: promiseIn(order.delivery, order.locale) } : {}),
    trackingToken,
  };
}

export async function enqueueSoldOutRefund(
  trx: Transaction<Database>,
  order: Order,
  now: Date,
): Promise<void> {
  await enqueueEmail(trx, recipientOf(order), {
    type: "order_refunded_sold_out",
    payload: {
      ...(await orderSnapshot(trx, order)),
      trackingToken: await issueTrackingToken(trx, order.id, now),
    },
  });
}

export async function enqueueWithdrawalAcknowledgement(
  trx: Transaction<Database>,
  order: Order,
  receivedAt: Date,
): Promise<void> {
  await enqueueEmail(trx, recipientOf(order), {
    type: "withdrawal_acknowledgement",
    payload: {
      ...(await orderSnapshot(trx, order)),
      receivedAt: receivedAt.toISOString(),
      trackingToken: await issueTrackingToken(trx, order.id, receivedAt),
    },
  });
}

/** A refund, as the shopper reads it: the amount, the lines it gives back, the reason. */
export async function enqueueRefund(
  trx: Transaction<Database>,
  order: Order,
  refund: {
    reason: EmailPayload<"order_refund">["reason"];
    amountCents: number;
    items: { productId: number; name: string; quantity: number; unitPriceCents: number }[];
    fullyRefunded: boolean;
    refundedAt: Date;
  },
): Promise<void> {
  const models = new Map(
    refund.items.length === 0
      ? []
      : (
          await trx
            .selectFrom("products")
            .select(["id", "slug"])
            .where(
              "id",
              "in",
              refund.items.map((item) => item.productId),
            )
            .execute()
        ).map((product) => [product.id, product.slug]),
  );
  await enqueueEmail(trx, recipientOf(order), {
    type: "order_refund",
    payload: {
      orderNumber: order.orderNumber,
      customerName: customerName(order),
      reason: refund.reason,
      amountCents: refund.amountCents,
      currency: order.currency,
      items: refund.items.map((item) => ({
        model: models.get(item.productId) ?? "",
        name: item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
      })),
      fullyRefunded: refund.fullyRefunded,
      refundedAt: refund.refundedAt.toISOString(),
      trackingToken: await issueTrackingToken(trx, order.id, refund.refundedAt),
    },
  });
}
