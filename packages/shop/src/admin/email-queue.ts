/**
 * The owner's view of the e-mail outbox. Addresses are shown masked and every look at the queue is
 * logged (spec §6): the owner sees that mail flows, not who the customers are.
 */
import type { EmailStatus } from "@souls/core/statuses";
import type { Database, Kysely } from "@souls/db";
import { type EmailMessage, parseEmailMessage } from "@souls/emails/messages";
import { sql } from "kysely";
import { AdminNotFoundError, EmailNotRetryableError } from "../errors";

/** Spec §9: the dashboard shows the last 20 messages (its clean-up is the outbox's deleteOldEmails). */
export const RECENT_EMAILS = 20;
export const SUBJECT_PREVIEW_LENGTH = 60;

/** How the owner looked: the queue's list, a message's text, or its HTML preview frame. */
export type EmailAccessMethod = "admin_dashboard" | "admin_view" | "admin_preview";

export interface EmailQueueStats {
  total: number;
  /** Waiting or being sent. */
  pending: number;
  sent: number;
  failed: number;
  uniqueRecipients: number;
  /**
   * Past ESTIMATE_FROM messages, the total, the sent ones and the recipients are PostgreSQL's
   * estimates (its statistics, kept by autovacuum): counting millions of rows exactly would read
   * them all. Waiting and failed messages, few by nature, are always counted exactly.
   */
  estimated: boolean;
}

/** From this many messages on, the large figures are estimates. */
export const ESTIMATE_FROM = 50_000;
export interface RecentEmail {
  id: number;
  orderNumber: string | null;
  maskedRecipient: string;
  subjectPreview: string;
  type: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** `camille@example.org` → `ca****@example.org`: enough to tell messages apart, not to write to. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf("@");
  const local = at >= 0 ? address.slice(0, at) : address;
  const domain = at >= 0 ? address.slice(at) : "";
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}****${domain}`;
}

/** A mail server's error often quotes the address it refused: mask any address in it too. */
const maskAddressesIn = (text: string) =>
  text.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g, maskEmailAddress);

function subjectPreview(subject: string): string {
  return subject.length <= SUBJECT_PREVIEW_LENGTH
    ? subject
    : `${subject.slice(0, SUBJECT_PREVIEW_LENGTH - 1)}…`;
}

/**
 * Records a look at the queue. An audit line, not money: its commit does not wait for the disk
 * (`synchronous_commit = off`: a crash may lose the last fraction of a second of looks), so the
 * owner's page never waits for a flush behind the shop's orders.
 */
async function logAccess(db: Kysely<Database>, method: EmailAccessMethod): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL synchronous_commit = off`.execute(trx);
    await trx.insertInto("emailAccessLog").values({ accessMethod: method, accessedBy: "admin" }).execute();
  });
}

export async function emailQueueStats(db: Kysely<Database>): Promise<EmailQueueStats> {
  const { rows: size } = await sql<{ rows: number }>`
    SELECT greatest(reltuples, 0)::bigint::int AS rows FROM pg_class WHERE oid = 'email_queue'::regclass`.execute(
    db,
  );
  if ((size[0]?.rows ?? 0) < ESTIMATE_FROM) {
    const row = await db
      .selectFrom("emailQueue")
      .select([
        sql<string>`count(*)`.as("total"),
        sql<string>`count(*) FILTER (WHERE status IN ('pending', 'sending'))`.as("pending"),
        sql<string>`count(*) FILTER (WHERE status = 'sent')`.as("sent"),
        sql<string>`count(*) FILTER (WHERE status = 'failed')`.as("failed"),
        sql<string>`count(DISTINCT lower(recipient))`.as("uniqueRecipients"),
      ])
      .executeTakeFirstOrThrow();
    // Estimated small, yet maybe large now (statistics are refreshed by autovacuum): counted, so right.
    if (Number(row.total) < ESTIMATE_FROM * 2) {
      return {
        total: Number(row.total),
        pending: Number(row.pending),
        sent: Number(row.sent),
        failed: Number(row.failed),
        uniqueRecipients: Number(row.uniqueRecipients),
        estimated: false,
      };
    }
  }
  // Each count below reads a partial index of few rows; the rest is the planner's statistics.
  const { rows } = await sql<{ total: number; pending: number; failed: number; recipients: number }>`
    SELECT greatest(c.reltuples, 0)::bigint::int AS total,
      (SELECT count(*) FROM email_queue WHERE status = 'pending')::int
        + (SELECT count(*) FROM email_queue WHERE status = 'sending')::int AS pending,
      (SELECT count(*) FROM email_queue WHERE status = 'failed')::int AS failed,
      coalesce((SELECT CASE WHEN n_distinct < 0 THEN -n_distinct * greatest(c.reltuples, 0) ELSE n_distinct END
         FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'email_queue' AND attname = 'recipient'),
        0)::bigint::int AS recipients
    FROM pg_class c WHERE c.oid = 'email_queue'::regclass`.execute(db);
  const stats = rows[0] ?? { total: 0, pending: 0, failed: 0, recipients: 0 };
  return {
    total: stats.total,
    pending: stats.pending,
    sent: Math.max(0, stats.total - stats.pending - stats.failed),
    failed: stats.failed,
    uniqueRecipients: stats.recipients,
    estimated: true,
  };
}

/** A message's place in the queue's list, as the older page starts from it. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,10})$/;
export const isEmailCursor = (value: string) => CURSOR.test(value);

/**
 * The last messages queued (or those before a given one: keyset, whatever the queue's size),
 * masked; the look is logged (`admin_dashboard`).
 */
export async function recentEmails(
  db: Kysely<Database>,
  { after }: { after?: string } = {},
): Promise<{ emails: RecentEmail[]; older: string | null }> {
  const from = after === undefined ? undefined : CURSOR.exec(after);
  if (after !== undefined && !from) throw new RangeError(`not an e-mail cursor: ${after}`);
  const reading = db
    .selectFrom("emailQueue")
    .leftJoin("orders", "orders.id", "emailQueue.orderId")
    .select([
      "emailQueue.id",
      "orders.orderNumber",
      "emailQueue.recipient",
      "emailQueue.subject",
      "emailQueue.type",
      "emailQueue.status",
      "emailQueue.attempts",
      "emailQueue.lastError",
      "emailQueue.createdAt",
      "emailQueue.sentAt",
      sql<string>`to_char(email_queue.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || email_queue.id`.as(
        "cursor",
      ),
    ])
    .$if(from !== undefined, (query) =>
      query.where(
        sql<boolean>`(email_queue.created_at, email_queue.id) < (${from?.[1]}::timestamptz, ${Number(from?.[2])}::int)`,
      ),
    )
    .orderBy("emailQueue.createdAt", "desc")
    .orderBy("emailQueue.id", "desc")
    .limit(RECENT_EMAILS + 1)
    .execute();
  // The look is logged as the list is read.
  const [rows] = await Promise.all([reading, logAccess(db, "admin_dashboard")]);
  const page = rows.slice(0, RECENT_EMAILS);
  return {
    emails: page.map(({ recipient, subject, lastError, cursor: _cursor, ...row }) => ({
      ...row,
      maskedRecipient: maskEmailAddress(recipient),
      subjectPreview: subjectPreview(subject),
      lastError: lastError === null ? null : maskAddressesIn(lastError),
    })),
    older: rows.length > RECENT_EMAILS ? (page.at(-1)?.cursor ?? null) : null,
  };
}

/** A message that failed for good goes back to the worker now, with a fresh count of tries. */
export async function retryEmail(
  db: Kysely<Database>,
  id: number,
  now: Date = new Date(),
): Promise<{ id: number; status: "pending" }> {
  const retried = await db
    .updateTable("emailQueue")
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .returning("id")
    .executeTakeFirst();
  if (retried) return { id, status: "pending" };
  const row = await db.selectFrom("emailQueue").select("status").where("id", "=", id).executeTakeFirst();
  if (!row) throw new AdminNotFoundError("email", id);
  throw new EmailNotRetryableError(row.status);
}

/** Stands in for the secret of a customer's link (her order, her address): the owner never sees it. */
export const TRACKING_TOKEN_MASK = "••••••••";

/**
 * One queued message as its template will render it, with the tracking token masked; the look is
 * logged (`admin_view`). A row whose payload is not a valid message throws InvalidEmailMessageError.
 */
export async function emailForViewing(
  db: Kysely<Database>,
  id: number,
  access: Exclude<EmailAccessMethod, "admin_dashboard"> = "admin_view",
): Promise<EmailMessage> {
  const row = await db
    .selectFrom("emailQueue")
    .select(["type", "locale", "payload"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AdminNotFoundError("email", id);
  const message = parseEmailMessage(row);
  await logAccess(db, access);
  return withSecretsMasked(message);
}

/** Links that open an order or act on an address are the customer's secrets, even for the owner. */
function withSecretsMasked(message: EmailMessage): EmailMessage {
  switch (message.type) {
    // Every e-mail about an order opens it (decision 029); one queued before carried no token.
    case "order_confirmation":
      return withTrackingTokenMasked(message);
    case "tracking_link":
      return withTrackingTokenMasked(message);
    case "shipping_notification":
      return withTrackingTokenMasked(message);
    case "withdrawal_acknowledgement":
      return withTrackingTokenMasked(message);
    case "order_refunded_sold_out":
      return withTrackingTokenMasked(message);
    case "order_refund":
      return withTrackingTokenMasked(message);
    case "address_corrected":
      return withTrackingTokenMasked(message);
    case "signup_confirmation":
      return { ...message, payload: { ...message.payload, token: TRACKING_TOKEN_MASK } };
    case "back_in_stock":
      return { ...message, payload: { ...message.payload, unsubscribeToken: TRACKING_TOKEN_MASK } };
    // A subscriber's early-access link buys in her name before the opening.
    case "announcement":
      return {
        ...message,
        payload: {
          ...message.payload,
          earlyAccessToken: message.payload.earlyAccessToken === null ? null : TRACKING_TOKEN_MASK,
          unsubscribeToken: message.payload.unsubscribeToken === null ? null : TRACKING_TOKEN_MASK,
        },
      };
    // A review link writes in the buyer's name: the owner, who moderates, must never hold one.
    case "review_invitation":
      return {
        ...message,
        payload: { ...message.payload, token: TRACKING_TOKEN_MASK, unsubscribeToken: TRACKING_TOKEN_MASK },
      };
    case "review_rejected":
      return message.payload.token === null
        ? message
        : { ...message, payload: { ...message.payload, token: TRACKING_TOKEN_MASK } };
    default:
      return message;
  }
}

function withTrackingTokenMasked<Message extends EmailMessage & { payload: { trackingToken?: string } }>(
  message: Message,
): Message {
  if (message.payload.trackingToken === undefined) return message;
  return { ...message, payload: { ...message.payload, trackingToken: TRACKING_TOKEN_MASK } };
}
