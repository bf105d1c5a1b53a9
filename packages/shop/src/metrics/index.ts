/**
 * `@souls/shop/metrics`: what the shop measures, in Prometheus' format (decision 044). One
 * registry per process (the web server's, the worker's), served on a listener of its own
 * (METRICS_PORT), never on the public port.
 *
 * Counted as they happen, in the process where they happen: requests (by route id, never the
 * path), page-cache hits and misses, orders placed and paid, payment failures, photo processing.
 * Read at each scrape, by one bounded query: held pieces, the outbox's pending and failed e-mails
 * and its oldest pending one, the worker's last round, the backup's last good dump and the last
 * base backup of the point-in-time recovery (the `heartbeats` table), the WAL archive's last
 * success and failure (`pg_stat_archiver`), and whether the database answers. The event loop's delay comes from
 * prom-client's default metrics (`nodejs_eventloop_lag_*`).
 */
import { createServer, type Server } from "node:http";
import { type Database, type Kysely, poolStatsOf } from "@souls/db";
import { sql } from "kysely";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];

/** Every request answered, by the route that answered it, its method and status. */
export const httpRequestDuration = new Histogram({
  name: "souls_http_request_duration_seconds",
  help: "Requests answered by the web server, by route id, method and status, and how long they took",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** A public page a visitor without cart asked for: answered from memory (hit) or rendered (miss). */
export const pageCacheRequests = new Counter({
  name: "souls_page_cache_requests_total",
  help: "Requests the page cache could answer, by outcome (hit: sent from memory; miss: rendered)",
  labelNames: ["outcome"] as const,
  registers,
});

/**
 * A checkout post answered from the pieces the web server heard, without a turn or a statement: the
 * launch's posts that came too late (decision 066). Beside ordersPlaced, how a rush went.
 */
export const checkoutsTooLate = new Counter({
  name: "souls_checkouts_too_late_total",
  help: "Checkout posts answered without a transaction: nothing left (gone) or all left held by unpaid orders (held)",
  labelNames: ["reason"] as const,
  registers,
});

/** Checkout posts of this web server waiting for their model's turn (set by the web server). */
export const checkoutsWaiting = new Gauge({
  name: "souls_checkouts_waiting",
  help: "Checkout posts waiting for their model's turn in this web server",
  registers,
});

/**
 * How long each post waited for its turn in a web server before the app read it (decision 068):
 * a rush's forms wait a little by design; a line that stays long says the servers cannot keep up.
 */
export const formTurnWait = new Histogram({
  name: "souls_form_turn_wait_seconds",
  help: "Time a post waited for its turn in this web server before the app read it",
  buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers,
});

export const ordersPlaced = new Counter({
  name: "souls_orders_placed_total",
  help: "Orders placed (pieces held, awaiting payment)",
  registers,
});

export const ordersPaid = new Counter({
  name: "souls_orders_paid_total",
  help: "Orders whose payment was applied",
  registers,
});

/** A declined card, a payment cancelled, or the payment provider failing to start a payment. */
export const paymentFailures = new Counter({
  name: "souls_payment_failures_total",
  help: "Payments that failed, by reason (declined, cancelled, gateway_error)",
  labelNames: ["reason"] as const,
  registers,
});

export const photoProcessing = new Histogram({
  name: "souls_photo_processing_seconds",
  help: "Time to check and cut one uploaded photo into its sizes",
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
  registers,
});

/** Runs `work`, its time observed by `histogram` whether it succeeds or throws. */
export async function timed<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer();
  try {
    return await work();
  } finally {
    end();
  }
}

// ---------------------------------------------------------------------------------------------
// Read at scrape time.

/** What one scrape reads from the database, in one statement. */
export interface ShopGauges {
  heldPieces: number;
  outboxPending: number;
  outboxFailed: number;
  /** Seconds since the oldest pending e-mail was queued; 0 with none pending. */
  oldestPendingSeconds: number;
  /** Seconds since the epoch of the worker's last round; 0 before its first (an alert's "never"). */
  workerLastRound: number;
  /** Seconds since the epoch of the backup's last good dump; 0 before its first. */
  backupLastSuccess: number;
  /** Seconds since the epoch of the last base backup (docker/backup/pitr.sh); 0 before its first. */
  baseBackupLastSuccess: number;
  /** Seconds since the epoch of the last WAL segment archived; 0: none (archiving off). */
  walArchiveLastSuccess: number;
  /** Seconds since the epoch of the last failed attempt to archive one; 0: none. */
  walArchiveLastFailure: number;
  /** Recipients of the announcements going out now (sending or paused), by their status. */
  announcementRecipients: Record<AnnouncementRecipientStatus, number>;
}

const ANNOUNCEMENT_RECIPIENT_STATUSES = [
  "queued",
  "sending",
  "sent",
  "failed",
  "unknown",
  "unsubscribed",
] as const;
type AnnouncementRecipientStatus = (typeof ANNOUNCEMENT_RECIPIENT_STATUSES)[number];

/**
 * Each sub-query is bounded: `products` is the catalogue (a few hundred rows); pending and failed
 * e-mails are counted on their partial indexes (email_queue_claim_idx, email_queue_failed_idx);
 * `heartbeats` has three rows; `pg_stat_archiver` one.
 */
export async function readShopGauges(db: Kysely<Database>): Promise<ShopGauges> {
  const { rows } = await sql<{
    heldPieces: string;
    outboxPending: string;
    outboxFailed: string;
    oldestPendingSeconds: number | null;
    workerLastRound: number | null;
    backupLastSuccess: number | null;
    baseBackupLastSuccess: number | null;
    walArchiveLastSuccess: number | null;
    walArchiveLastFailure: number | null;
  }>`
    SELECT
      (SELECT coalesce(sum(reserved), 0) FROM products) AS held_pieces,
      (SELECT count(*) FROM email_queue WHERE status = 'pending') AS outbox_pending,
      (SELECT count(*) FROM email_queue WHERE status = 'failed') AS outbox_failed,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM email_queue WHERE status = 'pending')
        AS oldest_pending_seconds,
      (SELECT extract(epoch FROM beaten_at)::float8 FROM heartbeats WHERE name = 'worker') AS worker_last_round,
      (SELECT extract(epoch FROM beaten_at)::float8 FROM heartbeats WHERE name = 'backup') AS backup_last_success,
      (SELECT extract(epoch FROM beaten_at)::float8 FROM heartbeats WHERE name = 'base-backup')
        AS base_backup_last_success,
      (SELECT extract(epoch FROM last_archived_time)::float8 FROM pg_stat_archiver) AS wal_archive_last_success,
      (SELECT extract(epoch FROM last_failed_time)::float8 FROM pg_stat_archiver) AS wal_archive_last_failure
  `.execute(db);
  const row = rows[0];
  if (!row) throw new Error("the gauges' query returned no row");
  // Only the announcements going out: their recipients' rows, on the announcement's own key.
  const recipients = await sql<{ status: AnnouncementRecipientStatus; count: string }>`
    SELECT r.status, count(*) AS count
    FROM announcements a JOIN announcement_recipients r ON r.announcement_id = a.id
    WHERE a.status IN ('sending', 'paused')
    GROUP BY r.status
  `.execute(db);
  const announcementRecipients = Object.fromEntries(
    ANNOUNCEMENT_RECIPIENT_STATUSES.map((status) => [status, 0]),
  ) as Record<AnnouncementRecipientStatus, number>;
  for (const { status, count } of recipients.rows) announcementRecipients[status] = Number(count);
  return {
    announcementRecipients,
    heldPieces: Number(row.heldPieces),
    outboxPending: Number(row.outboxPending),
    outboxFailed: Number(row.outboxFailed),
    oldestPendingSeconds: Math.max(0, row.oldestPendingSeconds ?? 0),
    workerLastRound: row.workerLastRound ?? 0,
    backupLastSuccess: row.backupLastSuccess ?? 0,
    baseBackupLastSuccess: row.baseBackupLastSuccess ?? 0,
    walArchiveLastSuccess: row.walArchiveLastSuccess ?? 0,
    walArchiveLastFailure: row.walArchiveLastFailure ?? 0,
  };
}

/** How long a scrape waits for the database's answer. */
const SCRAPE_QUERY_MS = 5_000;

/**
 * Registers the gauges read from `db` at each scrape: its pool, the shop's gauges, and whether the
 * database answered (`souls_database_up`: 0, and the shop's gauges NaN — unknown — when it did
 * not; the scrape itself still succeeds). Once per process (per registry).
 */
export function watchDatabase(db: Kysely<Database>, into: Registry = registry): void {
  const registers = [into];
  // The gauges' collect functions run at each scrape, started in the order they were registered:
  // souls_database_up reads, the gauges after it share its reading.
  // A database that answers nothing within SCRAPE_QUERY_MS counts as down: the scrape still ends
  // well within Prometheus' own timeout (10 s by default).
  let reading: Promise<ShopGauges | null> | undefined;
  const read = () => {
    reading ??= Promise.race([
      readShopGauges(db).catch(() => null),
      new Promise<null>((resolve) => setTimeout(resolve, SCRAPE_QUERY_MS, null).unref()),
    ]);
    return reading;
  };
  const fromDatabase = (name: string, help: string, value: (gauges: ShopGauges) => number) => ({
    name,
    help,
    value,
  });

  new Gauge({
    name: "souls_db_pool_connections",
    help: "The process's database pool: connections open (total), idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers,
    // Read first, before this scrape's own query takes a connection.
    collect() {
      const stats = poolStatsOf(db);
      if (!stats) return;
      for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: "souls_database_up",
    help: "1 when the database answered this scrape's query, 0 when it did not",
    registers,
    async collect() {
      reading = undefined;
      this.set((await read()) ? 1 : 0);
    },
  });
  const single = [
    fromDatabase("souls_held_pieces", "Pieces held by unpaid orders", (g) => g.heldPieces),
    fromDatabase(
      "souls_outbox_oldest_pending_age_seconds",
      "Age of the oldest e-mail waiting in the outbox (0 when none waits)",
      (g) => g.oldestPendingSeconds,
    ),
    fromDatabase(
      "souls_worker_last_round_timestamp_seconds",
      "When the worker last finished a round (its heartbeat in the database), seconds since the epoch; 0: never",
      (g) => g.workerLastRound,
    ),
    fromDatabase(
      "souls_backup_last_success_timestamp_seconds",
      "When the backup last wrote a good dump, seconds since the epoch; 0: never",
      (g) => g.backupLastSuccess,
    ),
    fromDatabase(
      "souls_base_backup_last_success_timestamp_seconds",
      "When the point-in-time recovery's last base backup was written, seconds since the epoch; 0: never",
      (g) => g.baseBackupLastSuccess,
    ),
    fromDatabase(
      "souls_wal_archive_last_success_timestamp_seconds",
      "When PostgreSQL last archived a WAL segment (pg_stat_archiver), seconds since the epoch; 0: never",
      (g) => g.walArchiveLastSuccess,
    ),
    fromDatabase(
      "souls_wal_archive_last_failure_timestamp_seconds",
      "When archiving a WAL segment last failed (pg_stat_archiver), seconds since the epoch; 0: never",
      (g) => g.walArchiveLastFailure,
    ),
  ];
  for (const { name, help, value } of single) {
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const gauges = await read();
        // The database did not answer: NaN, unknown, rather than a wrong value (souls_database_up
        // says why); no alert's comparison holds on it.
        this.set(gauges ? value(gauges) : Number.NaN);
      },
    });
  }
  new Gauge({
    name: "souls_announcement_recipients",
    help: "Recipients of the announcements going out now (sending or paused), by status: queued, sent, failed, unsubscribed since…",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const gauges = await read();
      for (const status of ANNOUNCEMENT_RECIPIENT_STATUSES) {
        this.set({ status }, gauges?.announcementRecipients[status] ?? Number.NaN);
      }
    },
  });
  new Gauge({
    name: "souls_outbox_emails",
    help: "E-mails in the outbox by status: pending (waiting to be sent or retried) and failed (given up)",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const gauges = await read();
      this.set({ status: "pending" }, gauges?.outboxPending ?? Number.NaN);
      this.set({ status: "failed" }, gauges?.outboxFailed ?? Number.NaN);
    },
  });
}

/**
 * Serves the registry at /metrics on its own listener (anything else: 404). Resolves once
 * listening; a port already taken rejects.
 */
export function serveMetrics(options: { port: number; host: string }): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.statusCode = 404;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      return res.end("Not found");
    }
    registry.metrics().then(
      (text) => {
        res.setHeader("Content-Type", registry.contentType);
        res.setHeader("Cache-Control", "no-store");
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error) => {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end(`metrics failed: ${(error as Error).message}`);
      },
    );
  });
  // The metrics listener never keeps a stopping process alive.
  server.unref();
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
