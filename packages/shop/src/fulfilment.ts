/**
 * What an order's parcel holds (issue 32): its lines less the pieces refunded before it left the
 * workshop, or nothing when the order will never leave (withdrawn, refunded or cancelled before
 * shipping). One rule, read by every place that says what to pack or what was packed: the packing
 * slip, the owner's orders list and order page, the shipping step and the shopper's tracking page.
 * The order state machine keeps the rest in step (decision 032): a refund of some lines before
 * shipping leaves the order where it was (« En préparation », « Préparée »), a refund of every line
 * takes it out of what waits for the owner (« Remboursée »).
 *
 * A refund counts once it succeeded (the money went back, the state machine moved), and only if
 * it did so before the parcel left: a refund after shipping changes nothing about what was packed.
 */
import type { OrderStatus } from "@souls/core/statuses";
import type { Database, Kysely, Order, Transaction } from "@souls/db";
import { sql } from "kysely";

/** Statuses of an order that will not leave the workshop if it has not yet. */
const NEVER_SHIPPED: readonly OrderStatus[] = ["cancelled", "expired", "refunded", "withdrawn"];

export type FulfilmentOrder = Pick<Order, "status" | "shippedAt" | "withdrawnAt">;

export interface Fulfilment {
  /** Pieces of the line refunded before the parcel left. */
  refunded: number;
  /** Pieces of the line the parcel holds (or will). */
  toShip: number;
}

/**
 * The one rule: each line's pieces to ship, from what was ordered and what was refunded before
 * the parcel left (`refundedBeforeShipping`, by order item id).
 */
export function fulfilmentOf<Line extends { id: number; quantity: number }>(
  order: FulfilmentOrder,
  lines: readonly Line[],
  refundedBeforeShipping: ReadonlyMap<number, number>,
): (Line & Fulfilment)[] {
  // Withdrawn before it left: the whole contract is undone, whatever the refunds say yet.
  const stays = !order.shippedAt && (NEVER_SHIPPED.includes(order.status) || order.withdrawnAt !== null);
  return lines.map((line) => {
    const refunded = Math.min(line.quantity, refundedBeforeShipping.get(line.id) ?? 0);
    return { ...line, refunded, toShip: stays ? 0 : line.quantity - refunded };
  });
}

/** Whether any piece is left to ship. */
export function somethingToShip(lines: readonly Fulfilment[]): boolean {
  return lines.some((line) => line.toShip > 0);
}

/**
 * Pieces of an order item refunded before its order left (`item` and `order` are the SQL aliases
 * of the caller's query, of order_items and orders): refunds that succeeded, and before
 * `shipped_at` when there is one.
 */
export function refundedBeforeShippingSql(item = sql.ref("i"), order = sql.ref("o")) {
  // Read from the order's refunds (refunds_order_idx), then each one's line by its key: a few
  // index look-ups per line, whatever the number of refunds of the shop.
  return sql<number>`(SELECT coalesce(sum(ri.quantity), 0)::int FROM refunds r
    JOIN refund_items ri ON ri.refund_id = r.id AND ri.order_item_id = ${item}.id
    WHERE r.order_id = ${order}.id AND r.status = 'succeeded'
      AND (${order}.shipped_at IS NULL OR r.settled_at <= ${order}.shipped_at))`;
}

/** Pieces refunded before shipping, by order item, of one order. */
export async function refundedBeforeShipping(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
): Promise<Map<number, number>> {
  const rows = await sql<{
    id: number;
    refunded: number;
  }>`SELECT i.id, ${refundedBeforeShippingSql()} AS refunded
    FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.order_id = ${orderId}`.execute(db);
  return new Map(rows.rows.map((row) => [row.id, row.refunded]));
}

/** An order's lines with what is left to ship of each, in order of the lines. */
export async function linesToShip(
  db: Kysely<Database> | Transaction<Database>,
  order: FulfilmentOrder & Pick<Order, "id">,
) {
  const items = await db
    .selectFrom("orderItems")
    .innerJoin("products", "products.id", "orderItems.productId")
    .select([
      "orderItems.id",
      "orderItems.productId",
      "orderItems.name",
      "orderItems.quantity",
      "products.reference",
    ])
    .where("orderItems.orderId", "=", order.id)
    .orderBy("orderItems.id")
    .execute();
  return fulfilmentOf(order, items, await refundedBeforeShipping(db, order.id));
}
