import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // What each payment event says the gateway took (null for news without an amount: a decline,
  // a cancellation, a refund).
  await db.schema
    .alterTable("payment_events")
    .addColumn("amount_cents", "integer")
    .addColumn("currency", "text")
    .execute();
  await sql`ALTER TABLE payment_events ADD CONSTRAINT payment_events_amount_check
    CHECK ((amount_cents IS NULL) = (currency IS NULL))`.execute(db);
  // A payment taken for another amount than the order's total is never applied: the owner checks it.
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded', 'mismatch'))`.execute(
    db,
  );
  // The payment that disagreed with its order, once per order: what was taken and what was due.
  await db.schema
    .createTable("payment_checks")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull().check(sql`provider IN ('stripe', 'test')`))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("received_cents", "integer", (c) => c.notNull())
    .addColumn("received_currency", "text", (c) => c.notNull())
    .addColumn("expected_cents", "integer", (c) => c.notNull())
    .addColumn("expected_currency", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_checks").execute();
  await sql`UPDATE orders SET payment_status = 'failed' WHERE payment_status = 'mismatch'`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
    CHECK (payment_status IN ('pending', 'paid', 'failed', 'refunded', 'partially_refunded'))`.execute(db);
  await sql`ALTER TABLE payment_events DROP CONSTRAINT payment_events_amount_check`.execute(db);
  await db.schema.alterTable("payment_events").dropColumn("amount_cents").dropColumn("currency").execute();
}
