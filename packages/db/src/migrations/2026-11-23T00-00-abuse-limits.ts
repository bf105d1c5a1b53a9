import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who placed an unpaid order (a keyed hash of the client's address): one client may hold only a
  // few pieces and place only a few unpaid orders an hour. Null for the owner's own test orders.
  await db.schema.alterTable("orders").addColumn("client_hash", "text").execute();
  await sql`CREATE INDEX orders_client_idx ON orders (client_hash, created_at) WHERE client_hash IS NOT NULL`.execute(
    db,
  );

  // Double opt-in: a sign-up receives nothing but its confirmation e-mail until the address
  // confirms; the time of that confirmation is the proof of consent. The client's hash bounds how
  // many addresses one client may sign up in an hour.
  await db.schema
    .alterTable("signups")
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("client_hash", "text")
    .execute();
  await sql`CREATE INDEX signups_client_idx ON signups (client_hash, created_at) WHERE client_hash IS NOT NULL`.execute(
    db,
  );
  // The restock job looks only at confirmed addresses still waiting.
  await sql`DROP INDEX signups_waiting_idx`.execute(db);
  await sql`CREATE INDEX signups_waiting_idx ON signups (product_id) WHERE notified_at IS NULL AND product_id IS NOT NULL AND confirmed_at IS NOT NULL`.execute(
    db,
  );

  // Transactional e-mails (0) always leave before marketing ones (1): a restock with a thousand
  // waiting addresses never holds up an order confirmation.
  await db.schema
    .alterTable("email_queue")
    .addColumn("priority", "smallint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`CREATE INDEX email_queue_claim_idx ON email_queue (priority, next_attempt_at, id) WHERE status = 'pending'`.execute(
    db,
  );

  // The owner's login is also throttled across every client: the failures of the last hour.
  await sql`CREATE INDEX admin_login_failures_idx ON admin_login_attempts (created_at) WHERE NOT success`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX admin_login_failures_idx`.execute(db);
  await sql`DROP INDEX email_queue_claim_idx`.execute(db);
  await db.schema.alterTable("email_queue").dropColumn("priority").execute();
  await sql`DROP INDEX signups_waiting_idx`.execute(db);
  await sql`CREATE INDEX signups_waiting_idx ON signups (product_id) WHERE notified_at IS NULL AND product_id IS NOT NULL`.execute(
    db,
  );
  await sql`DROP INDEX signups_client_idx`.execute(db);
  await db.schema.alterTable("signups").dropColumn("confirmed_at").dropColumn("client_hash").execute();
  await sql`DROP INDEX orders_client_idx`.execute(db);
  await db.schema.alterTable("orders").dropColumn("client_hash").execute();
}
