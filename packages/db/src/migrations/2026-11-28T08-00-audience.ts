import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Audience measurement without consent (decision 047): counts only, one row a Paris day per
  // page, per source and per model's step, never a visitor. Sources and pages are bounded per day
  // by the web servers (beyond a cap, « (autre) »), so a flood of fake visits cannot grow these.
  await sql`
    CREATE TABLE audience_pages (
      day date NOT NULL,
      page text NOT NULL CHECK (length(page) <= 80),
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      views bigint NOT NULL DEFAULT 0,
      visits bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (day, page, locale)
    )`.execute(db);
  await sql`
    CREATE TABLE audience_sources (
      day date NOT NULL,
      referrer_host text NOT NULL CHECK (length(referrer_host) <= 100),
      utm_source text NOT NULL CHECK (length(utm_source) <= 50),
      utm_medium text NOT NULL CHECK (length(utm_medium) <= 50),
      utm_campaign text NOT NULL CHECK (length(utm_campaign) <= 50),
      visits bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (day, referrer_host, utm_source, utm_medium, utm_campaign)
    )`.execute(db);
  await sql`
    CREATE TABLE audience_funnel (
      day date NOT NULL,
      model text NOT NULL CHECK (length(model) <= 80),
      source text NOT NULL CHECK (length(source) <= 100),
      step text NOT NULL CHECK (step IN ('page', 'cart', 'checkout', 'paid')),
      count bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (day, model, source, step)
    )`.execute(db);
  // An order placed after a counted visit waits here, with its source's name only, until it is
  // paid (counted, then deleted) or given up (deleted): no visitor is ever linked to an order.
  await sql`
    CREATE TABLE audience_orders (
      order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
      source text NOT NULL CHECK (length(source) <= 100),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audience_orders`.execute(db);
  await sql`DROP TABLE audience_funnel`.execute(db);
  await sql`DROP TABLE audience_sources`.execute(db);
  await sql`DROP TABLE audience_pages`.execute(db);
}
