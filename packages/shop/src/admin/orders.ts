/** The owner's orders page: find orders, open one, and move it along as the parcel leaves. */
import type {
  Carrier,
  Database,
  Kysely,
  Locale,
  Order,
  OrderStatus,
  PaymentStatus,
  Transaction,
} from "@souls/db";
import type { ExpressionBuilder } from "kysely";
import { releaseHold } from "../orders/stock";
import { applyOrderEvent } from "../orders/transitions";
import { AdminNotFoundError } from "./errors";
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
}

export interface AdminOrderDetail {
  order: AdminOrderRow & {
    address: string;
    postalCode: string;
    city: string;
    country: string;
    deliveryInstructions: string | null;
    customerNote: string | null;
    locale: Locale;
    paidAt: Date | null;
    deliveredAt: Date | null;
    withdrawnAt: Date | null;
  };
  items: { name: string; quantity: number; unitPriceCents: number }[];
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

const rowOf = (order: Order): AdminOrderRow => ({
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
  return { orders: orders.map(rowOf), total: Number(count.total), page, pageSize };
}

/** One order with its lines and the history of its status. */
export async function orderDetail(db: Kysely<Database>, orderNumber: string): Promise<AdminOrderDetail> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order) throw new AdminNotFoundError("order", orderNumber);
  const [items, events] = await Promise.all([
    db
      .selectFrom("orderItems")
      .select(["name", "quantity", "unitPriceCents"])
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
  ]);
  return {
    order: {
      ...rowOf(order),
      address: order.address,
      postalCode: order.postalCode,
      city: order.city,
      country: order.country,
      deliveryInstructions: order.deliveryInstructions,
      customerNote: order.customerNote,
      locale: order.locale,
      paidAt: order.paidAt,
      deliveredAt: order.deliveredAt,
      withdrawnAt: order.withdrawnAt,
    },
    items,
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
  return moveOrder(db, orderNumber, (trx, order) =>
    applyOrderEvent(trx, order, "delivered", "admin", { deliveredAt: now }),
  );
}

/**
 * The owner gives back the pieces an unpaid order holds (a hold she judges abusive, or a shopper
 * who wrote that she will not pay): the order is cancelled and its pieces are for sale again. A
 * payment that still arrived afterwards is honoured if the pieces are there, refunded otherwise.
 */
export function releaseUnpaidOrder(db: Kysely<Database>, orderNumber: string): Promise<MovedOrder> {
  return moveOrder(db, orderNumber, async (trx, order) => {
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
