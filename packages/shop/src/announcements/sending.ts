/**
 * Sending an announcement (decision 041). Its recipients are queued when its time comes: one row
 * per (announcement, address), the confirmed addresses of its lists, each in her language. A
 * worker then claims a few rows at a time — FOR UPDATE SKIP LOCKED, the claim committed before any
 * message is handed to the mail server — so a row is sent at most once whatever the workers do:
 * a claim whose worker died is reported `unknown`, never sent again. At claim time an address
 * that left the list is set `unsubscribed` and gets nothing. The rate is a slot clock on the
 * announcement (`next_send_at`), advanced under its row lock: two workers share one rate.
 */
import type { Locale } from "@souls/core/locales";
import type { SignupList } from "@souls/core/signups";
import type { AnnouncementText, Database, Kysely } from "@souls/db";
import type { EmailPayload } from "@souls/emails/messages";
import { sql } from "kysely";
import { signupToken } from "../signups/tokens";
import {
  type AnnouncementRatePer,
  announcementPayload,
  earlyAccessTokenFor,
  type SeriesFacts,
  seriesFacts,
  sourcesOf,
} from "./drafts";

/** Most rows one claim takes: small, so an order's e-mail waits behind a few messages at most. */
export const ANNOUNCEMENT_BATCH = 10;
/**
 * A claim older than this whose worker never said how the send went: that worker died (or lost
 * the database) mid-send. Well over a batch's sends with their timeouts.
 */
export const ANNOUNCEMENT_CLAIM_LEASE_MS = 15 * 60_000;

const PERIOD_MS: Record<AnnouncementRatePer, number> = { minute: 60_000, hour: 3_600_000 };

/** Time between two messages at the rate she set. */
export function sendInterval(rateCount: number, ratePer: AnnouncementRatePer): number {
  return PERIOD_MS[ratePer] / rateCount;
}

/**
 * Queues the recipients of every announcement whose time has come: the confirmed addresses of
 * its lists right now, each once (the unique key), in the language of its latest confirmation.
 * Returns how many rows were queued.
 */
export async function queueDueAnnouncements(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("announcements")
      .select(["id", "lists"])
      .where("status", "=", "scheduled")
      .where("scheduledAt", "<=", now)
      .forUpdate()
      .skipLocked()
      .execute();
    let queued = 0;
    for (const announcement of due) {
      const sources = sourcesOf(announcement.lists as SignupList[]);
      const inserted = await sql`
        INSERT INTO announcement_recipients (announcement_id, email, signup_id, locale)
        SELECT DISTINCT ON (email) ${announcement.id}::int, email, id, locale
        FROM signups
        WHERE confirmed_at IS NOT NULL AND source = ANY(${sources}::text[])
        ORDER BY email, confirmed_at DESC, id DESC
        ON CONFLICT ON CONSTRAINT announcement_recipients_once DO NOTHING`.execute(trx);
      queued += Number(inserted.numAffectedRows ?? 0);
      await trx
        .updateTable("announcements")
        .set({ status: "sending", queuedAt: now, nextSendAt: null, updatedAt: now })
        .where("id", "=", announcement.id)
        .execute();
    }
    return queued;
  });
}

export interface ClaimedAnnouncementMessage {
  recipientId: number;
  email: string;
  locale: Locale;
  signupId: number;
}

export type AnnouncementClaim =
  | {
      kind: "batch";
      announcementId: number;
      content: Record<Locale, AnnouncementText>;
      seriesId: number | null;
      messages: ClaimedAnnouncementMessage[];
      /** Addresses found gone at their turn (unsubscribed, deleted): set `unsubscribed`. */
      unsubscribed: number;
    }
  /** Nothing may go before `until` (the rate). */
  | { kind: "wait"; until: Date }
  | { kind: "idle" };

/**
 * Claims the next few messages of an announcement being sent, as many as the rate allows at `now`
 * (`max` at most), in one committed transaction: the rows are `sending` before anyone sends them.
 */
export async function claimAnnouncementBatch(
  db: Kysely<Database>,
  now: Date = new Date(),
  max: number = ANNOUNCEMENT_BATCH,
): Promise<AnnouncementClaim> {
  return db.transaction().execute(async (trx): Promise<AnnouncementClaim> => {
    const announcement = await trx
      .selectFrom("announcements")
      .select([
        "id",
        "content",
        "seriesId",
        "rateCount",
        "ratePer",
        // In milliseconds with their fraction: a fast rate's slots are shorter than a millisecond.
        sql<number | null>`extract(epoch from next_send_at) * 1000`.as("nextMs"),
      ])
      .where("status", "=", "sending")
      .orderBy("nextSendAt")
      .orderBy("id")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!announcement) return { kind: "idle" };

    // A claim whose worker never settled it: reported, never resent.
    await trx
      .updateTable("announcementRecipients")
      .set({
        status: "unknown",
        settledAt: now,
        error: "the worker stopped during the send: not sent again",
      })
      .where("announcementId", "=", announcement.id)
      .where("status", "=", "sending")
      .where("claimedAt", "<", new Date(now.getTime() - ANNOUNCEMENT_CLAIM_LEASE_MS))
      .execute();

    const interval = sendInterval(announcement.rateCount, announcement.ratePer);
    const nowMs = now.getTime();
    const nextMs = announcement.nextMs === null ? null : Number(announcement.nextMs);
    if (nextMs !== null && nextMs > nowMs) return { kind: "wait", until: new Date(Math.ceil(nextMs)) };
    // A fresh start (just queued or resumed) or an idle spell: one batch at once, no more.
    const fresh = nextMs === null || nextMs <= nowMs - (max - 1) * interval;
    const start = fresh ? nowMs - (max - 1) * interval : nextMs;
    // (A hair of tolerance for floating point: 5.4 / 0.6 is 8.999…)
    const allowed = fresh ? max : Math.min(max, Math.floor((nowMs - start) / interval + 1e-3) + 1);

    const candidates = await sql<ClaimedAnnouncementMessage & { present: boolean }>`
      SELECT r.id AS recipient_id, r.email, r.locale, r.signup_id,
        EXISTS (SELECT 1 FROM signups s WHERE s.id = r.signup_id AND s.confirmed_at IS NOT NULL) AS present
      FROM announcement_recipients r
      WHERE r.announcement_id = ${announcement.id} AND r.status = 'queued'
      ORDER BY r.id
      LIMIT ${allowed}
      FOR UPDATE OF r SKIP LOCKED`.execute(trx);
    const gone = candidates.rows.filter((row) => !row.present).map((row) => row.recipientId);
    const messages = candidates.rows
      .filter((row) => row.present)
      .map(({ recipientId, email, locale, signupId }) => ({ recipientId, email, locale, signupId }));
    if (gone.length > 0) {
      await trx
        .updateTable("announcementRecipients")
        .set({ status: "unsubscribed", settledAt: now })
        .where("id", "in", gone)
        .execute();
    }
    if (messages.length > 0) {
      await trx
        .updateTable("announcementRecipients")
        .set({ status: "sending", claimedAt: now })
        .where(
          "id",
          "in",
          messages.map((m) => m.recipientId),
        )
        .execute();
    }
    await trx
      .updateTable("announcements")
      .set({ nextSendAt: sql<Date>`to_timestamp(${(start + messages.length * interval) / 1000}::float8)` })
      .where("id", "=", announcement.id)
      .execute();

    if (candidates.rows.length === 0) {
      // Nothing left to claim: done once no message is still on its way.
      await trx
        .updateTable("announcements")
        .set({ status: "sent", finishedAt: now, updatedAt: now })
        .where("id", "=", announcement.id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("announcementRecipients")
                .select("id")
                .where("announcementId", "=", announcement.id)
                .where("status", "in", ["queued", "sending"]),
            ),
          ),
        )
        .execute();
      return { kind: "idle" };
    }
    return {
      kind: "batch",
      announcementId: announcement.id,
      content: announcement.content,
      seriesId: announcement.seriesId,
      messages,
      unsubscribed: gone.length,
    };
  });
}

/** Records how one claimed message went (a late answer after `unknown` still tells the truth). */
export async function settleAnnouncementMessage(
  db: Kysely<Database>,
  recipientId: number,
  outcome: { status: "sent" } | { status: "failed"; error: string },
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable("announcementRecipients")
    .set({
      status: outcome.status,
      settledAt: now,
      error: outcome.status === "failed" ? outcome.error.slice(0, 1000) : null,
    })
    .where("id", "=", recipientId)
    .where("status", "in", ["sending", "unknown"])
    .execute();
}

/** The messages of a claimed batch, each with its reader's own links. */
export async function announcementMessages(
  db: Kysely<Database>,
  claim: Extract<AnnouncementClaim, { kind: "batch" }>,
  secret: string,
  now: Date = new Date(),
): Promise<Array<ClaimedAnnouncementMessage & { payload: EmailPayload<"announcement"> }>> {
  const facts: SeriesFacts = await seriesFacts(db, claim.seriesId);
  return claim.messages.map((message) => ({
    ...message,
    payload: announcementPayload(
      facts,
      claim.content[message.locale],
      message.locale,
      {
        earlyAccessToken: earlyAccessTokenFor(secret, facts, message.signupId),
        unsubscribeToken: signupToken(secret, "unsubscribe", message.signupId, now),
      },
      now,
    ),
  }));
}
