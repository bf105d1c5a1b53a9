import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("products")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn("currency", "char(3)", (c) => c.notNull().defaultTo("EUR"))
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reserved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // A unique piece can never be held twice nor sold below zero.
    .addCheckConstraint("products_stock_check", sql`stock >= 0 AND reserved >= 0 AND reserved <= stock`)
    .execute();

  await db.schema
    .createTable("signups")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text")
    .addColumn("locale", "text", (c) => c.notNull().check(sql`locale IN ('fr', 'en')`))
    .addColumn("source", "text", (c) =>
      c.notNull().check(sql`source IN ('home', 'product', 'newsletter', 'magazine')`),
    )
    .addColumn("consented_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("signups_email_lowercase", sql`email = lower(email)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("signups").execute();
  await db.schema.dropTable("products").execute();
}
