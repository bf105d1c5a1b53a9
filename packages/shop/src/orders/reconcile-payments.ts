import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { OPEN_PAYMENTS } from "../order-status";
import type { PaymentGateway } from "../payments/gateway";
import { applyGatewayAnswer } from "./payment-moments";

/** Payments older than this without news are asked about (events normally arrive in seconds). */
const RECONCILE_AFTER_MINUTES = 2;

/**
 * Orders whose payment succeeded but whose event never arrived (a webhook lost, a shopper who
 * closed the tab): ask the provider and apply its answer as the shopper's return does
 * (applyGatewayAnswer). Only one worker reconciles at a time (an advisory lock); finalizePayment
 * makes any repeat harmless.
 */
export async function reconcilePayments(
  db: Kysely<Database>,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<number> {
  // The offline gateway decides on the shop's own page, at once: there is nothing to ask it.
  if (gateway.provider === "test") return 0;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(hashtext('souls:reconcile')) AS locked`.execute(connection);
    if (!rows[0]?.locked) return 0;
    try {
      const due = await connection
        .selectFrom("orders")
        .select(["orderNumber", "paymentReference"])
        .where("paymentProvider", "=", gateway.provider)
        // Only payments with no money taken yet: a paid, refunded or checked one has had its news.
        .where("paymentStatus", "in", OPEN_PAYMENTS)
        .where("status", "in", ["awaiting_payment", "expired", "cancelled"])
        .where("paymentReference", "is not", null)
        .where("createdAt", "<", new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000))
        .where("createdAt", ">", new Date(now.getTime() - 7 * 24 * 3600_000))
        .limit(50)
        .execute();
      let applied = 0;
      for (const order of due) {
        const reference = order.paymentReference as string;
        const answer = await applyGatewayAnswer(
          db,
          gateway,
          { orderNumber: order.orderNumber, paymentReference: reference },
          "reconcile",
        );
        if (answer.type === "succeeded") applied++;
      }
      return applied;
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('souls:reconcile'))`.execute(connection);
    }
  });
}
