/**
 * A refund's mark on its order: a refund settled at the gateway moves the order through the state
 * machine (refunded in full, partly, or cancelled), puts pieces back when asked, queues the
 * shopper's e-mail and issues the credit note, in the caller's transaction — whether the owner's
 * refund (../refunds), the provider's news of one (its webhook, finalizePayment) or the refund of a
 * late payment whose piece was sold. Asking the gateway and the owner's requests are ../refunds.
 */
import { SHOPPER_REFUND_REASONS, type ShopperRefundReason } from "@souls/core/refunds";
import type { Database, Kysely, Order, OrderItem, Refund, RefundReason, Transaction } from "@souls/db";
import { sql } from "kysely";
import { paidForPieces } from "../discounts/rules";
import { linesToShip, somethingToShip } from "../fulfilment";
import { nextStatus } from "../order-status";
import { issueCreditNote } from "../papers/issue";
import type { ProviderRefund } from "../payments/gateway";
import { restockItems } from "./holds";
import { enqueueRefund } from "./order-emails";
import { type Actor, applyOrderEvent } from "./transitions";

/**
 * Marks a pending refund succeeded and applies it to the locked order: status through the state
 * machine (refunded in full, partly, or cancelled), pieces back when asked, the e-mail queued.
 * Null when another path (the webhook, a retry) settled it first.
 */
export async function settleRefund(
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

export function orderOf(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<Order> {
  return db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** What is already given back or on its way (pending refunds count: they may succeed). */
export async function committedCents(trx: Transaction<Database>, orderId: number) {
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
