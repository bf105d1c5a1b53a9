import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's sessions: the cookie carries a random id, the database its sha-256. Logging out
  // deletes the row, so a copied cookie stops working at once.
  await db.schema
    .createTable("admin_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  // Login attempts per client (keyed hash of its address): the rate limit counts the failures.
  await db.schema
    .createTable("admin_login_attempts")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("success", "boolean", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("admin_login_attempts_client_idx")
    .on("admin_login_attempts")
    .columns(["client_hash", "created_at"])
    .execute();

  // Spec §6: who looked at the e-mail queue, when and how.
  await db.schema
    .createTable("email_access_log")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("access_method", "text", (c) => c.notNull())
    .addColumn("accessed_by", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A product that has orders is archived, never deleted: it leaves the shop, its orders keep it.
  await db.schema.alterTable("products").addColumn("archived_at", "timestamptz").execute();

  // Every change of a product is announced on the `products` channel, whoever makes it (a sale,
  // a released hold, the owner): web servers relay it to open stock and product pages.
  await sql`
    CREATE FUNCTION notify_product_change() RETURNS trigger AS $$
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
  await sql`
    CREATE TRIGGER products_notify AFTER INSERT OR UPDATE OR DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION notify_product_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER products_notify ON products`.execute(db);
  await sql`DROP FUNCTION notify_product_change()`.execute(db);
  await db.schema.alterTable("products").dropColumn("archived_at").execute();
  await db.schema.dropTable("email_access_log").execute();
  await db.schema.dropTable("admin_login_attempts").execute();
  await db.schema.dropTable("admin_sessions").execute();
}
