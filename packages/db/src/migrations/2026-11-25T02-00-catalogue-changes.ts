import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // What the shop shows besides a product row (its texts, photos and series, the seller's
  // identity) changes kept pages too: such a table's statements announce themselves on the
  // `products` channel, which every web server listens to (decision 013), without a row.
  await sql`
    CREATE FUNCTION notify_catalogue_change() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('products', json_build_object('operation', 'catalogue', 'table', TG_TABLE_NAME)::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION notify_catalogue_change()`.execute(db);
}
