/**
 * The owner's view of the e-mail outbox. Addresses are shown masked and every look at the queue is
 * logged (spec §6): the owner sees that mail flows, not who the customers are.
 */
import type { EmailStatus } from "@souls/core/statuses";
import type { Database, Kysely } from "@souls/db";
import { type EmailMessage, parseEmailMessage } from "@souls/emails/messages";
import { sql } from "kysely";
import { AdminNotFoundError, EmailNotRetryableError } from "./errors";

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
}

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

async function logAccess(db: Kysely<Database>, method: EmailAccessMethod): Promise<void> {
  await db.insertInto("emailAccessLog").values({ accessMethod: method, accessedBy: "admin" }).execute();
}

export async function emailQueueStats(db: Kysely<Database>): Promise<EmailQueueStats> {
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
  return {
    total: Number(row.total),
    pending: Number(row.pending),
    sent: Number(row.sent),
    failed: Number(row.failed),
    uniqueRecipients: Number(row.uniqueRecipients),
  };
}

/** The last messages queued, masked; the look is logged (`admin_dashboard`). */
export async function recentEmails(db: Kysely<Database>): Promise<RecentEmail[]> {
  const rows = await db
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
    ])
    .orderBy("emailQueue.createdAt", "desc")
    .orderBy("emailQueue.id", "desc")
    .limit(RECENT_EMAILS)
    .execute();
  await logAccess(db, "admin_dashboard");
  return rows.map(({ recipient, subject, lastError, ...row }) => ({
    ...row,
    maskedRecipient: maskEmailAddress(recipient),
    subjectPreview: subjectPreview(subject),
    lastError: lastError === null ? null : maskAddressesIn(lastError),
  }));
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
    case "signup_confirmation":
      return { ...message, payload: { ...message.payload, token: TRACKING_TOKEN_MASK } };
    case "back_in_stock":
      return { ...message, payload: { ...message.payload, unsubscribeToken: TRACKING_TOKEN_MASK } };
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
