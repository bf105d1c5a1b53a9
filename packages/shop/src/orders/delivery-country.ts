import type { Database, Kysely, Order } from "@souls/db";
import { sql } from "kysely";
import { loadDeliveryZones, promiseOf, shippingCentsOf, zoneOf } from "../delivery/zones";
import { paymentIsOpen } from "../order-status";
import type { PaymentGateway } from "../payments/gateway";

/** An order's delivery as the checkout shows it: the country, its shipping fee and the total. */
export interface DeliveryQuote {
  country: string;
  shippingCents: number;
  totalCents: number;
}

export type CountryChange =
  | { ok: true; quote: DeliveryQuote }
  | {
      ok: false;
      /**
       * `closed`: the order is paid, closed or has no payment to move; `payment_locked`: the
       * gateway refuses to change a payment being confirmed or done; `gateway_unavailable`: it
       * could not be asked; `not_served`: the shop does not deliver to the country (any more). In
       * every case nothing changed.
       */
      reason: "closed" | "payment_locked" | "gateway_unavailable" | "not_served";
      /** What the order still is (null for an unknown order). */
      kept: DeliveryQuote | null;
      /** The gateway's error, for the log. */
      cause?: string;
    };

const quoteOf = (order: Pick<Order, "country" | "shippingCents" | "totalCents">): DeliveryQuote => ({
  country: order.country,
  shippingCents: order.shippingCents,
  totalCents: order.totalCents,
});

/**
 * Moves an unpaid order to another delivery country: the shipping fee and total are the server's,
 * and the gateway's payment amount moves with them or nothing does. In one transaction the order
 * is locked (a webhook paying it waits), the gateway is asked to change the amount, and only then
 * is the order written. A payment already confirmed refuses the change, so an order's total can
 * never move away from what its payment takes.
 *
 * One window remains: the gateway moved, then the commit failed. The payment then reports an
 * amount that is not the order's total, and finalizePayment refuses to mark it paid (a payment for
 * the owner to check): that check is the safety net, not this function.
 */
export async function changeDeliveryCountry(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  request: { orderNumber: string; country: string },
): Promise<CountryChange> {
  // The owner's zones as they are now (decision 049): a country she withdrew moves nothing.
  const zone = zoneOf(await loadDeliveryZones(db), request.country);
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .select(sql<string>`xmin::text`.as("version"))
      .where("orderNumber", "=", request.orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return { ok: false, reason: "closed", kept: null };
    const open =
      order.status === "awaiting_payment" &&
      paymentIsOpen(order.paymentStatus) &&
      order.paymentProvider === gateway.provider &&
      order.paymentReference !== null;
    if (!open) return { ok: false, reason: "closed", kept: quoteOf(order) };
    if (!zone) return { ok: false, reason: "not_served", kept: quoteOf(order) };
    const shippingCents = shippingCentsOf(zone, order.subtotalCents);
    const totalCents = order.subtotalCents + shippingCents;
    if (request.country === order.country && totalCents === order.totalCents) {
      return { ok: true, quote: quoteOf(order) };
    }
    let answer: "updated" | "refused";
    try {
      // A key per state of the order: a retry of this change is the same request, while going
      // back to an earlier country later is a new one (a reused key would replay the old answer).
      answer = await gateway.updateAmount(
        order.paymentReference as string,
        totalCents,
        `amount-${order.orderNumber}-${order.version}-${totalCents}`,
      );
    } catch (error) {
      const cause = String((error as Error)?.message ?? error).slice(0, 200);
      return { ok: false, reason: "gateway_unavailable", kept: quoteOf(order), cause };
    }
    if (answer === "refused") return { ok: false, reason: "payment_locked", kept: quoteOf(order) };
    const moved = await trx
      .updateTable("orders")
      .set({
        country: request.country,
        shippingCents,
        totalCents,
        delivery: JSON.stringify(promiseOf(zone)),
        updatedAt: new Date(),
      })
      .where("id", "=", order.id)
      .returning(["country", "shippingCents", "totalCents"])
      .executeTakeFirstOrThrow();
    return { ok: true, quote: quoteOf(moved) };
  });
}
