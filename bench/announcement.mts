/**
 * The announcement's figures (issue 33, decision 041), on a real PostgreSQL database:
 *  - the time to queue its recipients — 20,000 confirmed early-notice addresses, one row each;
 *  - the send rate held against the rate set, through the worker's own sending loop and its
 *    mailbox transport (each message rendered and written as an .eml file, as without SMTP);
 *  - an order confirmation's delivery time (queued → handed to the transport) while the worker
 *    sends the announcement as fast as it can, against the same without any announcement.
 *
 * `benchAnnouncement(databaseUrl, options)` returns the figures without a section: the launch
 * benchmark (`npm run bench -- --only launch`) adds its own. Run alone, it starts a throwaway
 * PostgreSQL and prints its table:
 *   npx tsx --tsconfig bench/tsconfig.json bench/announcement.mts [--recipients 20000] [--rate 1200] [--seconds 10]
 * (the tsconfig compiles the e-mail templates' JSX, which this process renders).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { connect, type Database, type Kysely, migrateToLatest, seedProducts } from "@souls/db";
import { startEmbeddedPostgres } from "@souls/db/embedded";
import { renderEmail } from "@souls/emails";
import {
  ANNOUNCEMENT_BATCH,
  draftAnnouncement,
  queueDueAnnouncements,
  saveAnnouncement,
  scheduleAnnouncement,
  showAnnouncement,
} from "@souls/shop/announcements";
import { deliverDueEmails, type EmailDelivery, type MailTransport, mailboxTransport } from "@souls/shop/mail";
import { sql } from "kysely";
import { deliverAnnouncements } from "../apps/worker/src/announcement-delivery.ts";
import { confirmationPayload, queueEmail } from "../apps/worker/src/testing/queue.ts";
import { type Figure, ms, renderNotes, renderTable } from "./table.mts";

/** A figure of the announcement; the caller files it under its section. */
export type AnnouncementFigure = Omit<Figure, "section">;

export interface AnnouncementBenchOptions {
  /** Confirmed early-notice addresses queued (20,000). */
  recipients?: number;
  /** The rate set, messages a minute, for the rate figure (1,200: twenty a second). */
  ratePerMinute?: number;
  /** How long the rate is measured, in seconds (10). */
  seconds?: number;
  /** Confirmations timed with and without the announcement going out (20 each). */
  confirmations?: number;
  log?: (line: string) => void;
}

/** Budgets: queueing 20,000 well within a worker's round; a confirmation as fast during as without. */
const QUEUE_BUDGET_MS = 5_000;
const CONFIRMATION_BUDGET_MS = 1_000;
const SECRET = "bench-secret-for-signed-links-0123456789";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** A transport that writes the mailbox and notes when each message was handed over. */
function timedTransport(dir: string) {
  const inner = mailboxTransport(dir);
  const handedAt = new Map<string, number>();
  let sent = 0;
  const transport: MailTransport = {
    description: inner.description,
    async send(email) {
      await inner.send(email);
      sent++;
      handedAt.set(email.to, performance.now());
    },
    close: () => inner.close(),
  };
  return { transport, handedAt, sent: () => sent };
}

function delivery(transport: MailTransport, stop?: AbortSignal): EmailDelivery {
  return {
    transport,
    render: renderEmail,
    context: {
      siteUrl: "https://souls.example",
      seller: {
        brand: "SOULS",
        companyName: "SOULS SAS",
        address: "8 rue de Charonne, 75011 Paris, France",
        email: "contact@souls.example",
      },
    },
    from: "SOULS <commandes@souls.example>",
    stop,
  };
}

async function announcementOf(db: Kysely<Database>, rateCount: number): Promise<number> {
  const series = await db.selectFrom("series").select("id").executeTakeFirstOrThrow();
  const { id } = await draftAnnouncement(db, series.id);
  const draft = await showAnnouncement(db, id);
  await saveAnnouncement(db, id, { content: draft.content, lists: ["early"], rateCount, ratePer: "minute" });
  await scheduleAnnouncement(db, id, null);
  return id;
}

/**
 * Confirmations queued one after another while `worker` runs, each timed from its queueing to
 * its handing to the transport.
 */
async function confirmationTimes(
  db: Kysely<Database>,
  handedAt: Map<string, number>,
  count: number,
  tag: string,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const recipient = `buyer-${tag}-${i}@bench.example`;
    const queuedAt = performance.now();
    await queueEmail(db, { recipient, payload: confirmationPayload() });
    while (!handedAt.has(recipient)) await sleep(2);
    times.push((handedAt.get(recipient) as number) - queuedAt);
    // Apart, as orders come: each finds the worker in the middle of something.
    await sleep(37);
  }
  return times;
}

export async function benchAnnouncement(
  databaseUrl: string,
  options: AnnouncementBenchOptions = {},
): Promise<AnnouncementFigure[]> {
  const recipients = options.recipients ?? 20_000;
  const ratePerMinute = options.ratePerMinute ?? 1_200;
  const seconds = options.seconds ?? 10;
  const confirmations = options.confirmations ?? 20;
  const log = options.log ?? (() => {});
  const db = connect(databaseUrl, { maxConnections: 4 });
  const mailbox = mkdtempSync(path.join(tmpdir(), "souls-announcement-mailbox-"));
  try {
    await migrateToLatest(db);
    await seedProducts(db);
    await sql`TRUNCATE announcements, announcement_recipients, email_queue`.execute(db);
    await sql`DELETE FROM signups WHERE email LIKE '%@list.bench.example'`.execute(db);
    await sql`
      INSERT INTO signups (email, locale, source, confirmed_at)
      SELECT 'subscriber' || g || '@list.bench.example', CASE WHEN g % 4 = 0 THEN 'en' ELSE 'fr' END,
        CASE WHEN g % 3 = 0 THEN 'product' ELSE 'home' END, now() - make_interval(days => g % 300)
      FROM generate_series(1, ${recipients}::int) AS g`.execute(db);
    await sql`ANALYZE signups`.execute(db);

    // 1. Queueing: the worker's statement when the announcement's time comes.
    log(`announcement: queueing ${recipients} recipients`);
    const rated = await announcementOf(db, ratePerMinute);
    const queueStarted = performance.now();
    const queued = await queueDueAnnouncements(db);
    const queueMs = performance.now() - queueStarted;

    // 2. The rate held: the worker's loop for `seconds`, at the rate set.
    log(`announcement: sending at ${ratePerMinute} a minute for ${seconds} s`);
    const rate = timedTransport(mailbox);
    const rateStarted = performance.now();
    await deliverAnnouncements(db, delivery(rate.transport), { secret: SECRET, budgetMs: seconds * 1000 });
    const rateSeconds = (performance.now() - rateStarted) / 1000;
    const heldPerMinute = (rate.sent() / rateSeconds) * 60;
    // At most one batch ahead of the rate, and at least 90 % of it.
    const ceiling = ANNOUNCEMENT_BATCH + (ratePerMinute / 60) * rateSeconds;
    const rateMet = rate.sent() <= ceiling && heldPerMinute >= 0.9 * ratePerMinute;
    await sql`UPDATE announcements SET status = 'paused' WHERE id = ${rated}`.execute(db);

    // 3. A confirmation's delivery without an announcement: the worker drains the outbox.
    log("announcement: confirmations without an announcement");
    const quiet = timedTransport(mailbox);
    const quietStop = new AbortController();
    const quietWorker = (async () => {
      while (!quietStop.signal.aborted) {
        await deliverDueEmails(db, delivery(quiet.transport));
        await sleep(5);
      }
    })();
    const without = await Promise.race([
      confirmationTimes(db, quiet.handedAt, confirmations, "quiet"),
      quietWorker.then(() => Promise.reject(new Error("the worker stopped"))),
    ]);
    quietStop.abort();
    await quietWorker;

    // 4. The same during a send as fast as the worker goes (no rate limit to rest on).
    log("announcement: confirmations during the send");
    await sql`UPDATE announcements SET rate_count = 100000, status = 'sending', next_send_at = NULL WHERE id = ${rated}`.execute(
      db,
    );
    const busy = timedTransport(mailbox);
    const busyStop = new AbortController();
    const busyWorker = (async () => {
      while (!busyStop.signal.aborted) {
        await deliverAnnouncements(db, delivery(busy.transport, busyStop.signal), {
          secret: SECRET,
          budgetMs: 60_000,
        });
      }
    })();
    const during = await Promise.race([
      confirmationTimes(db, busy.handedAt, confirmations, "busy"),
      busyWorker.then(() => Promise.reject(new Error("the worker stopped"))),
    ]);
    busyStop.abort();
    await busyWorker;
    const sentDuring = busy.sent() - confirmations;

    const p = (values: number[], q: number) => percentile(values, q);
    return [
      {
        figure: `queue an announcement to ${recipients.toLocaleString("en")} confirmed addresses`,
        value: ms(queueMs),
        budget: `≤ ${QUEUE_BUDGET_MS / 1000} s`,
        met: queued === recipients && queueMs <= QUEUE_BUDGET_MS,
        data: { recipients, queued, queueMs },
        ...(queued !== recipients ? { note: `${queued} rows queued for ${recipients} addresses` } : {}),
      },
      {
        figure: `announcement send rate (set: ${ratePerMinute.toLocaleString("en")} a minute)`,
        value: `${Math.round(heldPerMinute).toLocaleString("en")} a minute (${rate.sent()} in ${rateSeconds.toFixed(1)} s)`,
        budget: `90–100 % of the rate set (+ one batch of ${ANNOUNCEMENT_BATCH})`,
        met: rateMet,
        data: { ratePerMinute, sent: rate.sent(), seconds: rateSeconds, heldPerMinute },
      },
      {
        figure: "order confirmation delivered, no announcement going out (p50 / p99)",
        value: `${ms(p(without, 50))} / ${ms(p(without, 99))}`,
        budget: "—",
        met: null,
        data: { times: without },
      },
      {
        figure: "order confirmation delivered during the announcement (p50 / p99)",
        value: `${ms(p(during, 50))} / ${ms(p(during, 99))}`,
        budget: `≤ ${CONFIRMATION_BUDGET_MS / 1000} s at p99`,
        met: p(during, 99) <= CONFIRMATION_BUDGET_MS,
        data: { times: during, announcementMessagesMeanwhile: sentDuring },
        note: `${sentDuring} announcement messages sent meanwhile, as fast as the worker renders them; a confirmation waits at most for the one message in progress`,
      },
    ];
  } finally {
    await db.destroy();
    rmSync(mailbox, { recursive: true, force: true });
  }
}

async function main() {
  const option = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: mkdtempSync(path.join(tmpdir(), "souls-bench-")),
        temporary: true,
      });
  if (embedded) await embedded.createDatabase("bench_announcement");
  try {
    const figures = await benchAnnouncement(
      process.env.DATABASE_URL ?? (embedded?.urlFor("bench_announcement") as string),
      {
        recipients: option("recipients", 20_000),
        ratePerMinute: option("rate", 1_200),
        seconds: option("seconds", 10),
        log: (line) => console.error(line),
      },
    );
    const withSection: Figure[] = figures.map((figure) => ({ ...figure, section: "orders" }));
    console.log(renderTable(withSection));
    const notes = renderNotes(withSection);
    if (notes) console.log(`\n${notes}`);
    if (figures.some((figure) => figure.met === false)) process.exitCode = 1;
  } finally {
    await embedded?.stop();
  }
}

// Run as a script, not when imported by the launch benchmark.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
