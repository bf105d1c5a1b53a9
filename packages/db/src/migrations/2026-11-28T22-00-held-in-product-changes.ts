import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * A product change also says how many of its pieces unpaid orders hold (`held`): a web server
 * then knows, without reading the catalogue again, whether a checkout may still hold a piece under
 * the share unpaid orders may hold at once (a held piece paid for changes no page, so the pages'
 * catalogue is not read again for it; issue 33, decision 066).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notify_product_change() RETURNS trigger AS $$
    DECLARE row products;
    BEGIN
      row := COALESCE(NEW, OLD);
      PERFORM pg_notify('products', json_build_object(
        'id', row.id, 'slug', row.slug, 'reference', row.reference,
        'available', CASE WHEN TG_OP = 'DELETE' OR row.archived_at IS NOT NULL THEN 0
                          ELSE row.stock - row.reserved END,
        'held', CASE WHEN TG_OP = 'DELETE' OR row.archived_at IS NOT NULL THEN 0
                     ELSE row.reserved END,
        'operation', lower(TG_OP),
        'stockOnly', TG_OP = 'UPDATE'
          AND to_jsonb(OLD) - 'stock' - 'reserved' - 'updated_at'
            = to_jsonb(NEW) - 'stock' - 'reserved' - 'updated_at')::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION notify_product_change() RETURNS trigger AS $$
    DECLARE row products;
    BEGIN
      row := COALESCE(NEW, OLD);
      PERFORM pg_notify('products', json_build_object(
        'id', row.id, 'slug', row.slug, 'reference', row.reference,
        'available', CASE WHEN TG_OP = 'DELETE' OR row.archived_at IS NOT NULL THEN 0
                          ELSE row.stock - row.reserved END,
        'operation', lower(TG_OP),
        'stockOnly', TG_OP = 'UPDATE'
          AND to_jsonb(OLD) - 'stock' - 'reserved' - 'updated_at'
            = to_jsonb(NEW) - 'stock' - 'reserved' - 'updated_at')::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
}
