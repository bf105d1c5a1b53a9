import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's discount codes (decision 048): a percentage or an amount off the lines it applies
  // to, from a start to an end, for a number of uses, once per address or not, above a minimum.
  // Ended by her (`ended_at`), never deleted: the orders that used it keep naming it.
  await sql`
    CREATE TABLE discount_codes (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
      kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
      value integer NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      max_uses integer CHECK (max_uses > 0),
      once_per_email boolean NOT NULL DEFAULT false,
      min_subtotal_cents integer NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
      product_ids integer[] NOT NULL DEFAULT '{}',
      series_ids integer[] NOT NULL DEFAULT '{}',
      adds_to_sale boolean NOT NULL DEFAULT false,
      ended_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at IS NULL OR ends_at > starts_at)
    )`.execute(db);
  // The codes' history in the panel: created, ended, by whom (the admin API names her).
  await sql`
    CREATE TABLE discount_code_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      discount_code_id integer NOT NULL REFERENCES discount_codes(id),
      kind text NOT NULL CHECK (kind IN ('created', 'ended')),
      actor_name text CHECK (char_length(actor_name) <= 60),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX discount_code_events_code_idx ON discount_code_events (discount_code_id, id)`.execute(
    db,
  );
  // The codes a client typed that the shop does not know (docs/security.md): a script guessing
  // codes is refused after a few an hour per client, and the shop's after a few hundred. Written
  // only within those limits, kept two hours: the table never grows beyond them.
  await sql`
    CREATE TABLE discount_code_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      client_hash text NOT NULL CHECK (char_length(client_hash) <= 128),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX discount_code_attempts_client_idx ON discount_code_attempts (client_hash, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX discount_code_attempts_created_idx ON discount_code_attempts (created_at)`.execute(
    db,
  );
  // An order's code and the amount it took off, in all and per line (the invoice's VAT is on the
  // reduced base, a refund of a line gives back what was paid for it).
  await sql`ALTER TABLE orders
    ADD COLUMN discount_code_id integer REFERENCES discount_codes(id),
    ADD COLUMN discount_code text,
    ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0)`.execute(db);
  await sql`ALTER TABLE order_items
    ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0)`.execute(db);
  // An order's total is its lines, less the code's amount, plus its delivery.
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_total_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_total_check
    CHECK (total_cents = subtotal_cents - discount_cents + shipping_cents)`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_discount_within_subtotal
    CHECK (discount_cents <= subtotal_cents)`.execute(db);
  await sql`CREATE INDEX orders_discount_code_idx ON orders (discount_code_id, email)
    WHERE discount_code_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX orders_discount_code_idx`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_discount_within_subtotal`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_total_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_total_check
    CHECK (total_cents = subtotal_cents + shipping_cents)`.execute(db);
  await sql`ALTER TABLE order_items DROP COLUMN discount_cents`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN discount_code_id, DROP COLUMN discount_code, DROP COLUMN discount_cents`.execute(
    db,
  );
  await sql`DROP TABLE discount_code_attempts`.execute(db);
  await sql`DROP TABLE discount_code_events`.execute(db);
  await sql`DROP TABLE discount_codes`.execute(db);
}
