/**
 * Holds: the pieces an unpaid order keeps from other shoppers (`products.reserved`), and what
 * becomes of them — released, sold, or back on the shelf. Used inside the orders' and refunds'
 * transactions only; rows are always locked in product order.
 */
import type { Database, Transaction } from "@souls/db";
import { sql } from "kysely";

export interface HeldLine {
  productId: number;
  quantity: number;
}

/**
 * The lines of an order that hold pieces: none for the owner's test order (« Test Commande »),
 * which names a real model but never takes, holds or gives back a real piece.
 */
export function stockLinesOf<Line>(order: { isTest: boolean }, lines: Line[]): Line[] {
  return order.isTest ? [] : lines;
}

/** Gives held pieces back: the order will not be paid (cancelled, expired). */
export async function releaseHold(trx: Transaction<Database>, lines: HeldLine[]): Promise<void> {
  for (const line of sortByProduct(lines)) {
    await trx
      .updateTable("products")
      .set({ reserved: sql`reserved - ${line.quantity}`, updatedAt: new Date() })
      .where("id", "=", line.productId)
      .execute();
  }
}

/**
 * Gives back every piece an unpaid order holds, its lines read in the caller's transaction: the
 * order will not be paid (its hold ran out, the owner released it, the shopper placed it again).
 */
export async function releaseOrderHold(
  trx: Transaction<Database>,
  order: { id: number; isTest: boolean },
): Promise<void> {
  const lines = await trx
    .selectFrom("orderItems")
    .select(["productId", "quantity"])
    .where("orderId", "=", order.id)
    .execute();
  await releaseHold(trx, stockLinesOf(order, lines));
}

/** Turns held pieces into sold ones: they leave the stock and the hold together. */
export async function commitHold(trx: Transaction<Database>, lines: HeldLine[]): Promise<void> {
  for (const line of sortByProduct(lines)) {
    await trx
      .updateTable("products")
      .set({
        stock: sql`stock - ${line.quantity}`,
        reserved: sql`reserved - ${line.quantity}`,
        updatedAt: new Date(),
      })
      .where("id", "=", line.productId)
      .execute();
  }
}

/**
 * Sells pieces that are not held (a payment that arrived after its hold was released): all the
 * lines or none, so a late payment never takes a piece promised to someone else.
 */
export async function sellUnheld(trx: Transaction<Database>, lines: HeldLine[]): Promise<boolean> {
  const sorted = sortByProduct(lines);
  if (sorted.length === 0) return true;
  const rows = await trx
    .selectFrom("products")
    .select(["id", "stock", "reserved"])
    .where(
      "id",
      "in",
      sorted.map((line) => line.productId),
    )
    .orderBy("id")
    .forUpdate()
    .execute();
  const free = new Map(rows.map((row) => [row.id, row.stock - row.reserved]));
  if (!sorted.every((line) => (free.get(line.productId) ?? 0) >= line.quantity)) return false;
  for (const line of sorted) {
    await trx
      .updateTable("products")
      .set({ stock: sql`stock - ${line.quantity}`, updatedAt: new Date() })
      .where("id", "=", line.productId)
      .execute();
  }
  return true;
}

/**
 * Puts sold pieces of an order's lines back on the shelf (a cancellation, a withdrawal before
 * they left, a parcel come back). Each line remembers how many of its pieces came back, so a piece
 * is never restocked twice, whichever path brings it back first.
 */
export async function restockItems(
  trx: Transaction<Database>,
  items: { id: number; productId: number; quantity: number }[],
): Promise<void> {
  if (items.length === 0) return;
  // A test order's lines never took a piece: none goes back.
  const test = await trx
    .selectFrom("orderItems")
    .innerJoin("orders", "orders.id", "orderItems.orderId")
    .select("orders.id")
    .where(
      "orderItems.id",
      "in",
      items.map((item) => item.id),
    )
    .where("orders.isTest", "=", true)
    .executeTakeFirst();
  if (test) return;
  for (const item of sortByProduct(items.map((item) => ({ ...item, productId: item.productId })))) {
    const line = await trx
      .selectFrom("orderItems")
      .select(["quantity", "restockedQuantity"])
      .where("id", "=", item.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const back = Math.min(item.quantity, line.quantity - line.restockedQuantity);
    if (back <= 0) continue;
    await trx
      .updateTable("orderItems")
      .set({ restockedQuantity: line.restockedQuantity + back })
      .where("id", "=", item.id)
      .execute();
    await trx
      .updateTable("products")
      .set({ stock: sql`stock + ${back}`, updatedAt: new Date() })
      .where("id", "=", item.productId)
      .execute();
  }
}

/** Rows are always locked in product order, so two orders never wait on each other in a cycle. */
export function sortByProduct<Line extends HeldLine>(lines: Line[]): Line[] {
  return [...lines].sort((a, b) => a.productId - b.productId);
}
