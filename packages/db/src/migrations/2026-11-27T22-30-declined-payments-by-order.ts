import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A declined card of an order: the panel tells an abandoned checkout (nobody tried to pay) from
  // a refused payment by this, one index look-up per unpaid row of a list.
  await sql`CREATE INDEX payment_events_declined_idx ON payment_events (order_id) WHERE type = 'failed'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX payment_events_declined_idx`.execute(db);
}
