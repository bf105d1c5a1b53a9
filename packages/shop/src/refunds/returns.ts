/**
 * The parcel of a withdrawn order, sent back by the shopper (at her cost, CGV art. 8). The owner
 * marks it received; its pieces go back on the shelf unless she says they cannot be sold again.
 * The law's clock runs from the withdrawal, not from the return (refundDeadline).
 */
import type { Database, Kysely } from "@souls/db";
import { ReturnNotExpectedError } from "../errors";
import { restockItems } from "../orders/holds";
import { lockOrder } from "../orders/lock-order";

export async function markReturnReceived(
  db: Kysely<Database>,
  request: { orderNumber: string; restock: boolean; now?: Date },
): Promise<{ orderNumber: string; returnedAt: Date }> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderNumber);
    if (!order.withdrawnAt || !order.shippedAt || order.returnedAt) throw new ReturnNotExpectedError();
    await trx
      .updateTable("orders")
      .set({ returnedAt: now, updatedAt: now })
      .where("id", "=", order.id)
      .execute();
    if (request.restock) {
      const items = await trx
        .selectFrom("orderItems")
        .select(["id", "productId", "quantity"])
        .where("orderId", "=", order.id)
        .execute();
      await restockItems(trx, items);
    }
    return { orderNumber: order.orderNumber, returnedAt: now };
  });
}
