/**
 * The outbox's side of delivery: a worker claims a due row (status `sending`, a lease), sends it
 * outside any transaction, then settles it: `sent`, back to `pending` for a later try, or `failed`
 * for good. Several workers may run at once (SKIP LOCKED); a dead one's row is taken again once its
 * lease runs out. How a message is sent is ../mail's business.
 */
import type { Database, EmailQueueRow, Kysely } from "@souls/db";
import type { ExpressionBuilder } from "kysely";

/** How long a claimed row is ours: well over one send's timeouts, so only a dead worker loses it. */
export const LEASE_MS = 2 * 60_000;
/** Tries before a row ends `failed` (with the retry delays below, about two hours of trying). */
export const MAX_ATTEMPTS = 8;

/** Wait before the next try after `attempts` tries: 1, 2, 4, 8, 16, 32 minutes, then an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 60 * 60_000);
}

/**
 * Claims the next due row: pending and due, or left in `sending` by a worker whose lease ran out
 * (it died mid-send). SKIP LOCKED lets two workers claim different rows without waiting.
 */
export async function claimNextEmail(
  db: Kysely<Database>,
  now: Date,
  leaseMs = LEASE_MS,
): Promise<EmailQueueRow | undefined> {
  return claim(db, now, leaseMs);
}

/**
 * Claims the row `id` if it is due, exactly as `claimNextEmail` would (the same conditions, the
 * same lease, SKIP LOCKED): undefined when it was sent, is being sent by someone else, or waits
 * for its next try. The web server sends the owner's « worker stopped » e-mail so (decision 057).
 */
export async function claimEmail(
  db: Kysely<Database>,
  id: number,
  now: Date,
  leaseMs = LEASE_MS,
): Promise<EmailQueueRow | undefined> {
  return claim(db, now, leaseMs, id);
}

/** Due: pending and its time come, or left `sending` past its lease (its sender died). */
const isDue = (eb: ExpressionBuilder<Database, "emailQueue">, now: Date) =>
  eb.or([
    eb.and([eb("status", "=", "pending"), eb("nextAttemptAt", "<=", now)]),
    eb.and([eb("status", "=", "sending"), eb("lockedUntil", "<", now)]),
  ]);

async function claim(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  id?: number,
): Promise<EmailQueueRow | undefined> {
  return db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom("emailQueue")
      .select("id")
      .where((eb) => isDue(eb, now));
    if (id !== undefined) due = due.where("id", "=", id);
    const row = await due
      // Transactional mail first (priority 0): a restock's notices never hold up a confirmation.
      .orderBy("priority")
      .orderBy("nextAttemptAt")
      .orderBy("id")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return undefined;
    return trx
      .updateTable("emailQueue")
      .set((eb) => ({
        status: "sending",
        attempts: eb("attempts", "+", 1),
        lockedUntil: new Date(now.getTime() + leaseMs),
      }))
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export type Settlement =
  | { status: "sent"; sentAt: Date }
  | { status: "pending"; nextAttemptAt: Date; lastError: string }
  | { status: "failed"; lastError: string };

/**
 * What a failed try leads to: another try after the backoff, or `failed` for good once the row
 * has had its `maxAttempts` tries.
 */
export function settlementAfterFailure(
  claimed: Pick<EmailQueueRow, "attempts">,
  error: string,
  now: Date,
  maxAttempts = MAX_ATTEMPTS,
): Settlement {
  if (claimed.attempts >= maxAttempts) return { status: "failed", lastError: error };
  return {
    status: "pending",
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
    lastError: error,
  };
}

/** Records the outcome of our try, unless the lease ran out and another worker took the row since. */
export async function settleEmail(
  db: Kysely<Database>,
  claimed: Pick<EmailQueueRow, "id" | "attempts">,
  outcome: Settlement,
): Promise<void> {
  await db
    .updateTable("emailQueue")
    .set({ ...outcome, lockedUntil: null })
    .where("id", "=", claimed.id)
    .where("status", "=", "sending")
    .where("attempts", "=", claimed.attempts)
    .execute();
}
