import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The launch limit (decision 039) counts a shopper's pieces of one model in the order's own
  // statement, with the model's row locked: the lines of that model, found without reading every
  // line the shop ever sold.
  await sql`CREATE INDEX order_items_by_product ON order_items (product_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX order_items_by_product`.execute(db);
}
