/**
 * Sends the owner's announcements (decision 041) after the shop's own e-mails: before each
 * message of a small batch the outbox is drained (order confirmations and every other message a
 * shopper waits for), so a send to 20,000 addresses delays a confirmation by one message at most. Each batch is claimed
 * by `@souls/shop/announcements` in a committed transaction before anything is handed to the mail
 * server: a message is sent at most once, even when two workers run or one dies mid-send.
 */
import type { Database, Kysely } from "@souls/db";
import type { EmailMessage } from "@souls/emails/messages";
import {
  announcementMessages,
  claimAnnouncementBatch,
  queueDueAnnouncements,
  settleAnnouncementMessage,
} from "@souls/shop/announcements";
import { type DeliveryReport, deliverDueEmails, type EmailDelivery } from "@souls/shop/mail";

/** How long one round may spend on announcements before the worker's other jobs run again. */
export const ANNOUNCEMENT_ROUND_MS = 10_000;

export interface AnnouncementReport {
  /** Recipients queued for announcements whose time came. */
  queued: number;
  sent: number;
  failed: number;
  /** Addresses that left the list before their turn. */
  unsubscribed: number;
  /** The shop's own e-mails sent between batches (order first). */
  emails: DeliveryReport;
  lastError?: string;
}

/** The Message-ID of one announcement's message to one address. */
export function announcementMessageId(recipientId: number, siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  const domain = host.includes(".") && !/^[\d.]+$|:/.test(host) ? host : "souls.local";
  return `<announcement-${recipientId}@${domain}>`;
}

/** Waits `ms`, or less if the worker is asked to stop. */
function pause(ms: number, stop: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (stop?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      stop?.removeEventListener("abort", done);
      resolve();
    }
    stop?.addEventListener("abort", done, { once: true });
  });
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Queues the announcements whose time has come, then sends at their rate for `budgetMs` at most,
 * draining the outbox before each batch. `clock` is the time (tests move it).
 */
export async function deliverAnnouncements(
  db: Kysely<Database>,
  delivery: EmailDelivery,
  options: { secret: string; budgetMs?: number; clock?: () => Date },
): Promise<AnnouncementReport> {
  const clock = options.clock ?? (() => new Date());
  const budgetMs = options.budgetMs ?? ANNOUNCEMENT_ROUND_MS;
  const startedAt = Date.now();
  const report: AnnouncementReport = {
    queued: await queueDueAnnouncements(db, clock()),
    sent: 0,
    failed: 0,
    unsubscribed: 0,
    emails: { sent: 0, retrying: 0, failed: 0, handedBack: 0 },
  };
  // Order first: whatever the shop queued since leaves before the next message of the announcement.
  const drainOutbox = async () => {
    const emails = await deliverDueEmails(db, delivery, clock());
    for (const key of ["sent", "retrying", "failed", "handedBack"] as const)
      report.emails[key] += emails[key];
    if (emails.lastError) report.emails.lastError = emails.lastError;
  };
  while (!delivery.stop?.aborted && Date.now() - startedAt < budgetMs) {
    await drainOutbox();

    const claim = await claimAnnouncementBatch(db, clock());
    if (claim.kind === "idle") break;
    if (claim.kind === "wait") {
      const wait = claim.until.getTime() - clock().getTime();
      if (Date.now() - startedAt + wait >= budgetMs) break;
      await pause(Math.max(wait, 1), delivery.stop);
      continue;
    }
    report.unsubscribed += claim.unsubscribed;
    const messages = await announcementMessages(db, claim, options.secret, clock());
    for (const [index, message] of messages.entries()) {
      // Between two messages too: a confirmation waits for one message at most, never a batch.
      if (index > 0) await drainOutbox();
      // Once claimed, a message is sent even if the worker is asked to stop: its claim is recorded.
      try {
        const email: EmailMessage = {
          type: "announcement",
          locale: message.locale,
          payload: message.payload,
        };
        const rendered = await delivery.render(email, delivery.context);
        await delivery.transport.send({
          queueId: message.recipientId,
          mailboxName: `announcement-${claim.announcementId}-${message.recipientId}`,
          queuedAt: clock(),
          messageId: announcementMessageId(message.recipientId, delivery.context.siteUrl),
          from: delivery.from,
          replyTo: delivery.context.seller.email ?? undefined,
          to: message.email,
          locale: message.locale,
          ...rendered,
        });
        await settleAnnouncementMessage(db, message.recipientId, { status: "sent" }, clock());
        report.sent++;
      } catch (cause) {
        // Never retried: the server may have taken it before failing (at most once).
        const error = reason(cause);
        await settleAnnouncementMessage(db, message.recipientId, { status: "failed", error }, clock());
        report.failed++;
        report.lastError = `announcement message ${message.recipientId}: ${error}`;
      }
      delivery.onSettled?.();
    }
  }
  return report;
}
