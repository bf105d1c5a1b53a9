import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every look-up of the tracking page, without the token: when, from which client (a keyed
  // hash of its address, never the address itself), and whether it opened an order.
  await db.schema
    .createTable("tracking_access_log")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("success", "boolean", (c) => c.notNull())
    .addColumn("outcome", "text", (c) =>
      c.notNull().check(sql`outcome IN ('found', 'unknown', 'expired', 'malformed', 'blocked')`),
    )
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The rate limit counts one client's recent failures.
  await db.schema
    .createIndex("tracking_access_log_client_idx")
    .on("tracking_access_log")
    .columns(["client_hash", "created_at"])
    .execute();
  // A client that failed too often is blocked until this time (rate limits live in the
  // database so they hold across several web servers).
  await db.schema
    .createTable("tracking_blocks")
    .addColumn("client_hash", "text", (c) => c.primaryKey())
    .addColumn("blocked_until", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("orders").addColumn("withdrawn_at", "timestamptz").execute();

  // Back-in-stock lists: a sign-up may name a product; one address may wait for several
  // models and be on the newsletter too, but never twice for the same thing.
  await db.schema
    .alterTable("signups")
    .addColumn("product_id", "integer", (c) => c.references("products.id").onDelete("cascade"))
    .addColumn("notified_at", "timestamptz")
    .execute();
  await sql`ALTER TABLE signups DROP CONSTRAINT signups_email_key`.execute(db);
  await sql`ALTER TABLE signups ADD CONSTRAINT signups_email_product_key UNIQUE NULLS NOT DISTINCT (email, product_id)`.execute(
    db,
  );
  await sql`ALTER TABLE signups DROP CONSTRAINT signups_source_check`.execute(db);
  await sql`ALTER TABLE signups ADD CONSTRAINT signups_source_check CHECK (source IN ('home', 'product', 'newsletter', 'magazine', 'waitlist'))`.execute(
    db,
  );
  await sql`ALTER TABLE signups ADD CONSTRAINT signups_waitlist_has_product CHECK ((source = 'waitlist') = (product_id IS NOT NULL))`.execute(
    db,
  );
  // The restock job looks for addresses still waiting.
  await sql`CREATE INDEX signups_waiting_idx ON signups (product_id) WHERE notified_at IS NULL AND product_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX signups_waiting_idx`.execute(db);
  await sql`DELETE FROM signups WHERE product_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE signups DROP CONSTRAINT signups_waitlist_has_product`.execute(db);
  await sql`ALTER TABLE signups DROP CONSTRAINT signups_source_check`.execute(db);
  await sql`ALTER TABLE signups ADD CONSTRAINT signups_source_check CHECK (source IN ('home', 'product', 'newsletter', 'magazine'))`.execute(
    db,
  );
  await sql`ALTER TABLE signups DROP CONSTRAINT signups_email_product_key`.execute(db);
  await sql`ALTER TABLE signups ADD CONSTRAINT signups_email_key UNIQUE (email)`.execute(db);
  await db.schema.alterTable("signups").dropColumn("product_id").dropColumn("notified_at").execute();
  await db.schema.alterTable("orders").dropColumn("withdrawn_at").execute();
  await db.schema.dropTable("tracking_blocks").execute();
  await db.schema.dropTable("tracking_access_log").execute();
}
