import type { VatRegime } from "@souls/core/vat";
import { type Database, type Kysely, type Order, prepared, type Transaction } from "@souls/db";
import { sql } from "kysely";
import { ordersPaid, paymentFailures } from "../metrics";
import { OPEN_PAYMENTS, paymentIsOpen } from "../order-status";
import { emailRow } from "../outbox/enqueue";
import { ownerRecipientQuery } from "../owner/settings";
import { invoiceDraft, invoiceExpressions, issueInvoice, type SoldLine } from "../papers/issue";
import type { PaymentEvent, PaymentGateway, TakenAmount } from "../payments/gateway";
import {
  commitHold,
  type HeldLine,
  releaseHold,
  releaseOrderHold,
  sellUnheld,
  sortByProduct,
  stockLinesOf,
} from "./holds";
import { enqueueNewOrderNotice, newOrderNotice } from "./new-order-notice";
import {
  confirmationPayload,
  type EmailedLine,
  enqueueOrderConfirmation,
  enqueueSoldOutRefund,
  recipientOf,
} from "./order-emails";
import { applyProviderRefunds, recordSoldOutRefund } from "./refund-ledger";
import { issueTrackingToken, newTrackingToken } from "./tracking-token";
import { type Actor, applyOrderEvent, transition } from "./transitions";

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
  /**
   * The gateway took another amount (or currency) than the order's total: nothing paid, nothing
   * sold, no e-mail; the order keeps its hold and waits for the owner (payment status `mismatch`).
   */
  | "amount_mismatch"
  | "no_change";

const actorOf = (event: PaymentEvent): Actor => (event.provider === "stripe" ? "stripe" : "test_gateway");

export function refundKey(order: Pick<Order, "orderNumber">): string {
  return `refund-${order.orderNumber}`;
}

/** What the gateway took is what the order asks (Stripe: verify the amount before fulfilling). */
export function takenIsTotal(order: Pick<Order, "totalCents" | "currency">, taken: TakenAmount): boolean {
  return taken.amountCents === order.totalCents && taken.currency === order.currency;
}

/**
 * Applies one payment event, whoever delivers it (webhook, return page, test gateway,
 * reconciler), in one transaction: the event is recorded once, the order row is locked, stock,
 * status, tracking token and e-mail change together. Running it again changes nothing.
 *
 * An order is paid only by the gateway that created its payment: an event of any other gateway
 * (the offline test page answering for a Stripe order, say) changes nothing at all. And only for
 * its total: a success for any other amount is recorded and left to the owner (`amount_mismatch`).
 */
export async function finalizePayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  event: PaymentEvent,
  now: Date = new Date(),
): Promise<PaymentOutcome> {
  const outcome = await applyPaymentEvent(db, gateway, event, now);
  // Counted once applied (a repeated event is `already_applied`): the metrics (decision 044).
  if (outcome === "paid") ordersPaid.inc();
  else if (outcome === "declined" || outcome === "cancelled") paymentFailures.inc({ reason: outcome });
  return outcome;
}

async function applyPaymentEvent(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  event: PaymentEvent,
  now: Date,
): Promise<PaymentOutcome> {
  if (gateway.provider !== event.provider) return "wrong_gateway";
  // The everyday case first: a held order paid, in one statement.
  if (event.type === "succeeded" && (await payHeldOrder(db, event, now))) return "paid";
  return db.transaction().execute(async (trx) => {
    const { recorded, order, lines } = await recordAndLock(trx, event);
    if (!recorded) return "already_applied";
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
    const actor = actorOf(event);
    await trx
      .updateTable("paymentEvents")
      .set({ orderId: order.id })
      .where("provider", "=", event.provider)
      .where("eventId", "=", event.eventId)
      .execute();
    switch (event.type) {
      case "succeeded":
        return applySuccess(trx, gateway, order, lines, event, now);
      case "failed":
        // A declined card keeps the hold: the shopper may try another card until it runs out.
        // Late news of an attempt never hides money already taken (a payment to check).
        if (order.status !== "awaiting_payment" || !paymentIsOpen(order.paymentStatus)) return "no_change";
        await trx
          .updateTable("orders")
          .set({ paymentStatus: "failed", updatedAt: now })
          .where("id", "=", order.id)
          .execute();
        return "declined";
      case "cancelled":
        if (order.status !== "awaiting_payment" || !paymentIsOpen(order.paymentStatus)) return "no_change";
        await releaseHold(trx, stockLinesOf(order, lines));
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

/** An order's line, as the payment reads it: what it holds, what its e-mail says, what its invoice names. */
interface PaidLine extends HeldLine, EmailedLine, SoldLine {}

/**
 * One statement: the event recorded (once: a repeat records nothing and locks nothing), the order
 * it names locked, and the order's lines.
 */
async function recordAndLock(trx: Transaction<Database>, event: PaymentEvent) {
  const { rows } = await sql<Order & { recorded: number; lines: PaidLine[] | null }>`
    WITH recorded AS (
      INSERT INTO payment_events (provider, event_id, type, amount_cents, currency)
      VALUES (${event.provider}, ${event.eventId}, ${event.type}, ${event.taken?.amountCents ?? null}::int, ${event.taken?.currency ?? null}::text)
      ON CONFLICT (provider, event_id) DO NOTHING
      RETURNING 1
    ),
    locked AS (
      SELECT * FROM orders WHERE order_number = ${event.orderNumber} AND EXISTS (SELECT 1 FROM recorded)
      FOR UPDATE
    )
    SELECT (SELECT count(*) FROM recorded)::int AS recorded, l.*,
      (SELECT json_agg(json_build_object('product_id', i.product_id, 'quantity', i.quantity, 'name', i.name,
                                         'unit_price_cents', i.unit_price_cents, 'discount_cents', i.discount_cents, 'model', p.slug,
                                         'reference', p.reference, 'cover', product_cover(p.id)) ORDER BY i.id)
         FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = l.id) AS lines
    FROM (SELECT 1) AS one LEFT JOIN locked l ON true`.execute(trx);
  const { recorded, lines, ...order } = rows[0] as Order & { recorded: number; lines: PaidLine[] | null };
  return {
    recorded: recorded > 0,
    order: order.id === null || order.id === undefined ? undefined : (order as Order),
    lines: lines ?? [],
  };
}

/**
 * A held order paid, in one statement committed on its own: the order is locked as it was read
 * (its row version), the provider's event recorded once, the pieces leave the stock and the hold,
 * the status moves through the state machine with its event row, the tracking token is stored
 * (its hash) and the confirmation queued. The products are locked in id order inside the statement
 * and released by its own commit: the other buyers of a model wait for no round trip of ours.
 * False when anything differs from the read (another event, a change of the order, another
 * gateway, an amount that is not the order's total): the caller then takes the general path,
 * which sorts it out. The statement itself pays only the total it names, whatever ran between.
 */
async function payHeldOrder(
  db: Kysely<Database>,
  event: PaymentEvent & { type: "succeeded" },
  now: Date,
): Promise<boolean> {
  const { rows } = await prepared(sql<
    Order & { version: string; lines: PaidLine[] | null; vatRegime: VatRegime | null }
  >`
    SELECT o.*, o.xmin::text AS version, (SELECT vat_regime FROM shop_settings WHERE id = 1) AS vat_regime,
      (SELECT json_agg(json_build_object('product_id', i.product_id, 'quantity', i.quantity, 'name', i.name,
                                         'unit_price_cents', i.unit_price_cents, 'discount_cents', i.discount_cents, 'model', p.slug,
                                         'reference', p.reference, 'cover', product_cover(p.id)) ORDER BY i.id)
         FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id) AS lines
    FROM orders o WHERE o.order_number = ${event.orderNumber}`).execute(db);
  const found = rows[0];
  if (found?.status !== "awaiting_payment" || !paymentIsOpen(found.paymentStatus)) return false;
  if (found.paymentProvider !== event.provider || !found.lines?.length) return false;
  if (!takenIsTotal(found, event.taken)) return false;
  const { version, lines, vatRegime, ...order } = found;

  const { to, eventRow } = transition(order, "payment_succeeded", actorOf(event));
  const token = newTrackingToken(now);
  const paid = { ...order, status: to, paymentStatus: "paid" as const, paidAt: now };
  const mail = emailRow(recipientOf(order), {
    type: "order_confirmation",
    payload: confirmationPayload(paid, lines, token.token),
  });
  // The owner's test order takes no piece: its lines name models, none leaves the stock.
  const sold = sortByProduct(stockLinesOf(order, lines));
  // Its invoice and the owner's notice, in the same statement (papers/issue.ts, new-order-notice.ts).
  const invoice = invoiceExpressions(invoiceDraft(order, lines, vatRegime ?? "france"), now);
  const notice = newOrderNotice(order, lines, now);
  const applied = await prepared(sql<{ applied: number }>`
    WITH locked AS (
      SELECT id FROM orders
      WHERE id = ${order.id} AND xmin::text = ${version} AND status = 'awaiting_payment'
        AND payment_status IN (${sql.join(OPEN_PAYMENTS.map((status) => sql.lit(status)))})
        AND total_cents = ${event.taken.amountCents}::int AND currency = ${event.taken.currency}::text
        AND ${invoice.stillRegime}
      FOR UPDATE
    ),
    recorded AS (
      INSERT INTO payment_events (provider, event_id, type, order_id, amount_cents, currency)
      SELECT ${event.provider}, ${event.eventId}, ${event.type}, id, ${event.taken.amountCents}::int, ${event.taken.currency}::text
      FROM locked
      ON CONFLICT (provider, event_id) DO NOTHING
      RETURNING order_id
    ),
    sold (id, quantity) AS (
      SELECT * FROM unnest(${sold.map((line) => line.productId)}::int[], ${sold.map((line) => line.quantity)}::int[])
    ),
    products_locked AS (
      SELECT id FROM products WHERE id IN (SELECT id FROM sold) AND EXISTS (SELECT 1 FROM recorded)
      ORDER BY id FOR UPDATE
    ),
    stock AS (
      UPDATE products p SET stock = p.stock - s.quantity, reserved = p.reserved - s.quantity, updated_at = ${now}
      FROM sold s WHERE p.id = s.id AND EXISTS (SELECT 1 FROM products_locked l WHERE l.id = p.id)
      RETURNING p.id
    ),
    status AS (
      UPDATE orders SET status = ${to}, payment_status = 'paid', paid_at = ${now}, updated_at = ${now}
      WHERE id IN (SELECT order_id FROM recorded)
    ),
    step AS (
      INSERT INTO order_events (order_id, from_status, to_status, actor, note)
      SELECT order_id, ${eventRow.fromStatus}, ${eventRow.toStatus}, ${eventRow.actor}, ${eventRow.note} FROM recorded
    ),
    token AS (
      INSERT INTO tracking_tokens (order_id, token_hash, expires_at)
      SELECT order_id, ${token.tokenHash}, ${token.expiresAt} FROM recorded
    ),
    mail AS (
      INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, priority)
      SELECT order_id, ${mail.recipient}, ${mail.locale}, ${mail.type}, ${mail.subject}, ${mail.payload}::jsonb, ${mail.priority}
      FROM recorded
    ),
    owner_mail AS (
      INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, priority)
      SELECT NULL::int, owner.recipient, ${notice.locale}, ${notice.type}, ${notice.subject}, ${notice.payload}::jsonb, ${notice.priority}
      FROM recorded, (${ownerRecipientQuery("newOrderEmail")}) AS owner
    ),
    ${invoice.expressions}
    SELECT (SELECT count(*) FROM recorded)::int AS applied`).execute(db);
  return (applied.rows[0]?.applied ?? 0) > 0;
}

async function applySuccess(
  trx: Transaction<Database>,
  gateway: PaymentGateway,
  order: Order,
  lines: PaidLine[],
  event: PaymentEvent & { type: "succeeded" },
  now: Date,
): Promise<PaymentOutcome> {
  // Paid, refunded or to be checked: money was taken already, and this news adds none.
  if (!paymentIsOpen(order.paymentStatus) || order.status === "refunded") return "no_change";
  if (!takenIsTotal(order, event.taken)) return holdForCheck(trx, order, event, now);
  const actor = actorOf(event);
  const held = order.status === "awaiting_payment";
  if (!held && !(await sellUnheld(trx, stockLinesOf(order, lines)))) {
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
    await enqueueSoldOutRefund(trx, order, now);
    return "refunded_sold_out";
  }
  await applyOrderEvent(trx, order, "payment_succeeded", actor, { paymentStatus: "paid", paidAt: now });
  const trackingToken = await issueTrackingToken(trx, order.id, now);
  await enqueueOrderConfirmation(trx, order, trackingToken);
  await enqueueNewOrderNotice(trx, order, lines, now);
  // Last, just before the commit: the model's row stays locked for one statement, so the other
  // buyers of this model wait as little as possible. The hold guarantees the pieces.
  if (held) await commitHold(trx, stockLinesOf(order, lines));
  // After the pieces: products are locked before the invoice counter on every path.
  await issueInvoice(trx, order, lines, now);
  return "paid";
}

/**
 * The gateway took another amount than the order's total (a total changed after the payment was
 * confirmed, or a change of country whose commit failed after the gateway moved): nothing is
 * paid, sold or e-mailed. The order keeps its hold, so its pieces are not sold to someone else
 * while the shopper's money is held, and waits for the owner with both amounts
 * (refundMismatchedPayment gives back what was taken).
 */
async function holdForCheck(
  trx: Transaction<Database>,
  order: Order,
  event: PaymentEvent & { type: "succeeded" },
  now: Date,
): Promise<PaymentOutcome> {
  await trx
    .insertInto("paymentChecks")
    .values({
      orderId: order.id,
      provider: event.provider,
      eventId: event.eventId,
      receivedCents: event.taken.amountCents,
      receivedCurrency: event.taken.currency,
      expectedCents: order.totalCents,
      expectedCurrency: order.currency,
      createdAt: now,
    })
    .onConflict((oc) => oc.column("orderId").doNothing())
    .execute();
  await trx
    .updateTable("orders")
    .set({ paymentStatus: "mismatch", updatedAt: now })
    .where("id", "=", order.id)
    .execute();
  return "amount_mismatch";
}

/**
 * Releases the holds of unpaid orders past their time (run by the worker). Rows another worker
 * is handling are skipped, so several workers never expire the same order twice. An order whose
 * payment is to be checked keeps its hold: the shopper's money is held for those pieces.
 */
export async function expireHolds(db: Kysely<Database>, now: Date = new Date(), batch = 50): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("orders")
      .select(["id", "status", "isTest"])
      .where("status", "=", "awaiting_payment")
      .where("paymentStatus", "in", OPEN_PAYMENTS)
      .where("reservedUntil", "<", now)
      .orderBy("reservedUntil")
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const order of due) {
      await releaseOrderHold(trx, order);
      await applyOrderEvent(trx, order, "hold_expired", "system");
    }
    return due.length;
  });
}
