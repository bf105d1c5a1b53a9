import type { Database, Order, Transaction } from "@souls/db";
import { AdminNotFoundError } from "../errors";

/**
 * The order the owner acts on, by its number, locked for the rest of the transaction: two clicks,
 * a webhook and a retry change it one at a time.
 */
export async function lockOrder(trx: Transaction<Database>, orderNumber: string): Promise<Order> {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", orderNumber)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new AdminNotFoundError("order", orderNumber);
  return order;
}
