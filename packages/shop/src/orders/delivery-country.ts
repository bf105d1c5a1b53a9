import type { Database, Kysely, Order } from "@souls/db";
import { shippingRateFor } from "../shipping";

/**
 * Moves an unpaid order to another delivery country: new shipping fee and total, written by the
 * server. The caller then updates the provider's payment amount. Paid or closed orders refuse.
 */
export async function changeDeliveryCountry(
  db: Kysely<Database>,
  orderNumber: string,
  country: string,
): Promise<Order | null> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("orderNumber", "=", orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (order?.status !== "awaiting_payment" || order.paymentStatus === "paid") return null;
    const shippingCents = shippingRateFor(country);
    return trx
      .updateTable("orders")
      .set({ country, shippingCents, totalCents: order.subtotalCents + shippingCents, updatedAt: new Date() })
      .where("id", "=", order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
