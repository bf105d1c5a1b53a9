/**
 * Which orders may be reviewed, and what of them: an order that left the workshop and that its
 * buyer kept — never one withdrawn, cancelled or refunded in full — and, of it, each model of
 * which a piece was not refunded.
 */
import type { OrderStatus, PaymentStatus } from "@souls/core/statuses";
import type { Database, Kysely, Order, Transaction } from "@souls/db";
import { sql } from "kysely";
import type { LineCover } from "../orders/queries";

/** An order shipped and kept: its status after the parcel left, a part refunded at most. */
export const REVIEWABLE_STATUSES = [
  "shipped",
  "delivered",
  "partially_refunded",
] as const satisfies readonly OrderStatus[];
const KEPT_PAYMENTS = ["paid", "partially_refunded"] as const satisfies readonly PaymentStatus[];

export function isReviewable(
  order: Pick<Order, "status" | "paymentStatus" | "shippedAt" | "withdrawnAt">,
): boolean {
  return (
    order.shippedAt !== null &&
    order.withdrawnAt === null &&
    (REVIEWABLE_STATUSES as readonly string[]).includes(order.status) &&
    (KEPT_PAYMENTS as readonly string[]).includes(order.paymentStatus)
  );
}

/** The same rule in SQL, for the orders table under its own name. */
export const reviewableOrderSql = sql<boolean>`(orders.shipped_at IS NOT NULL
  AND NOT orders.is_test
  AND orders.withdrawn_at IS NULL
  AND orders.status IN ('shipped', 'delivered', 'partially_refunded')
  AND orders.payment_status IN ('paid', 'partially_refunded'))`;

/** A line with a piece the buyer kept: not every piece of it refunded (a refund under way counts). */
export const keptLineSql = sql<boolean>`order_items.quantity > coalesce((
  SELECT sum(refund_items.quantity) FROM refund_items
  JOIN refunds ON refunds.id = refund_items.refund_id
  WHERE refund_items.order_item_id = order_items.id AND refunds.status IN ('pending', 'succeeded')), 0)`;

/** A model an order's buyer may review. */
export interface ReviewableModel {
  orderId: number;
  productId: number;
  /** Its code (carts, pages, e-mails). */
  model: string;
  name: string;
  /** Its cover photo, for an e-mail (a launch drawing has no JPEG). */
  cover: LineCover | null;
}

/** The models each of `orderIds` may review, in the order's order. */
export async function reviewableModels(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly number[],
): Promise<ReviewableModel[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom("orderItems")
    .innerJoin("products", "products.id", "orderItems.productId")
    .select([
      "orderItems.orderId",
      "products.id as productId",
      "products.slug as model",
      "products.name",
      sql<LineCover | null>`product_cover(products.id)`.as("cover"),
    ])
    .where("orderItems.orderId", "in", orderIds)
    .where(keptLineSql)
    .orderBy("orderItems.orderId")
    .orderBy("orderItems.id")
    .execute();
}
