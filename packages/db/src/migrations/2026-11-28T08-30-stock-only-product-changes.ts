import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * A product change now says whether only its stock columns moved (`stockOnly`): paying for a held
 * piece turns it from reserved into sold (stock − 1, reserved − 1), which no page shows, and in a
 * launch's rush every such change emptied every web server's kept pages (issue 33).
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
        'operation', lower(TG_OP))::text);
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
}
