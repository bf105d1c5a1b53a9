/** The owner's orders page: find orders, open one, and move it along as the parcel leaves. */
import type { Carrier } from "@souls/core/carriers";
import type { Locale } from "@souls/core/locales";
import type { OrderStatus, PaymentStatus } from "@souls/core/statuses";
import type { Database, Kysely, Order, PaymentCheck, Refund, Transaction } from "@souls/db";
import { type ExpressionBuilder, sql } from "kysely";
import { IllegalTransitionError } from "../order-status";
import { releaseHold } from "../orders/holds";
import { applyOrderEvent } from "../orders/transitions";
import { REFUND_DEADLINE_DAYS, refundDeadline } from "../withdrawal";
import { AdminNotFoundError, PaymentToCheckError } from "./errors";
import { likePattern } from "./search";
import { enqueueShippingNotification } from "./shipping-notification";

export interface AdminOrderRow {
  id: number;
  orderNumber: string;
  customerName: string;
  email: string;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  carrier: Carrier | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  createdAt: Date;
  /** A withdrawn order whose parcel had left and has not come back yet ("retour attendu"). */
  returnExpected: boolean;
  /** A withdrawn order not fully refunded: the legal deadline (L221-24), and whether it is past. */
  refundDue: { at: Date; daysLeft: number; late: boolean } | null;
  /**
   * The gateway took another amount than the total: what it took and what the order asked. In
   * the list while the payment is to be checked (`mismatch`); in the detail afterwards too.
   */
  paymentCheck: {
    receivedCents: number;
    receivedCurrency: string;
    expectedCents: number;
    expectedCurrency: string;
  } | null;
}

export interface AdminOrderDetail {
  order: AdminOrderRow & {
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
    shippingCents: number;
    paymentProvider: Order["paymentProvider"];
    paymentReference: string | null;
    /** Given back, and still refundable (paid minus refunds done or on their way). */
    refundedCents: number;
    refundableCents: number;
    /** Shipping not yet given back. */
    refundableShippingCents: number;
  };
  items: {
    id: number;
    name: string;
    quantity: number;
    unitPriceCents: number;
    /** Pieces of the line not refunded yet (nor on their way). */
    refundableQuantity: number;
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
    note: string | null;
    createdAt: Date;
  }[];
}

export interface OrderListQuery {
  status?: OrderStatus;
  /** Part of the order number, the customer's name or e-mail, any case. */
  search?: string;
  page?: number;
  pageSize?: number;
}

export interface OrderPage {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

export const ORDER_PAGE_SIZE = 20;

/** The refund deadline of a withdrawn order not fully refunded, as the panel counts it. */
export function refundDueOf(
  order: Pick<Order, "withdrawnAt" | "paymentStatus">,
  now: Date,
): AdminOrderRow["refundDue"] {
  if (!order.withdrawnAt || order.paymentStatus === "refunded") return null;
  const at = refundDeadline(order.withdrawnAt);
  const daysLeft = Math.ceil((at.getTime() - now.getTime()) / (24 * 3600_000));
  return { at, daysLeft, late: at.getTime() < now.getTime() };
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

const rowOf = (order: Order, now = new Date(), check?: PaymentCheck): AdminOrderRow => ({
  id: order.id,
  orderNumber: order.orderNumber,
  customerName: `${order.firstName} ${order.lastName}`,
  email: order.email,
  totalCents: order.totalCents,
  currency: order.currency,
  status: order.status,
  paymentStatus: order.paymentStatus,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
  shippedAt: order.shippedAt,
  createdAt: order.createdAt,
  returnExpected: order.withdrawnAt !== null && order.shippedAt !== null && order.returnedAt === null,
  refundDue: refundDueOf(order, now),
  paymentCheck: checkOf(check),
});

/** Newest first, a page at a time, with the number of orders matching in all. */
export async function listOrders(db: Kysely<Database>, query: OrderListQuery = {}): Promise<OrderPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ORDER_PAGE_SIZE;
  const search = query.search?.trim();
  const matching = (eb: ExpressionBuilder<Database, "orders">) => {
    const conditions = [];
    if (query.status) conditions.push(eb("status", "=", query.status));
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        eb.or([
          eb("orderNumber", "ilike", pattern),
          eb("email", "ilike", pattern),
          eb(
            eb.fn<string>("concat_ws", [eb.val(" "), eb.ref("firstName"), eb.ref("lastName")]),
            "ilike",
            pattern,
          ),
        ]),
      );
    }
    return eb.and(conditions);
  };
  const [orders, count] = await Promise.all([
    db
      .selectFrom("orders")
      .selectAll()
      .where(matching)
      // A withdrawn order whose refund is late comes first: the law's deadline has passed. Then
      // a payment to check: the shopper's money and the pieces are held until the owner acts.
      .orderBy(
        sql`(withdrawn_at IS NOT NULL AND payment_status <> 'refunded' AND withdrawn_at < now() - make_interval(days => ${REFUND_DEADLINE_DAYS}))`,
        "desc",
      )
      .orderBy(sql`(payment_status = 'mismatch')`, "desc")
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .where(matching)
      .executeTakeFirstOrThrow(),
  ]);
  const now = new Date();
  const toCheck = orders.filter((order) => order.paymentStatus === "mismatch").map((order) => order.id);
  const checks =
    toCheck.length === 0
      ? []
      : await db.selectFrom("paymentChecks").selectAll().where("orderId", "in", toCheck).execute();
  return {
    orders: orders.map((order) =>
      rowOf(
        order,
        now,
        checks.find((check) => check.orderId === order.id),
      ),
    ),
    total: Number(count.total),
    page,
    pageSize,
  };
}

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
      .select(["id", "name", "quantity", "unitPriceCents", "restockedQuantity"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("orderEvents")
      .select(["fromStatus", "toStatus", "actor", "note", "createdAt"])
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
  return {
    order: {
      ...rowOf(order, new Date(), check),
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
      shippingCents: order.shippingCents,
      paymentProvider: order.paymentProvider,
      paymentReference: order.paymentReference,
      refundedCents,
      refundableCents,
      refundableShippingCents,
    },
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      refundableQuantity: paid ? item.quantity - refundedQuantity(item.id) : 0,
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
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("orderNumber", "=", orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new AdminNotFoundError("order", orderNumber);
    return { orderNumber, status: await step(trx, order) };
  });
}

export interface ShipmentInput {
  orderNumber: string;
  carrier: Carrier;
  trackingNumber: string;
  now?: Date;
}

/** The parcel left: status, carrier and number, the event row and the shipping e-mail together. */
export async function markShipped(db: Kysely<Database>, input: ShipmentInput): Promise<MovedOrder> {
  const shippedAt = input.now ?? new Date();
  const trackingNumber = input.trackingNumber.trim();
  return moveOrder(db, input.orderNumber, async (trx, order) => {
    // A partly refunded order may still leave, once.
    if (order.shippedAt) throw new IllegalTransitionError(order.status, "shipped");
    const status = await applyOrderEvent(trx, order, "shipped", "admin", {
      shippedAt,
      carrier: input.carrier,
      trackingNumber,
    });
    await enqueueShippingNotification(trx, order, { carrier: input.carrier, trackingNumber, shippedAt });
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
      const lines = await trx
        .selectFrom("orderItems")
        .select(["productId", "quantity"])
        .where("orderId", "=", order.id)
        .execute();
      await releaseHold(trx, lines);
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
