/**
 * The owner's way out of a payment to check (payment status `mismatch`: the gateway took another
 * amount than the order's total, so finalizePayment paid nothing). The order is refunded exactly
 * what the gateway took and closed, its held pieces go back on sale and the shopper gets the
 * refund e-mail. Like every refund: written `pending` first, asked of the gateway outside any
 * transaction under the refund's own idempotency key, then settled; a click sent again (or after
 * the gateway failed) finds the same refund, so the money goes back once.
 */
import type { Database, Kysely, PaymentCheck, Refund, Transaction } from "@souls/db";
import { RefundRefusedError } from "../errors";
import { releaseHold, stockLinesOf } from "../orders/holds";
import { lockOrder } from "../orders/lock-order";
import { enqueueRefund } from "../orders/order-emails";
import { applyOrderEvent } from "../orders/transitions";
import type { PaymentGateway } from "../payments/gateway";
import { askGatewayToRefund, type RefundOutcome, refundOutcome } from "./refunds";

export async function refundMismatchedPayment(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  request: { orderNumber: string; requestKey: string; now?: Date },
): Promise<RefundOutcome> {
  const { refund, order } = await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, request.orderNumber);
    const replay = await trx
      .selectFrom("refunds")
      .selectAll()
      .where("requestKey", "=", request.requestKey)
      .executeTakeFirst();
    if (replay) {
      if (replay.orderId !== order.id) throw new RefundRefusedError("other_order");
      return { refund: replay, order };
    }
    if (order.paymentStatus !== "mismatch" || order.paymentProvider !== gateway.provider) {
      throw new RefundRefusedError("unpaid");
    }
    // An earlier click the gateway did not answer: the same refund, asked again under its key.
    const pending = await trx
      .selectFrom("refunds")
      .selectAll()
      .where("orderId", "=", order.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (pending) return { refund: pending, order };
    const check = await checkOf(trx, order.id);
    const refund = await trx
      .insertInto("refunds")
      .values({
        orderId: order.id,
        provider: order.paymentProvider,
        amountCents: check.receivedCents,
        reason: "cancellation",
        requestKey: request.requestKey,
        source: "admin",
        // The pieces never left the stock: the hold is released when the refund is settled.
        restock: "no",
        createdAt: request.now ?? new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { refund, order };
  });
  if (refund.status === "succeeded") return outcomeOf(db, refund, true);

  const providerRefundId = await askGatewayToRefund(db, gateway, order, refund);

  const settled = await db.transaction().execute(async (trx) => {
    const current = await lockOrder(trx, order.orderNumber);
    const done = await trx
      .updateTable("refunds")
      .set({ status: "succeeded", providerRefundId, settledAt: request.now ?? new Date(), lastError: null })
      .where("id", "=", refund.id)
      .where("status", "=", "pending")
      .returningAll()
      .executeTakeFirst();
    if (!done) return null;
    const lines = await trx.selectFrom("orderItems").selectAll().where("orderId", "=", current.id).execute();
    // Still held (the expiry job leaves a payment to check alone): the pieces are for sale again.
    if (current.status === "awaiting_payment") await releaseHold(trx, stockLinesOf(current, lines));
    const note = mismatchNote(await checkOf(trx, current.id));
    await applyOrderEvent(trx, current, "refunded", "admin", { paymentStatus: "refunded" }, note);
    await enqueueRefund(trx, current, {
      reason: "cancellation",
      amountCents: done.amountCents,
      items: lines,
      fullyRefunded: true,
      refundedAt: done.settledAt ?? new Date(),
    });
    return done;
  });
  return outcomeOf(db, settled ?? refund, settled === null);
}

async function checkOf(trx: Transaction<Database>, orderId: number): Promise<PaymentCheck> {
  const check = await trx
    .selectFrom("paymentChecks")
    .selectAll()
    .where("orderId", "=", orderId)
    .executeTakeFirst();
  // A mismatch is always recorded with its check (finalizePayment writes both together).
  if (!check) throw new RefundRefusedError("unpaid");
  return check;
}

/** The history's note: both amounts, as the gateway and the order state them. */
function mismatchNote(check: PaymentCheck): string {
  const amount = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency}`;
  return `payment to check: ${amount(check.receivedCents, check.receivedCurrency)} received, ${amount(check.expectedCents, check.expectedCurrency)} expected; refunded what was received`;
}

async function outcomeOf(db: Kysely<Database>, refund: Refund, replayed: boolean): Promise<RefundOutcome> {
  const order = await db
    .selectFrom("orders")
    .select(["orderNumber", "status"])
    .where("id", "=", refund.orderId)
    .executeTakeFirstOrThrow();
  return refundOutcome(refund, order, replayed);
}
