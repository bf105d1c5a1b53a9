/** The owner's orders page: find orders, open one, and move it along as the parcel leaves. */

import type { OrderChange } from "@souls/core/actors";
import type { Locale } from "@souls/core/locales";
import type { EmailStatus, OrderStatus } from "@souls/core/statuses";
import type { Database, Kysely, Order, PaymentCheck, Refund, Transaction } from "@souls/db";
import { sql } from "kysely";
import { shipmentWith } from "../carriers";
import { AdminNotFoundError, NothingToShipError, PaymentToCheckError } from "../errors";
import { fulfilmentOf, linesToShip, refundedBeforeShipping, somethingToShip } from "../fulfilment";
import { IllegalTransitionError, mayCancel, mayCorrectAddress, nextStatus } from "../order-status";
import { releaseOrderHold } from "../orders/holds";
import { lockOrder } from "../orders/lock-order";
import type { LineCover } from "../orders/queries";
import { applyOrderEvent } from "../orders/transitions";
import { type OrderPapers, orderPapers } from "../papers/read";
import { type AdminOrderRow, refundDueOf } from "./order-list";
import { enqueueShippingNotification } from "./shipping-notification";

export interface AdminOrderDetail {
  order: Omit<AdminOrderRow, "lines"> & {
    /** In full: the one order she opens is where she writes to its customer. */
    email: string;
    firstName: string;
    lastName: string;
    address: string;
    addressLine2: string | null;
    /** For the carrier's label: it texts the recipient. */
    phone: string | null;
    postalCode: string;
    city: string;
    country: string;
    deliveryInstructions: string | null;
    customerNote: string | null;
    locale: Locale;
    paidAt: Date | null;
    deliveredAt: Date | null;
    withdrawnAt: Date | null;
    returnedAt: Date | null;
    subtotalCents: number;
    shippingCents: number;
    paymentProvider: Order["paymentProvider"];
    paymentReference: string | null;
    /** Given back, and still refundable (paid minus refunds done or on their way). */
    refundedCents: number;
    refundableCents: number;
    /** Shipping not yet given back. */
    refundableShippingCents: number;
    /** What the state machine lets the owner do now (never a list of statuses of the panel's own). */
    cancellable: boolean;
    /** Its shipping address may still be corrected: paid, and the parcel not gone. */
    addressCorrectable: boolean;
  };
  items: {
    id: number;
    name: string;
    model: string;
    reference: string;
    cover: LineCover | null;
    quantity: number;
    unitPriceCents: number;
    /** Pieces of the line not refunded yet (nor on their way). */
    refundableQuantity: number;
    /** Pieces refunded before the parcel left, and those in it (to pack, or packed). */
    refundedBeforeShipping: number;
    toShip: number;
    restockedQuantity: number;
  }[];
  refunds: {
    id: number;
    amountCents: number;
    reason: Refund["reason"];
    status: Refund["status"];
    source: Refund["source"];
    restock: Refund["restock"];
    note: string | null;
    lastError: string | null;
    createdAt: Date;
    settledAt: Date | null;
    lines: { name: string; quantity: number }[];
  }[];
  events: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    actor: string;
    /** Who in the panel did it (decision 043); null for the shop's own steps. */
    actorName: string | null;
    note: string | null;
    createdAt: Date;
  }[];
  /** What happened besides its statuses: an address corrected, an e-mail sent again. */
  changes: {
    kind: OrderChange;
    actor: string;
    actorName: string | null;
    detail: Record<string, unknown>;
    createdAt: Date;
  }[];
  /** The e-mails its customer received, each of which the owner may send again. */
  emails: { id: number; type: string; status: EmailStatus; createdAt: Date; sentAt: Date | null }[];
  papers: OrderPapers;
}

const checkOf = (check: PaymentCheck | undefined): AdminOrderRow["paymentCheck"] =>
  check
    ? {
        receivedCents: check.receivedCents,
        receivedCurrency: check.receivedCurrency,
        expectedCents: check.expectedCents,
        expectedCurrency: check.expectedCurrency,
      }
    : null;

/** One order with its lines, its refunds and the history of its status. */
export async function orderDetail(db: Kysely<Database>, orderNumber: string): Promise<AdminOrderDetail> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order) throw new AdminNotFoundError("order", orderNumber);
  const [items, events, refunds, refundLines, check] = await Promise.all([
    db
      .selectFrom("orderItems")
      .innerJoin("products", "products.id", "orderItems.productId")
      .select([
        "orderItems.id",
        "orderItems.name",
        "orderItems.quantity",
        "orderItems.unitPriceCents",
        "orderItems.restockedQuantity",
        "products.slug as model",
        "products.reference",
        sql<LineCover | null>`product_cover(products.id)`.as("cover"),
      ])
      .where("orderItems.orderId", "=", order.id)
      .orderBy("orderItems.id")
      .execute(),
    db
      .selectFrom("orderEvents")
      .select(["fromStatus", "toStatus", "actor", "actorName", "note", "createdAt"])
      .where("orderId", "=", order.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute(),
    db.selectFrom("refunds").selectAll().where("orderId", "=", order.id).orderBy("id").execute(),
    db
      .selectFrom("refundItems")
      .innerJoin("refunds", "refunds.id", "refundItems.refundId")
      .select(["refundItems.refundId", "refundItems.orderItemId", "refundItems.quantity", "refunds.status"])
      .where("refunds.orderId", "=", order.id)
      .execute(),
    db.selectFrom("paymentChecks").selectAll().where("orderId", "=", order.id).executeTakeFirst(),
  ]);
  const [changes, emails, papers, refundedBefore, declined] = await Promise.all([
    db
      .selectFrom("orderChanges")
      .select(["kind", "actor", "actorName", "detail", "createdAt"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("emailQueue")
      .select(["id", "type", "status", "createdAt", "sentAt"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute(),
    orderPapers(db, order.id),
    refundedBeforeShipping(db, order.id),
    order.paymentStatus === "failed"
      ? db
          .selectFrom("paymentEvents")
          .select("eventId")
          .where("orderId", "=", order.id)
          .where("type", "=", "failed")
          .limit(1)
          .executeTakeFirst()
      : undefined,
  ]);
  const fulfilment = fulfilmentOf(order, items, refundedBefore);
  const now = new Date();
  const counts = (refund: { status: Refund["status"] }) => refund.status !== "failed";
  const refundedCents = refunds
    .filter((r) => r.status === "succeeded")
    .reduce((sum, r) => sum + r.amountCents, 0);
  const committed = refunds.filter(counts);
  const paid = order.paymentStatus === "paid" || order.paymentStatus === "partially_refunded";
  const refundableCents = paid ? order.totalCents - committed.reduce((sum, r) => sum + r.amountCents, 0) : 0;
  const refundableShippingCents = paid
    ? Math.min(refundableCents, order.shippingCents - committed.reduce((sum, r) => sum + r.shippingCents, 0))
    : 0;
  const refundedQuantity = (itemId: number) =>
    refundLines
      .filter((line) => line.orderItemId === itemId && line.status !== "failed")
      .reduce((sum, line) => sum + line.quantity, 0);
  const { lines: _lines, ...row } = rowOf(order, now, check, declined !== undefined);
  return {
    order: {
      ...row,
      email: order.email,
      firstName: order.firstName,
      lastName: order.lastName,
      address: order.address,
      addressLine2: order.addressLine2,
      phone: order.phone,
      postalCode: order.postalCode,
      city: order.city,
      country: order.country,
      deliveryInstructions: order.deliveryInstructions,
      customerNote: order.customerNote,
      locale: order.locale,
      paidAt: order.paidAt,
      deliveredAt: order.deliveredAt,
      withdrawnAt: order.withdrawnAt,
      returnedAt: order.returnedAt,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      paymentProvider: order.paymentProvider,
      paymentReference: order.paymentReference,
      refundedCents,
      refundableCents,
      refundableShippingCents,
      cancellable: refundableCents > 0 && mayCancel(order),
      addressCorrectable: mayCorrectAddress(order),
    },
    items: fulfilment.map((item) => ({
      id: item.id,
      name: item.name,
      model: item.model,
      reference: item.reference,
      cover: item.cover,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      refundableQuantity: paid ? item.quantity - refundedQuantity(item.id) : 0,
      refundedBeforeShipping: item.refunded,
      toShip: item.toShip,
      restockedQuantity: item.restockedQuantity,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      status: refund.status,
      source: refund.source,
      restock: refund.restock,
      note: refund.note,
      lastError: refund.lastError,
      createdAt: refund.createdAt,
      settledAt: refund.settledAt,
      lines: refundLines
        .filter((line) => line.refundId === refund.id)
        .map((line) => ({
          name: items.find((item) => item.id === line.orderItemId)?.name ?? "",
          quantity: line.quantity,
        })),
    })),
    events,
    changes,
    emails,
    papers,
  };
}

/** An order row as the list shows it, from the whole order (its detail's header). */
function rowOf(order: Order, now: Date, check?: PaymentCheck, paymentAttempted = false): AdminOrderRow {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    customerName: `${order.firstName} ${order.lastName}`,
    email: order.email,
    totalCents: order.totalCents,
    currency: order.currency,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentAttempted,
    carrier: order.carrier,
    carrierName: order.carrierName ?? order.carrier,
    carrierTrackingUrl: order.carrierTrackingUrl,
    trackingNumber: order.trackingNumber,
    shippedAt: order.shippedAt,
    createdAt: order.createdAt,
    isTest: order.isTest,
    returnExpected: order.withdrawnAt !== null && order.shippedAt !== null && order.returnedAt === null,
    refundDue: refundDueOf(order, now),
    paymentCheck: checkOf(check),
    lines: [],
  };
}

export interface MovedOrder {
  orderNumber: string;
  status: OrderStatus;
}

/**
 * One step of the owner's, in one transaction with the order row locked: two clicks (or two tabs)
 * cannot both apply it, and the state machine refuses a step the order's status does not allow.
 */
async function moveOrder(
  db: Kysely<Database>,
  orderNumber: string,
  step: (trx: Transaction<Database>, order: Order) => Promise<OrderStatus>,
): Promise<MovedOrder> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderNumber);
    return { orderNumber, status: await step(trx, order) };
  });
}

export interface ShipmentInput {
  orderNumber: string;
  /** The carrier's key: one the owner offers now (@souls/shop/carriers). */
  carrier: string;
  trackingNumber: string;
  now?: Date;
}

/** The parcel left: status, carrier and number, the event row and the shipping e-mail together. */
export async function markShipped(db: Kysely<Database>, input: ShipmentInput): Promise<MovedOrder> {
  const shippedAt = input.now ?? new Date();
  const trackingNumber = input.trackingNumber.trim();
  return moveOrder(db, input.orderNumber, async (trx, order) => {
    // A partly refunded order may still leave, once, with what is left to ship.
    if (order.shippedAt || !nextStatus(order.status, "shipped").ok) {
      throw new IllegalTransitionError(order.status, "shipped");
    }
    if (!somethingToShip(await linesToShip(trx, order))) throw new NothingToShipError(order.orderNumber);
    // The order keeps the carrier's name and the parcel's link as they are now (decision 050).
    const shipment = await shipmentWith(trx, input.carrier, trackingNumber);
    const status = await applyOrderEvent(trx, order, "shipped", "admin", {
      shippedAt,
      ...shipment,
      trackingNumber,
    });
    await enqueueShippingNotification(trx, order, { ...shipment, trackingNumber, shippedAt });
    return status;
  });
}

export function markPrepared(db: Kysely<Database>, orderNumber: string): Promise<MovedOrder> {
  return moveOrder(db, orderNumber, (trx, order) => applyOrderEvent(trx, order, "prepared", "admin"));
}

/** The delivery date starts the 14-day withdrawal period (withdrawal.ts). */
export function markDelivered(
  db: Kysely<Database>,
  orderNumber: string,
  now = new Date(),
): Promise<MovedOrder> {
  return moveOrder(db, orderNumber, (trx, order) => {
    // A partly refunded order is delivered once, after it left.
    if (order.status === "partially_refunded" && (!order.shippedAt || order.deliveredAt)) {
      throw new IllegalTransitionError(order.status, "delivered");
    }
    return applyOrderEvent(trx, order, "delivered", "admin", { deliveredAt: now });
  });
}

/**
 * The owner gives back the pieces an unpaid order holds (a hold she judges abusive, or a shopper
 * who wrote that she will not pay): the order is cancelled and its pieces are for sale again. A
 * payment that still arrived afterwards is honoured if the pieces are there, refunded otherwise.
 */
export function releaseUnpaidOrder(db: Kysely<Database>, orderNumber: string): Promise<MovedOrder> {
  return moveOrder(db, orderNumber, async (trx, order) => {
    // The shopper's money is held for these pieces: only its refund releases them.
    if (order.paymentStatus === "mismatch") throw new PaymentToCheckError(order.orderNumber);
    // Only an unpaid order holds pieces; the state machine refuses any other.
    if (order.status === "awaiting_payment") {
      await releaseOrderHold(trx, order);
    }
    return applyOrderEvent(
      trx,
      order,
      "payment_cancelled",
      "admin",
      { paymentStatus: "failed" },
      "hold released by the owner",
    );
  });
}
