import type { Database, Kysely } from "@souls/db";
import { hashTrackingToken } from "./tracking-token";

/** The order number a tracking token opens, if the token is known and not expired. */
export async function orderNumberForToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const trimmed = token.trim();
  if (trimmed.length < 32 || trimmed.length > 128) return null;
  const row = await db
    .selectFrom("trackingTokens")
    .innerJoin("orders", "orders.id", "trackingTokens.orderId")
    .select("orders.orderNumber")
    .where("trackingTokens.tokenHash", "=", hashTrackingToken(trimmed))
    .where("trackingTokens.expiresAt", ">", now)
    .executeTakeFirst();
  return row?.orderNumber ?? null;
}
