/**
 * Refunds: money given back through the gateway that took the payment, never more than was paid,
 * never twice for one click. A refund is written `pending` in one transaction (the order locked,
 * what is left to refund checked), asked of the gateway outside any transaction with an
 * idempotency key of its own, then settled in a second transaction that moves the order through
 * the state machine, puts pieces back on the shelf and queues the shopper's e-mail
 * (../orders/refund-ledger.ts). Refunds made in the provider's dashboard arrive through its webhook
 * and are settled the same way.
 */

import type { Database, Kysely, Order, Refund, RefundReason, RefundRestock, Transaction } from "@souls/db";
import { sql } from "kysely";
import { paidForPieces } from "../discounts/rules";
import { AdminNotFoundError, GatewayUnavailableError, RefundRefusedError } from "../errors";
import { IllegalTransitionError, nextStatus } from "../order-status";
import { lockOrder } from "../orders/lock-order";
import { committedCents, orderOf, settleRefund } from "../orders/refund-ledger";
import type { PaymentGateway } from "../payments/gateway";

/** Order statuses in which money was taken and some is still there to give back. */
const REFUNDABLE_PAYMENTS = ["paid", "partially_refunded"] as const;

export interface RefundLine {
  /** order_items.id */
  itemId: number;
  quantity: number;
}

export interface RefundRequest {
  orderNumber: string;
  /** One per click of the owner's: the same request sent again is the same refund. */
  requestKey: string;
  reason: Exclude<RefundReason, "sold_out" | "provider">;
  /** Lines to refund (their price × quantity)… */
  lines?: RefundLine[];
  /** …with the delivery given back too… */
  includeShipping?: boolean;
  /** …or an amount, without lines. */
  amountCents?: number;
  restock: RefundRestock;
  note?: string | null;
  now?: Date;
}

export interface RefundOutcome {
  refundId: number;
  orderNumber: string;
  amountCents: number;
  status: Order["status"];
  /** The request had already been carried out (a retried click): nothing was done again. */
  replayed: boolean;
}

/** The owner refunds lines or an amount of a paid order (a return, a withdrawal, a gesture). */
export async function refundOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const prepared = await db.transaction().execute((trx) => prepareRefund(trx, gateway, request));
  return carryOut(db, gateway, prepared);
}

/**
 * The shop cannot make or send a paid order (a damaged piece, an address the carrier refuses):
 * everything left is refunded, the pieces go back on the shelf (unless the owner says not), the
 * order is cancelled and the shopper told.
 */
export async function cancelOrder(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  request: { orderNumber: string; requestKey: string; restock?: boolean; note?: string | null; now?: Date },
): Promise<RefundOutcome> {
  const prepared = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderNumber);
    const replay = await replayOf(trx, order, request.requestKey);
    if (replay) return { refund: replay, order };
    if (order.shippedAt) throw new RefundRefusedError("shipped");
    // Checked before any money moves: the state machine must let this order be cancelled.
    if (!nextStatus(order.status, "cancelled").ok)
      throw new IllegalTransitionError(order.status, "cancelled");
    const left = order.totalCents - (await committedCents(trx, order.id)).amount;
    return prepareRefund(
      trx,
      gateway,
      {
        orderNumber: request.orderNumber,
        requestKey: request.requestKey,
        reason: "cancellation",
        amountCents: left,
        restock: request.restock === false ? "no" : "now",
        note: request.note,
        now: request.now,
      },
      { wholeOrder: true },
    );
  });
  return carryOut(db, gateway, prepared);
}

/** A refund the gateway did not answer for, asked again under the same idempotency key. */
export async function retryRefund(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  refundId: number,
): Promise<RefundOutcome> {
  const refund = await db.selectFrom("refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
  if (!refund) throw new AdminNotFoundError("refund", refundId);
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", refund.orderId)
    .executeTakeFirstOrThrow();
  return carryOut(db, gateway, { refund, order });
}

interface Prepared {
  refund: Refund;
  order: Order;
}

/**
 * Checks a refund and writes it pending, in the caller's transaction (a refusal writes nothing).
 * `wholeOrder`: the cancellation's refund of everything left, the one amount that puts pieces back.
 */
async function prepareRefund(
  trx: Transaction<Database>,
  gateway: PaymentGateway,
  request: RefundRequest,
  { wholeOrder = false }: { wholeOrder?: boolean } = {},
): Promise<Prepared> {
  // Locked: two refunds of one order are decided one after the other, and a click sent twice at
  // once finds, second, the refund the first wrote.
  const order = await lockOrder(trx, request.orderNumber);
  const replay = await replayOf(trx, order, request.requestKey);
  if (replay) return { refund: replay, order };
  const lines = request.lines ?? [];
  // An amount names no piece: only pieces refunded, or a whole order cancelled, come back on sale
  // (else every piece of an order still to be sent would be for sale twice).
  if (lines.length === 0 && request.restock !== "no" && !wholeOrder) {
    throw new RefundRefusedError("amount_restock");
  }
  if (new Set(lines.map((line) => line.itemId)).size !== lines.length) {
    throw new RefundRefusedError("line_twice");
  }
  if (!(REFUNDABLE_PAYMENTS as readonly string[]).includes(order.paymentStatus)) {
    throw new RefundRefusedError("unpaid");
  }
  if (order.paymentProvider !== gateway.provider) throw new RefundRefusedError("unpaid");
  const committed = await committedCents(trx, order.id);
  const refundableCents = order.totalCents - committed.amount;

  const items = await trx.selectFrom("orderItems").selectAll().where("orderId", "=", order.id).execute();
  let amountCents = request.amountCents ?? 0;
  let shippingCents = 0;
  if (lines.length > 0) {
    const refundedQuantities = await committedQuantities(trx, order.id);
    amountCents = 0;
    for (const line of lines) {
      const item = items.find((candidate) => candidate.id === line.itemId);
      if (!item) throw new RefundRefusedError("unknown_line");
      const left = item.quantity - (refundedQuantities.get(item.id) ?? 0);
      if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > left) {
        throw new RefundRefusedError("line_quantity");
      }
      // What was paid for these pieces: after the order's discount code, pro rata (decision 048).
      amountCents += paidForPieces(item, line.quantity);
    }
    if (request.includeShipping) {
      shippingCents = order.shippingCents - committed.shipping;
      amountCents += shippingCents;
    }
  }
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RefundRefusedError("nothing");
  if (amountCents > refundableCents) throw new RefundRefusedError("too_much", refundableCents);

  const refund = await trx
    .insertInto("refunds")
    .values({
      orderId: order.id,
      provider: order.paymentProvider,
      amountCents,
      shippingCents,
      reason: request.reason,
      note: request.note?.trim() || null,
      requestKey: request.requestKey,
      source: "admin",
      restock: request.restock,
      createdAt: request.now ?? new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await trx
      .insertInto("refundItems")
      .values(
        lines.map((line) => ({ refundId: refund.id, orderItemId: line.itemId, quantity: line.quantity })),
      )
      .execute();
  }
  return { refund, order };
}

/**
 * Asks the gateway (outside any transaction: no row stays locked during the call), then settles.
 * A refund already settled (a replayed click, or the webhook was faster) is not asked again.
 */
async function carryOut(db: Kysely<Database>, gateway: PaymentGateway, { refund, order }: Prepared) {
  if (refund.status !== "pending") {
    const current = await orderOf(db, order.id);
    return refundOutcome(refund, current, true);
  }
  const providerRefundId = await askGatewayToRefund(db, gateway, order, refund);
  return db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.orderNumber);
    const settled = await settleRefund(trx, locked, refund.id, providerRefundId, "admin");
    return refundOutcome(settled ?? refund, await orderOf(trx, order.id), settled === null);
  });
}

/**
 * The gateway's side of a refund written `pending`: asked under the refund's own idempotency key,
 * so a click sent again gives the money back once. A failure is kept on the refund for the owner
 * to read, and the refund stays pending to be tried again.
 */
export async function askGatewayToRefund(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  order: Pick<Order, "orderNumber" | "paymentReference">,
  refund: Pick<Refund, "id" | "amountCents">,
): Promise<string> {
  try {
    const { providerRefundId } = await gateway.refund(
      order.paymentReference ?? order.orderNumber,
      refund.amountCents,
      refundIdempotencyKey(order, refund),
      refund.id,
    );
    return providerRefundId;
  } catch (error) {
    await db
      .updateTable("refunds")
      .set({ lastError: String((error as Error)?.message ?? error).slice(0, 500) })
      .where("id", "=", refund.id)
      .execute();
    throw new GatewayUnavailableError(error);
  }
}

/** Each refund its own key: retrying it is the same refund, a new refund a new one. */
export function refundIdempotencyKey(order: Pick<Order, "orderNumber">, refund: Pick<Refund, "id">): string {
  return `refund-${order.orderNumber}-${refund.id}`;
}

/** What the owner's click did, as the panel reads it. */
export function refundOutcome(
  refund: Refund,
  order: Pick<Order, "orderNumber" | "status">,
  replayed: boolean,
): RefundOutcome {
  return {
    refundId: refund.id,
    orderNumber: order.orderNumber,
    amountCents: refund.amountCents,
    status: order.status,
    replayed,
  };
}

/**
 * The refund a click's key already made (pending or settled), which its retry replays. A key is
 * one click on one order: sent again with another order, it is refused, never carried out on that
 * order's payment nor booked against the first's.
 */
async function replayOf(
  trx: Transaction<Database>,
  order: Order,
  requestKey: string,
): Promise<Refund | undefined> {
  // One key's requests are decided one after the other, whatever orders they name (each order
  // lock alone would let two orders' requests miss each other's row).
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`refund-key:${requestKey}`}))`.execute(trx);
  const refund = await trx
    .selectFrom("refunds")
    .selectAll()
    .where("requestKey", "=", requestKey)
    .executeTakeFirst();
  if (refund && refund.orderId !== order.id) throw new RefundRefusedError("other_order");
  return refund;
}

async function committedQuantities(
  trx: Transaction<Database>,
  orderId: number,
): Promise<Map<number, number>> {
  const rows = await trx
    .selectFrom("refundItems")
    .innerJoin("refunds", "refunds.id", "refundItems.refundId")
    .select(["refundItems.orderItemId", sql<string>`sum(refund_items.quantity)`.as("quantity")])
    .where("refunds.orderId", "=", orderId)
    .where("refunds.status", "in", ["pending", "succeeded"])
    .groupBy("refundItems.orderItemId")
    .execute();
  return new Map(rows.map((row) => [row.orderItemId, Number(row.quantity)]));
}
