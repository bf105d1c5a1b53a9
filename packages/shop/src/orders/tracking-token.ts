import { createHash, randomBytes } from "node:crypto";
import type { Database, Transaction } from "@souls/db";

export const TRACKING_TOKEN_DAYS = 90;

export function hashTrackingToken(token: string): string {
  return createHash("sha256").update(token.trim()).digest("hex");
}

/**
 * A secret link to follow an order: 32 random bytes, of which only the sha-256 is stored. The
 * raw token goes into one e-mail about the order and nowhere else; each e-mail has its own, valid
 * 90 days from `now`.
 */
export async function issueTrackingToken(
  trx: Transaction<Database>,
  orderId: number,
  now: Date,
): Promise<string> {
  const { token, tokenHash, expiresAt } = newTrackingToken(now);
  await trx.insertInto("trackingTokens").values({ orderId, tokenHash, expiresAt }).execute();
  return token;
}

/** A new token, the hash the database keeps of it, and when it stops opening the order. */
export function newTrackingToken(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashTrackingToken(token),
    expiresAt: new Date(now.getTime() + TRACKING_TOKEN_DAYS * 24 * 3600_000),
  };
}
