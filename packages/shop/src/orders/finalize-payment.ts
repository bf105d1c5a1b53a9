import type { Database, Kysely, Order, Transaction } from "@souls/db";
import type { PaymentEvent, PaymentGateway } from "../payments/gateway";
import { applyProviderRefunds, recordSoldOutRefund } from "../refunds/refunds";
import { enqueueOrderConfirmation, enqueueSoldOutRefund } from "./order-emails";
import { commitHold, type HeldLine, releaseHold, sellUnheld } from "./stock";
import { issueTrackingToken } from "./tracking-token";
import { type Actor, applyOrderEvent } from "./transitions";

export type PaymentOutcome =
  | "paid"
  | "refunded_sold_out"
  | "declined"
  | "cancelled"
  | "refunded"
  | "already_applied"
  | "unknown_order"
  /** The event comes from another gateway than the one that took the order's payment: refused. */
  | "wrong_gateway"
  | "no_change";

const actorOf = (event: PaymentEvent): Actor => (event.provider === "stripe" ? "stripe" : "test_gateway");

export function refundKey(order: Pick<Order, "orderNumber">): string {
  return `refund-${order.orderNumber}`;
}

async function heldLines(trx: Transaction<Database>, orderId: number): Promise<HeldLine[]> {
  return trx
    .selectFrom("orderItems")
    .select(["productId", "quantity"])
    .where("orderId", "=", orderId)
    .execute();
}

/**
 * Applies one payment event, whoever delivers it (webhook, return page, test gateway,
 * reconciler), in one transaction: the event is recorded once, the order row is locked, stock,
 * status, tracking token and e-mail change together. Running it again changes nothing.
 *
 * An order is paid only by the gateway that created its payment: an event of any other gateway
 * (the offline test page answering for a Stripe order, say) changes nothing at all.
 */
export async function finalizePayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  event: PaymentEvent,
  now: Date = new Date(),
): Promise<PaymentOutcome> {
  if (gateway.provider !== event.provider) return "wrong_gateway";
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("paymentEvents")
      .values({ provider: event.provider, eventId: event.eventId, type: event.type })
      .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
      .returning("eventId")
      .executeTakeFirst();
    if (!recorded) return "already_applied";

    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("orderNumber", "=", event.orderNumber)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return "unknown_order";
    if (order.paymentProvider !== event.provider) {
      // Undo the event's record too: it was never this order's to apply.
      await trx
        .deleteFrom("paymentEvents")
        .where("provider", "=", event.provider)
        .where("eventId", "=", event.eventId)
        .execute();
      return "wrong_gateway";
    }
    await trx
      .updateTable("paymentEvents")
      .set({ orderId: order.id })
      .where("provider", "=", event.provider)
      .where("eventId", "=", event.eventId)
      .execute();

    const actor = actorOf(event);
    const lines = await heldLines(trx, order.id);
    switch (event.type) {
      case "succeeded":
        return applySuccess(trx, gateway, order, lines, actor, now);
      case "failed":
        // A declined card keeps the hold: the shopper may try another card until it runs out.
        if (order.status !== "awaiting_payment") return "no_change";
        await trx
          .updateTable("orders")
          .set({ paymentStatus: "failed", updatedAt: now })
          .where("id", "=", order.id)
          .execute();
        return "declined";
      case "cancelled":
        if (order.status !== "awaiting_payment") return "no_change";
        await releaseHold(trx, lines);
        await applyOrderEvent(trx, order, "payment_cancelled", actor, { paymentStatus: "failed" });
        return "cancelled";
      case "refunded":
        // Refunds made at the provider (its dashboard) or the shop's own, heard back: each once.
        if (order.paymentStatus !== "paid" && order.paymentStatus !== "partially_refunded")
          return "no_change";
        return applyProviderRefunds(trx, order, event.refunds, actor);
    }
  });
}

async function applySuccess(
  trx: Transaction<Database>,
  gateway: PaymentGateway,
  order: Order,
  lines: HeldLine[],
  actor: Actor,
  now: Date,
): Promise<PaymentOutcome> {
  if (order.paymentStatus === "paid" || order.status === "refunded") return "no_change";
  const held = order.status === "awaiting_payment";
  if (!held && !(await sellUnheld(trx, lines))) {
    // Paid after the hold ran out and the piece went to someone else: never oversell a unique
    // piece. Refund at once (a failure rolls all this back, so the event is tried again).
    const { providerRefundId } = await gateway.refund(
      order.paymentReference ?? order.orderNumber,
      order.totalCents,
      refundKey(order),
    );
    await recordSoldOutRefund(trx, order, providerRefundId);
    await applyOrderEvent(
      trx,
      order,
      "refunded",
      actor,
      { paymentStatus: "refunded" },
      "paid after the hold expired; sold out",
    );
    await enqueueSoldOutRefund(trx, order);
    return "refunded_sold_out";
  }
  await applyOrderEvent(trx, order, "payment_succeeded", actor, { paymentStatus: "paid", paidAt: now });
  const trackingToken = await issueTrackingToken(trx, order.id, now);
  await enqueueOrderConfirmation(trx, order, trackingToken);
  // Last, just before the commit: the model's row stays locked for one statement, so the other
  // buyers of this model wait as little as possible. The hold guarantees the pieces.
  if (held) await commitHold(trx, lines);
  return "paid";
}

/**
 * Releases the holds of unpaid orders past their time (run by the worker). Rows another worker
 * is handling are skipped, so several workers never expire the same order twice.
 */
export async function expireHolds(db: Kysely<Database>, now: Date = new Date(), batch = 50): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("orders")
      .select(["id", "status"])
      .where("status", "=", "awaiting_payment")
      .where("reservedUntil", "<", now)
      .orderBy("reservedUntil")
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const order of due) {
      await releaseHold(trx, await heldLines(trx, order.id));
      await applyOrderEvent(trx, order, "hold_expired", "system");
    }
    return due.length;
  });
}
