import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's test order (« Test Commande », issue 32): a real order through the real pipeline,
  // marked as a test. It holds no piece, and its papers count in no figure: the home page's
  // daily sales skip its invoice and credit notes, the accountant's export leaves it out.
  await sql`ALTER TABLE orders ADD COLUMN is_test boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION count_daily_sale() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM orders WHERE id = NEW.order_id AND is_test) THEN RETURN NULL; END IF;
      INSERT INTO daily_sales AS d (day, orders, sales_cents)
      VALUES ((NEW.issued_at AT TIME ZONE 'Europe/Paris')::date, 1, NEW.total_cents)
      ON CONFLICT (day) DO UPDATE SET orders = d.orders + 1, sales_cents = d.sales_cents + EXCLUDED.sales_cents;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION count_daily_refund() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM refunds r JOIN orders o ON o.id = r.order_id
                 WHERE r.id = NEW.refund_id AND o.is_test) THEN RETURN NULL; END IF;
      INSERT INTO daily_sales AS d (day, refunds, refunded_cents)
      VALUES ((NEW.issued_at AT TIME ZONE 'Europe/Paris')::date, 1, NEW.total_cents)
      ON CONFLICT (day) DO UPDATE SET refunds = d.refunds + 1, refunded_cents = d.refunded_cents + EXCLUDED.refunded_cents;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION count_daily_sale() RETURNS trigger AS $$
    BEGIN
      INSERT INTO daily_sales AS d (day, orders, sales_cents)
      VALUES ((NEW.issued_at AT TIME ZONE 'Europe/Paris')::date, 1, NEW.total_cents)
      ON CONFLICT (day) DO UPDATE SET orders = d.orders + 1, sales_cents = d.sales_cents + EXCLUDED.sales_cents;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION count_daily_refund() RETURNS trigger AS $$
    BEGIN
      INSERT INTO daily_sales AS d (day, refunds, refunded_cents)
      VALUES ((NEW.issued_at AT TIME ZONE 'Europe/Paris')::date, 1, NEW.total_cents)
      ON CONFLICT (day) DO UPDATE SET refunds = d.refunds + 1, refunded_cents = d.refunded_cents + EXCLUDED.refunded_cents;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN is_test`.execute(db);
}
