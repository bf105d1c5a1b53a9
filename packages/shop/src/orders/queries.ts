import type { ModelCode } from "@souls/core/models";
import type { Database, Kysely, Order } from "@souls/db";
import { sql } from "kysely";

/** A model's cover photo as an order's e-mails name it (its files follow from these two). */
export interface LineCover {
  source: string;
  width: number;
}

export interface OrderLine {
  model: ModelCode;
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** The model's cover photo now, if it has one. */
  cover: LineCover | null;
}

export interface OrderWithLines {
  order: Order;
  lines: OrderLine[];
}

/** An order with its lines, as the shopper's pages show it. */
export async function findOrder(
  db: Kysely<Database>,
  orderNumber: string,
): Promise<OrderWithLines | undefined> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom("orderItems")
    .innerJoin("products", "products.id", "orderItems.productId")
    .select([
      "products.slug as model",
      "orderItems.name",
      "orderItems.unitPriceCents",
      "orderItems.quantity",
      sql<LineCover | null>`product_cover(products.id)`.as("cover"),
    ])
    .where("orderItems.orderId", "=", order.id)
    .orderBy("orderItems.id")
    .execute();
  return { order, lines: lines as OrderLine[] };
}
