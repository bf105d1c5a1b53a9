/**
 * Refunds: money given back through the gateway that took the payment, never more than was paid,
 * never twice for one click. A refund is written `pending` in one transaction (the order locked,
 * what is left to refund checked), asked of the gateway outside any transaction with an
 * idempotency key of its own, then settled in a second transaction that moves the order through
 * the state machine, puts pieces back on the shelf and queues the shopper's e-mail. Refunds made
 * in the provider's dashboard arrive through its webhook and are settled the same way.
 */

import { SHOPPER_REFUND_REASONS, type ShopperRefundReason } from "@souls/core/refunds";
import type {
  Database,
  Kysely,
  Order,
  OrderItem,
  Refund,
  RefundReason,
  RefundRestock,
  Transaction,
} from "@souls/db";
import { sql } from "kysely";
import { AdminNotFoundError, GatewayUnavailableError, RefundRefusedError } from "../admin/errors";
import { lockOrder } from "../admin/lock-order";
import { paidForPieces } from "../discounts/rules";
import { IllegalTransitionError, nextStatus } from "../order-status";
import { linesToShip, somethingToShip } from "../orders/fulfilment";
import { restockItems } from "../orders/holds";
import { enqueueRefund } from "../orders/order-emails";
import { type Actor, applyOrderEvent } from "../orders/transitions";
import { issueCreditNote } from "../papers/issue";
import type { PaymentGateway, ProviderRefund } from "../payments/gateway";

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
    return outcome(refund, current, true);
  }
  const providerRefundId = await askGatewayToRefund(db, gateway, order, refund);
  return db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, order.orderNumber);
    const settled = await settleRefund(trx, locked, refund.id, providerRefundId, "admin");
    return outcome(settled ?? refund, await orderOf(trx, order.id), settled === null);
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

/**
 * Marks a pending refund succeeded and applies it to the locked order: status through the state
 * machine (refunded in full, partly, or cancelled), pieces back when asked, the e-mail queued.
 * Null when another path (the webhook, a retry) settled it first.
 */
async function settleRefund(
  trx: Transaction<Database>,
  order: Order,
  refundId: number,
  providerRefundId: string,
  actor: Actor,
): Promise<Refund | null> {
  const refund = await trx
    .updateTable("refunds")
    .set({ status: "succeeded", providerRefundId, settledAt: new Date(), lastError: null })
    .where("id", "=", refundId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (!refund) return null;
  await applyRefund(trx, order, refund, actor);
  return refund;
}

/** What a settled refund changes on its order, in the caller's transaction. */
async function applyRefund(
  trx: Transaction<Database>,
  order: Order,
  refund: Refund,
  actor: Actor,
): Promise<void> {
  const refunded = (await settledCents(trx, order.id)) >= order.totalCents;
  // A cancellation whose order left meanwhile (shipped from another tab) is still a full refund.
  const cancelled = refund.reason === "cancellation" && nextStatus(order.status, "cancelled").ok;
  // Every piece refunded before the parcel left (its delivery kept or not): nothing is left to
  // ship, the order is refunded and waits for no one (a withdrawn one waits for its money still).
  const nothingToShip =
    !order.shippedAt &&
    !order.withdrawnAt &&
    // (its lines less the pieces refunded so far, read as for an order still to ship)
    !somethingToShip(
      await linesToShip(trx, {
        id: order.id,
        status: "pending_preparation",
        shippedAt: null,
        withdrawnAt: null,
      }),
    );
  const event = refunded
    ? cancelled
      ? "cancelled"
      : "refunded"
    : nothingToShip
      ? "refunded"
      : "partially_refunded";
  await applyOrderEvent(
    trx,
    order,
    event,
    actor,
    { paymentStatus: refunded ? "refunded" : "partially_refunded" },
    `refund ${refund.id}: ${(refund.amountCents / 100).toFixed(2)} ${order.currency}`,
  );
  const items = await trx.selectFrom("orderItems").selectAll().where("orderId", "=", order.id).execute();
  const lines = await trx
    .selectFrom("refundItems")
    .select(["orderItemId", "quantity"])
    .where("refundId", "=", refund.id)
    .execute();
  if (refund.restock === "now") {
    // The refunded lines; a refund of the whole order without lines (a cancellation) all of them.
    await restockItems(trx, lines.length > 0 ? itemsOf(items, lines) : items);
  }
  await enqueueRefund(trx, order, {
    reason: refundReasonForShopper(refund.reason, order),
    amountCents: refund.amountCents,
    items: itemsOf(items, lines),
    fullyRefunded: refunded,
    refundedAt: refund.settledAt ?? new Date(),
  });
  // Its credit note, at its sale's VAT, last (after any piece went back on the shelf).
  await issueCreditNote(trx, order, refund, itemsOf(items, lines));
}

/** The lines of a refund, as order items with the refunded quantities. */
function itemsOf(items: OrderItem[], lines: { orderItemId: number; quantity: number }[]): OrderItem[] {
  return lines.flatMap((line) => {
    const item = items.find((candidate) => candidate.id === line.orderItemId);
    // Its share of the discount code's amount, as the refund counted it (paidForPieces).
    const discountCents = item ? item.unitPriceCents * line.quantity - paidForPieces(item, line.quantity) : 0;
    return item ? [{ ...item, quantity: line.quantity, discountCents }] : [];
  });
}

function refundReasonForShopper(reason: RefundReason, order: Order): ShopperRefundReason {
  if ((SHOPPER_REFUND_REASONS as readonly RefundReason[]).includes(reason)) {
    return reason as ShopperRefundReason;
  }
  // Made in the provider's dashboard: a withdrawn order's refund is the withdrawal's.
  return order.withdrawnAt ? "withdrawal" : "goodwill";
}

/**
 * The provider's news of refunds on an order's payment (Stripe's `charge.refunded`): each refund
 * it lists is recorded once. The shop's own pending ones are settled (its request may have died
 * before it heard back); one made in the dashboard becomes a refund of the amount, without lines.
 * Without a list (the whole payment refunded), what is left is refunded at once.
 */
export async function applyProviderRefunds(
  trx: Transaction<Database>,
  order: Order,
  refunds: ProviderRefund[] | undefined,
  actor: Actor,
): Promise<"refunded" | "no_change"> {
  const news = refunds ?? [
    {
      providerRefundId: `full-${order.orderNumber}`,
      amountCents: order.totalCents - (await settledCents(trx, order.id)),
    },
  ];
  let changed = false;
  for (const providerRefund of news) {
    if (providerRefund.amountCents <= 0) continue;
    const known = await trx
      .selectFrom("refunds")
      .select("id")
      .where("providerRefundId", "=", providerRefund.providerRefundId)
      .executeTakeFirst();
    if (known) continue;
    const current = await orderOf(trx, order.id);
    if (providerRefund.shopRefundId) {
      const settled = await settleRefund(
        trx,
        current,
        providerRefund.shopRefundId,
        providerRefund.providerRefundId,
        actor,
      );
      if (settled) changed = true;
      continue;
    }
    const left = current.totalCents - (await committedCents(trx, order.id)).amount;
    const amountCents = Math.min(providerRefund.amountCents, left);
    if (amountCents <= 0) continue;
    const full = amountCents >= current.totalCents - (await settledCents(trx, order.id));
    const refund = await trx
      .insertInto("refunds")
      .values({
        orderId: order.id,
        provider: order.paymentProvider,
        amountCents,
        reason: "provider",
        status: "succeeded",
        providerRefundId: providerRefund.providerRefundId,
        source: "provider",
        // Refunded in full before it left the workshop: the pieces are back on the shelf.
        restock: full && !current.shippedAt ? "now" : "no",
        settledAt: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await applyRefund(trx, current, refund, actor);
    changed = true;
  }
  return changed ? "refunded" : "no_change";
}

/**
 * Records the refund the shop made by itself when a late payment found its piece sold (the
 * accountant sees it like any other), in the caller's transaction.
 */
export async function recordSoldOutRefund(
  trx: Transaction<Database>,
  order: Order,
  providerRefundId: string,
): Promise<void> {
  await trx
    .insertInto("refunds")
    .values({
      orderId: order.id,
      provider: order.paymentProvider,
      amountCents: order.totalCents,
      shippingCents: order.shippingCents,
      reason: "sold_out",
      status: "succeeded",
      providerRefundId,
      source: "system",
      restock: "no",
      settledAt: new Date(),
    })
    .onConflict((oc) => oc.column("providerRefundId").doNothing())
    .execute();
}

function outcome(refund: Refund, order: Order, replayed: boolean): RefundOutcome {
  return {
    refundId: refund.id,
    orderNumber: order.orderNumber,
    amountCents: refund.amountCents,
    status: order.status,
    replayed,
  };
}

function orderOf(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<Order> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
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

/** What is already given back or on its way (pending refunds count: they may succeed). */
async function committedCents(trx: Transaction<Database>, orderId: number) {
  const row = await trx
    .selectFrom("refunds")
    .select([
      sql<string>`coalesce(sum(amount_cents), 0)`.as("amount"),
      sql<string>`coalesce(sum(shipping_cents), 0)`.as("shipping"),
    ])
    .where("orderId", "=", orderId)
    .where("status", "in", ["pending", "succeeded"])
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), shipping: Number(row.shipping) };
}

async function settledCents(trx: Transaction<Database>, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom("refunds")
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as("amount"))
    .where("orderId", "=", orderId)
    .where("status", "=", "succeeded")
    .executeTakeFirstOrThrow();
  return Number(row.amount);
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
