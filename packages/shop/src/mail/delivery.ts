/**
 * Delivers the e-mails the shop's use cases queued in `email_queue` (the transactional outbox):
 * renders each row the outbox hands out, sends it through the transport, and gives the outcome back
 * to the outbox (../outbox claims, settles and decides on retries). Several workers may run at
 * once; the web server sends one row the same way while the worker is stopped (the owner's
 * « worker stopped » e-mail, ../owner/incidents.ts, decision 057).
 */
import type { Database, EmailQueueRow, Kysely } from "@souls/db";
import {
  type EmailContext,
  type EmailMessage,
  parseEmailMessage,
  type RenderedEmail,
} from "@souls/emails/messages";
import { claimNextEmail, MAX_ATTEMPTS, settleEmail, settlementAfterFailure } from "../outbox/delivery";
import { emailContextFor, loadSeller, mailSenderOf, showSeller } from "../seller";
import type { MailTransport, OutgoingEmail } from "./transport";

/** Most messages one round sends, so a long queue does not hold up the worker's other jobs. */
const PER_ROUND = 50;

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

/**
 * How the worker (or the web server standing in for it) sends, before it knows as whom: the seller
 * is read at each round (`deliveryAsSeller`), so what the owner saves in her panel signs the next
 * e-mails.
 */
export type MailSetup = Omit<EmailDelivery, "context" | "from"> & {
  /** The shop's public origin, for the e-mails' links. */
  siteUrl: string;
  /** MAIL_FROM; unset, the e-mails come from the seller's brand and contact address. */
  from?: string;
};

/** A round's delivery: the shop as the seller's identity says it is right now. */
export async function deliveryAsSeller(db: Kysely<Database>, mail: MailSetup): Promise<EmailDelivery> {
  const seller = showSeller((await loadSeller(db)).details);
  const { siteUrl, from, ...delivery } = mail;
  return {
    ...delivery,
    context: emailContextFor(seller, siteUrl),
    from: from ?? mailSenderOf(seller, siteUrl),
  };
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
    await settleEmail(db, claimed, { status: "failed", lastError: error });
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
      replyTo: delivery.context.seller.email ?? undefined,
      to: claimed.recipient,
      locale: claimed.locale,
      ...rendered,
    };
  } catch (cause) {
    // A bad payload or a template that throws fails the same way every time: no retry.
    const error = `cannot be rendered: ${reason(cause)}`;
    await settleEmail(db, claimed, { status: "failed", lastError: error });
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
      await settleEmail(db, claimed, { status: "pending", nextAttemptAt: new Date(), lastError: error });
      return { outcome: "handedBack", error };
    }
    const settlement = settlementAfterFailure(claimed, error, now, maxAttempts);
    await settleEmail(db, claimed, settlement);
    return { outcome: settlement.status === "failed" ? "failed" : "retrying", error };
  }
  await settleEmail(db, claimed, { status: "sent", sentAt: new Date() });
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
