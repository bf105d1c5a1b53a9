import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The last sign of life of what runs beside the web server (decision 044): the worker's last
  // round, the backup's last good dump. One row each, read by the metrics at every scrape and by
  // the web server's watch on the worker.
  await sql`
    CREATE TABLE heartbeats (
      name text PRIMARY KEY CHECK (name IN ('worker', 'backup')),
      beaten_at timestamptz NOT NULL
    )`.execute(db);
  // What went wrong in the shop and the owner was told of by e-mail: once when it began, once when
  // it was over. At most one open incident of each kind, so a restart (or a second worker) does
  // not tell her twice.
  await sql`
    CREATE TABLE incidents (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('checkout_failing', 'emails_failing', 'worker_stopped')),
      opened_at timestamptz NOT NULL,
      closed_at timestamptz CHECK (closed_at >= opened_at)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX incidents_open_idx ON incidents (kind) WHERE closed_at IS NULL`.execute(db);
  // The worker's look at the last half hour's declined payments and paid orders, every round.
  await sql`CREATE INDEX payment_events_failed_time_idx ON payment_events (received_at) WHERE type = 'failed'`.execute(
    db,
  );
  await sql`CREATE INDEX orders_paid_time_idx ON orders (paid_at) WHERE paid_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_paid_time_idx`.execute(db);
  await sql`DROP INDEX payment_events_failed_time_idx`.execute(db);
  await sql`DROP TABLE incidents`.execute(db);
  await sql`DROP TABLE heartbeats`.execute(db);
}
