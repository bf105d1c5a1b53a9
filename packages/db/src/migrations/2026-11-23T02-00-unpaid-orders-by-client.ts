import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A client's limits count its unpaid orders only: indexing just those keeps the count to a few
  // rows for a client whose address has many paid orders (an office, a carrier's shared address).
  await sql`DROP INDEX orders_client_idx`.execute(db);
  await sql`CREATE INDEX orders_client_unpaid_idx ON orders (client_hash, created_at)
    WHERE client_hash IS NOT NULL AND payment_status <> 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_client_unpaid_idx`.execute(db);
  await sql`CREATE INDEX orders_client_idx ON orders (client_hash, created_at) WHERE client_hash IS NOT NULL`.execute(
    db,
  );
}
