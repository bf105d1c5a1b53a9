import type { Database, Kysely } from "@souls/db";
import { withdrawalWindow } from "../withdrawal";
import { restockItems } from "./holds";
import { enqueueWithdrawalAcknowledgement } from "./order-emails";
import {
  checkToken,
  type TrackedOrder,
  type TrackingRequest,
  type TrackingResult,
  trackedOrder,
} from "./tracking";
import { applyOrderEvent } from "./transitions";

export type WithdrawalResult =
  | { ok: true; receivedAt: Date; order: TrackedOrder }
  | { ok: false; reason: (TrackingResult & { ok: false })["reason"] | "period_over" };

/**
 * The shopper withdraws from the contract through the tracking page (directive 2023/2673). In one
 * transaction: the token is checked like any look-up, the order is locked, the period checked on
 * the server (a forged request after it is refused), the status and its event written, the
 * acknowledgement queued with the time received. Pieces that never left the workshop go back on
 * the shelf at once; shipped ones come back with the parcel.
 */
export async function withdrawFromContract(
  db: Kysely<Database>,
  request: TrackingRequest,
): Promise<WithdrawalResult> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<WithdrawalResult> => {
    const access = await checkToken(trx, request.token, request.clientHash, now);
    if (!access.ok) return access;
    const order = await trx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", access.orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!withdrawalWindow(order, now).open) return { ok: false, reason: "period_over" };
    // Pieces that never left the workshop go back on the shelf at once.
    if (!order.shippedAt && order.status !== "shipped" && order.status !== "delivered") {
      const items = await trx
        .selectFrom("orderItems")
        .select(["id", "productId", "quantity"])
        .where("orderId", "=", order.id)
        .execute();
      await restockItems(trx, items);
    }
    await applyOrderEvent(trx, order, "withdrawn", "shopper", { withdrawnAt: now });
    await enqueueWithdrawalAcknowledgement(trx, order, now);
    return { ok: true, receivedAt: now, order: await trackedOrder(trx, order.id, now) };
  });
}
