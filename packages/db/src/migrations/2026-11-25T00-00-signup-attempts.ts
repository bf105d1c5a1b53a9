import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every sign-up attempt a client makes, new address or known: the hourly allowance counts these,
  // not the sign-ups stored, so a known address uses it up like a new one and cannot be told
  // apart. Only the keyed hash of the client's address and the time; swept after a day.
  await db.schema
    .createTable("signup_attempts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("signup_attempts_client_idx")
    .on("signup_attempts")
    .columns(["client_hash", "created_at"])
    .execute();
  // The hour under way keeps counting across the deployment.
  await sql`INSERT INTO signup_attempts (client_hash, created_at)
    SELECT client_hash, created_at FROM signups
    WHERE client_hash IS NOT NULL AND created_at > now() - interval '1 hour'`.execute(db);
  // The allowance no longer counts the sign-ups themselves.
  await sql`DROP INDEX signups_client_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX signups_client_idx ON signups (client_hash, created_at) WHERE client_hash IS NOT NULL`.execute(
    db,
  );
  await db.schema.dropTable("signup_attempts").execute();
}
