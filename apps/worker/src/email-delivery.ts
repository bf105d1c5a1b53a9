/**
 * Delivers the e-mails the shop's use cases queued in `email_queue` (the transactional outbox).
 * A row is claimed (status `sending`, a lease), sent outside any transaction, then settled: `sent`,
 * back to `pending` for a later try, or `failed` for good. Several workers may run at once.
 */
import type { Database, EmailQueueRow, Kysely } from "@souls/db";
import {
  type EmailContext,
  type EmailMessage,
  parseEmailMessage,
  type RenderedEmail,
} from "@souls/emails/messages";
import type { MailTransport, OutgoingEmail } from "./mail-transport";

/** How long a claimed row is ours: well over one send's timeouts, so only a dead worker loses it. */
export const LEASE_MS = 2 * 60_000;
/** Tries before a row ends `failed` (with the retry delays below, about two hours of trying). */
export const MAX_ATTEMPTS = 8;
/** Most messages one round sends, so a long queue does not hold up the worker's other jobs. */
const PER_ROUND = 50;

/** Wait before the next try after `attempts` tries: 1, 2, 4, 8, 16, 32 minutes, then an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** (attempts - 1), 60 * 60_000);
}

/** The row's Message-ID: the same on every try, so a re-send after a crash shows as a duplicate. */
export function messageIdFor(queueId: number, siteUrl: string): string {
  const host = new URL(siteUrl).hostname;
  // A Message-ID wants a domain of the shop's own; "localhost" or an IP is not one.
  const domain = host.includes(".") && !/^[\d.]+$|:/.test(host) ? host : "souls.local";
  return `<email-${queueId}@${domain}>`;
}

export type RenderEmail = (message: EmailMessage, context: EmailContext) => Promise<RenderedEmail>;

export interface EmailDelivery {
  transport: MailTransport;
  render: RenderEmail;
  context: EmailContext;
  /** The From header, e.g. `SOULS <commandes@souls.fr>`; replies go to the seller's address. */
  from: string;
  leaseMs?: number;
  maxAttempts?: number;
  perRound?: number;
  /**
   * The worker is stopping: no further row is claimed, and a send still in progress after
   * `handBackAfterMs` is given up, its row handed back (`pending`, lease released) for another
   * worker to send, rather than left to its lease.
   */
  stop?: AbortSignal;
  handBackAfterMs?: number;
  /** Called after each row is settled (the worker's heartbeat). */
  onSettled?: () => void;
}

/** How long a send in progress may still finish once the worker is asked to stop. */
export const HAND_BACK_AFTER_MS = 5_000;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Sends interrupted by the worker's stop, their rows back to `pending`. */
  handedBack: number;
  /** The last error of the round, for the worker's log. */
  lastError?: string;
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
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("emailQueue")
      .select("id")
      .where((eb) =>
        eb.or([
          eb.and([eb("status", "=", "pending"), eb("nextAttemptAt", "<=", now)]),
          eb.and([eb("status", "=", "sending"), eb("lockedUntil", "<", now)]),
        ]),
      )
      // Transactional mail first (priority 0): a restock's notices never hold up a confirmation.
      .orderBy("priority")
      .orderBy("nextAttemptAt")
      .orderBy("id")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!due) return undefined;
    return trx
      .updateTable("emailQueue")
      .set((eb) => ({
        status: "sending",
        attempts: eb("attempts", "+", 1),
        lockedUntil: new Date(now.getTime() + leaseMs),
      }))
      .where("id", "=", due.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

type Settlement =
  | { status: "sent"; sentAt: Date }
  | { status: "pending"; nextAttemptAt: Date; lastError: string }
  | { status: "failed"; lastError: string };

/** Thrown into a send that the worker's stop gave up on. */
class SendHandedBack extends Error {}

/**
 * The send itself, unless the worker stops and it has not finished `graceMs` later. The send
 * is not cancelled (SMTP has no such thing): its late outcome is ignored, and the row, already
 * back to `pending`, may be sent twice, with the same Message-ID, as after a crash.
 */
function sendUnlessStopped(
  send: Promise<void>,
  stop: AbortSignal | undefined,
  graceMs: number,
): Promise<void> {
  if (!stop) return send;
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      timer = setTimeout(() => reject(new SendHandedBack("the worker stopped during the send")), graceMs);
    };
    if (stop.aborted) giveUp();
    else stop.addEventListener("abort", giveUp, { once: true });
    send.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      stop.removeEventListener("abort", giveUp);
    });
  });
}

/** Records the outcome of our try, unless the lease ran out and another worker took the row since. */
async function settle(db: Kysely<Database>, claimed: EmailQueueRow, outcome: Settlement) {
  await db
    .updateTable("emailQueue")
    .set({ ...outcome, lockedUntil: null })
    .where("id", "=", claimed.id)
    .where("status", "=", "sending")
    .where("attempts", "=", claimed.attempts)
    .execute();
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Renders and sends one claimed row, then settles it; never throws for a mail problem. */
export async function deliverEmail(
  db: Kysely<Database>,
  delivery: EmailDelivery,
  claimed: EmailQueueRow,
  now: Date,
): Promise<{ outcome: "sent" | "retrying" | "failed" | "handedBack"; error?: string }> {
  const maxAttempts = delivery.maxAttempts ?? MAX_ATTEMPTS;
  if (claimed.attempts > maxAttempts) {
    // Only a worker dying during every try gets here (a message that crashes it?): stop trying.
    const error = `abandoned after ${maxAttempts} tries interrupted while sending; last error: ${claimed.lastError ?? "none"}`;
    await settle(db, claimed, { status: "failed", lastError: error });
    return { outcome: "failed", error };
  }

  let email: OutgoingEmail;
  try {
    const rendered = await delivery.render(parseEmailMessage(claimed), delivery.context);
    email = {
      queueId: claimed.id,
      queuedAt: claimed.createdAt,
      messageId: messageIdFor(claimed.id, delivery.context.siteUrl),
      from: delivery.from,
      replyTo: delivery.context.seller.email,
      to: claimed.recipient,
      locale: claimed.locale,
      ...rendered,
    };
  } catch (cause) {
    // A bad payload or a template that throws fails the same way every time: no retry.
    const error = `cannot be rendered: ${reason(cause)}`;
    await settle(db, claimed, { status: "failed", lastError: error });
    return { outcome: "failed", error };
  }

  try {
    await sendUnlessStopped(
      delivery.transport.send(email),
      delivery.stop,
      delivery.handBackAfterMs ?? HAND_BACK_AFTER_MS,
    );
  } catch (cause) {
    const error = reason(cause);
    if (cause instanceof SendHandedBack) {
      // Due at once: the next worker to look sends it (this try still counts as one).
      await settle(db, claimed, { status: "pending", nextAttemptAt: new Date(), lastError: error });
      return { outcome: "handedBack", error };
    }
    if (claimed.attempts >= maxAttempts) {
      await settle(db, claimed, { status: "failed", lastError: error });
      return { outcome: "failed", error };
    }
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(claimed.attempts));
    await settle(db, claimed, { status: "pending", nextAttemptAt, lastError: error });
    return { outcome: "retrying", error };
  }
  await settle(db, claimed, { status: "sent", sentAt: new Date() });
  return { outcome: "sent" };
}

/**
 * Sends the e-mails due at `now`, one claimed row at a time: each lease then only has to cover one
 * send, and a worker killed mid-round leaves at most one row in `sending` (taken again once its
 * lease runs out, with the same Message-ID).
 */
export async function deliverDueEmails(
  db: Kysely<Database>,
  delivery: EmailDelivery,
  now: Date = new Date(),
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, handedBack: 0 };
  // `now` moved on by the time spent so far: a row claimed late in a long round still gets a full lease.
  const startedAt = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - startedAt);
  for (let i = 0; i < (delivery.perRound ?? PER_ROUND) && !delivery.stop?.aborted; i++) {
    const claimed = await claimNextEmail(db, clock(), delivery.leaseMs);
    if (!claimed) break;
    const { outcome, error } = await deliverEmail(db, delivery, claimed, clock());
    report[outcome]++;
    if (error) report.lastError = `e-mail ${claimed.id}: ${error}`;
    delivery.onSettled?.();
  }
  return report;
}
