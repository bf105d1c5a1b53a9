/**
 * The owner, who has no pager, hears by e-mail when something goes wrong in her shop (decision
 * 044): checkout keeps failing, e-mails do not leave, the worker stopped. Once when it begins and
 * once when it is over: each incident is a row of `incidents` (at most one open of each kind, a
 * unique index), written in the transaction that queues its e-mail, so a restart or a second
 * process never tells her twice.
 *
 * The worker looks at checkout and e-mails each round (`reviewShopIncidents`); whether the worker
 * itself stopped is judged by someone else — the web server, from the worker's heartbeat row
 * (`reviewWorkerIncident`). A process that stopped cannot say so, nor send the outbox's e-mails:
 * the web server then sends that one e-mail itself (`watchWorker`, decision 057).
 */
import type { IncidentKind } from "@souls/core/email-types";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { deliverEmail, deliveryAsSeller, type MailSetup } from "../mail/delivery";
import { claimEmail } from "../outbox/delivery";
import { enqueueEmail } from "../outbox/enqueue";

export const INCIDENT_RULES = {
  /** Checkout is failing: this many declined payments within the window, and no order paid since the first. */
  checkoutDeclines: 3,
  checkoutWindowMinutes: 30,
  /** E-mails are failing: one being retried after this many tries, or one given up on within the window. */
  emailTriesBeforeAlarm: 2,
  failedEmailWindowMinutes: 180,
  /** The worker stopped: no round finished for this long (it runs every 15 s by default). */
  workerSilentMinutes: 5,
} as const;

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * Several declined payments in the last half hour and no order paid since the first of them. One
 * range of payment_events_failed_time_idx, one look-up in orders_paid_time_idx.
 */
export async function checkoutIsFailing(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const since = minutesBefore(now, INCIDENT_RULES.checkoutWindowMinutes);
  const { rows } = await sql<{ failing: boolean }>`
    WITH declined AS (
      SELECT count(*) AS n, min(received_at) AS first
      FROM payment_events WHERE type = 'failed' AND received_at > ${since} AND received_at <= ${now}
    )
    SELECT declined.n >= ${INCIDENT_RULES.checkoutDeclines}
      AND NOT EXISTS (SELECT 1 FROM orders WHERE paid_at >= declined.first AND paid_at <= ${now}) AS failing
    FROM declined`.execute(db);
  return rows[0]?.failing ?? false;
}

/**
 * An e-mail being retried after failing twice (the mail server refuses or cannot be reached), or
 * one given up on recently. Both on the outbox's partial indexes (pending, failed).
 */
export async function emailsAreFailing(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const since = minutesBefore(now, INCIDENT_RULES.failedEmailWindowMinutes);
  const { rows } = await sql<{ failing: boolean }>`
    SELECT EXISTS (
        SELECT 1 FROM email_queue WHERE status = 'pending' AND attempts >= ${INCIDENT_RULES.emailTriesBeforeAlarm}
      ) OR EXISTS (
        SELECT 1 FROM email_queue WHERE status = 'failed' AND created_at > ${since}
      ) AS failing`.execute(db);
  return rows[0]?.failing ?? false;
}

/** The worker's last round is older than its allowance (or it never ran one since the heartbeat began). */
export async function workerHasStopped(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const beat = await db
    .selectFrom("heartbeats")
    .select("beatenAt")
    .where("name", "=", "worker")
    .executeTakeFirst();
  // Never seen: a fresh shop whose worker has not started yet is not an incident of its own.
  if (!beat) return false;
  return new Date(beat.beatenAt) < minutesBefore(now, INCIDENT_RULES.workerSilentMinutes);
}

/**
 * The worker's sign of life (each round), the backup's (each good dump, docker/backup/backup.sh)
 * or the base backup's (docker/backup/pitr.sh).
 */
export async function recordHeartbeat(
  db: Kysely<Database>,
  name: "worker" | "backup" | "base-backup",
  now = new Date(),
): Promise<void> {
  await db
    .insertInto("heartbeats")
    .values({ name, beatenAt: now })
    .onConflict((conflict) => conflict.column("name").doUpdateSet({ beatenAt: now }))
    .execute();
}

export type IncidentChange = "opened" | "closed";

/**
 * Opens the incident of `kind` when it is happening and none is open, closes the open one when it
 * no longer is, each time queuing the owner's e-mail in the same transaction; otherwise nothing.
 * Concurrent callers queue one e-mail between them (an advisory lock per kind).
 */
export async function reviewIncident(
  db: Kysely<Database>,
  kind: IncidentKind,
  happening: boolean,
  now = new Date(),
): Promise<IncidentChange | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('incident'), hashtext(${kind}))`.execute(trx);
    const open = await trx
      .selectFrom("incidents")
      .select(["id", "openedAt"])
      .where("kind", "=", kind)
      .where("closedAt", "is", null)
      .executeTakeFirst();
    if (happening && !open) {
      await trx.insertInto("incidents").values({ kind, openedAt: now }).execute();
      await tellOwner(trx, kind, { state: "open", openedAt: now.toISOString(), closedAt: null });
      return "opened";
    }
    if (!happening && open) {
      await trx.updateTable("incidents").set({ closedAt: now }).where("id", "=", open.id).execute();
      const openedAt = new Date(open.openedAt).toISOString();
      await tellOwner(trx, kind, { state: "over", openedAt, closedAt: now.toISOString() });
      return "closed";
    }
    return null;
  });
}

/** Her address from « Réglages », else the shop's contact e-mail; none known, no e-mail (the row still counts). */
async function tellOwner(
  trx: Transaction<Database>,
  kind: IncidentKind,
  at: { state: "open" | "over"; openedAt: string; closedAt: string | null },
): Promise<void> {
  const { rows } = await sql<{ recipient: string }>`
    SELECT coalesce(s.owner_email, seller.email) AS recipient
    FROM (SELECT 1) one
      LEFT JOIN shop_settings s ON s.id = 1
      LEFT JOIN seller ON seller.id = 1
    WHERE coalesce(s.owner_email, seller.email) IS NOT NULL`.execute(trx);
  const recipient = rows[0]?.recipient;
  if (!recipient) return;
  await enqueueEmail(trx, { email: recipient, locale: "fr" }, { type: "incident", payload: { kind, ...at } });
}

/**
 * Whether an open incident of checkout or e-mails has shown its end: an order paid, an e-mail
 * sent, since it opened. Until then it stays open, even once its signs have aged out of their
 * window: « over » says payments (or e-mails) go through again, which only a success shows.
 */
async function recoveredSinceOpened(
  db: Kysely<Database>,
  kind: "checkout_failing" | "emails_failing",
  now: Date,
): Promise<boolean> {
  const open = await db
    .selectFrom("incidents")
    .select("openedAt")
    .where("kind", "=", kind)
    .where("closedAt", "is", null)
    .executeTakeFirst();
  if (!open) return true;
  const since = new Date(open.openedAt);
  const { rows } =
    kind === "checkout_failing"
      ? // orders_paid_time_idx.
        await sql<{ recovered: boolean }>`
          SELECT EXISTS (SELECT 1 FROM orders WHERE paid_at >= ${since} AND paid_at <= ${now}) AS recovered`.execute(
          db,
        )
      : // An e-mail sent since was queued at most its tries' life before (about two hours):
        // one range of email_queue_recent_idx.
        await sql<{ recovered: boolean }>`
          SELECT EXISTS (
            SELECT 1 FROM email_queue
            WHERE created_at >= ${minutesBefore(since, INCIDENT_RULES.failedEmailWindowMinutes)}
              AND status = 'sent' AND sent_at >= ${since} AND sent_at <= ${now}
          ) AS recovered`.execute(db);
  return rows[0]?.recovered ?? false;
}

/** The worker's look, each round: checkout and e-mails. What changed, by kind. */
export async function reviewShopIncidents(
  db: Kysely<Database>,
  now = new Date(),
): Promise<Partial<Record<IncidentKind, IncidentChange>>> {
  const changes: Partial<Record<IncidentKind, IncidentChange>> = {};
  const checkout = await reviewIncident(
    db,
    "checkout_failing",
    (await checkoutIsFailing(db, now)) || !(await recoveredSinceOpened(db, "checkout_failing", now)),
    now,
  );
  if (checkout) changes.checkout_failing = checkout;
  const emails = await reviewIncident(
    db,
    "emails_failing",
    (await emailsAreFailing(db, now)) || !(await recoveredSinceOpened(db, "emails_failing", now)),
    now,
  );
  if (emails) changes.emails_failing = emails;
  return changes;
}

/** The web server's look at the worker (its heartbeat row): whether it stopped, or is back. */
export async function reviewWorkerIncident(
  db: Kysely<Database>,
  now = new Date(),
): Promise<IncidentChange | null> {
  return reviewIncident(db, "worker_stopped", await workerHasStopped(db, now), now);
}

/** What the web server's watch did: the incident's change, and its e-mail's fate if it sent it. */
export interface WorkerWatch {
  change: IncidentChange | null;
  /** Set when this process claimed the « worker stopped » e-mail and tried to send it. */
  email?: Awaited<ReturnType<typeof deliverEmail>>;
}

/**
 * The open « worker stopped » incident's e-mail, still to send: the row `tellOwner` queued with it
 * (its payload names the incident's kind and opening). On email_queue_due_idx (pending, sending).
 */
async function unsentWorkerStoppedEmail(db: Kysely<Database>): Promise<number | undefined> {
  const open = await db
    .selectFrom("incidents")
    .select("openedAt")
    .where("kind", "=", "worker_stopped")
    .where("closedAt", "is", null)
    .executeTakeFirst();
  if (!open) return undefined;
  const payload = { kind: "worker_stopped", state: "open", openedAt: new Date(open.openedAt).toISOString() };
  const row = await db
    .selectFrom("emailQueue")
    .select("id")
    .where("status", "in", ["pending", "sending"])
    .where("type", "=", "incident")
    .where(sql<boolean>`payload @> ${JSON.stringify(payload)}::jsonb`)
    .orderBy("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * The web server's watch on the worker (every minute): reviews the worker's incident and, while the
 * worker is stopped, sends the owner's « worker stopped » e-mail itself — only the worker delivers
 * the outbox, and it is the one stopped. The row is claimed as the worker claims rows (the same
 * conditions, lease and SKIP LOCKED), rendered and sent by the same code (../mail), settled the
 * same way: sent at most once whatever the number of web servers, and a worker coming back at the
 * same moment finds it claimed, or sent. A failed send waits for its next try like any row (this
 * watch or the worker takes it when due). The « over » e-mail, queued when the worker is back,
 * goes through the outbox as usual.
 */
export async function watchWorker(
  db: Kysely<Database>,
  mail: MailSetup,
  now = new Date(),
): Promise<WorkerWatch> {
  // `now` moved on by the time spent, as in a worker's round: the row queued by the review is due
  // (the database stamped it after `now`) by the time it is claimed.
  const startedAt = Date.now();
  const clock = () => new Date(now.getTime() + Date.now() - startedAt);
  const change = await reviewWorkerIncident(db, now);
  const id = await unsentWorkerStoppedEmail(db);
  if (id === undefined) return { change };
  // The seller signs the e-mail as the worker's would; read before the claim, so a failure here
  // leaves the row untouched.
  const delivery = await deliveryAsSeller(db, mail);
  const claimed = await claimEmail(db, id, clock(), mail.leaseMs);
  if (!claimed) return { change };
  return { change, email: await deliverEmail(db, delivery, claimed, clock()) };
}
