import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/**
 * The four carriers the shop shipped with when they were code (decision 050), copied here as they
 * were: whatever the code or the owner's list become, this migration seeds the same four.
 */
const LAUNCH_CARRIERS = [
  {
    key: "colissimo",
    name: "Colissimo",
    template: "https://www.laposte.fr/outils/suivre-vos-envois?code={number}",
  },
  {
    key: "chronopost",
    name: "Chronopost",
    template: "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={number}",
  },
  { key: "dhl", name: "DHL", template: "https://www.dhl.com/fr-en/home/tracking.html?tracking-id={number}" },
  { key: "ups", name: "UPS", template: "https://www.ups.com/track?tracknum={number}" },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The owner's carriers: a key orders name them by (never changed), the name shoppers read, the
  // address of the parcel's page with `{number}` in it. A retired one stays (old orders name it)
  // but is no longer offered when shipping. The panel's rules (@souls/core/carriers) are stricter.
  await sql`
    CREATE TABLE carriers (
      key text PRIMARY KEY CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(key) <= 40),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
      tracking_template text NOT NULL
        CHECK (char_length(tracking_template) <= 300 AND tracking_template LIKE 'https://%{number}%'),
      position integer GENERATED ALWAYS AS IDENTITY,
      retired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX carriers_name_idx ON carriers (lower(name))`.execute(db);
  for (const carrier of LAUNCH_CARRIERS) {
    await sql`INSERT INTO carriers (key, name, tracking_template)
      VALUES (${carrier.key}, ${carrier.name}, ${carrier.template})`.execute(db);
  }

  // The history of her list: who added, renamed, re-addressed, retired or brought back a carrier.
  await sql`
    CREATE TABLE carrier_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      carrier_key text NOT NULL REFERENCES carriers (key),
      kind text NOT NULL CHECK (kind IN ('added', 'renamed', 'template_changed', 'retired', 'restored')),
      carrier_name text NOT NULL,
      before text CHECK (char_length(before) <= 300),
      after text CHECK (char_length(after) <= 300),
      actor_name text CHECK (char_length(actor_name) <= 60),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX carrier_events_created_idx ON carrier_events (created_at)`.execute(db);

  // An order keeps the carrier it left with: its name and the parcel's address as they were that
  // day, so a later rename or a new template never changes an old order's link.
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_carrier_check`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD CONSTRAINT orders_carrier_fkey FOREIGN KEY (carrier) REFERENCES carriers (key),
      ADD COLUMN carrier_name text CHECK (char_length(carrier_name) <= 60),
      ADD COLUMN carrier_tracking_url text CHECK (char_length(carrier_tracking_url) <= 2000)`.execute(db);
  // One-word names: the rows read the same with or without the camel-case plugin.
  const shipped = await sql<{ id: string; carrier: string; number: string | null }>`
    SELECT id, carrier, tracking_number AS number FROM orders WHERE carrier IS NOT NULL`.execute(db);
  for (const order of shipped.rows) {
    const carrier = LAUNCH_CARRIERS.find((launch) => launch.key === order.carrier);
    if (!carrier) continue;
    const url =
      order.number === null
        ? null
        : carrier.template.replaceAll("{number}", encodeURIComponent(order.number.trim()));
    await sql`UPDATE orders SET carrier_name = ${carrier.name}, carrier_tracking_url = ${url}
      WHERE id = ${order.id}`.execute(db);
  }
  // Shipping e-mails already queued (or sent, which the panel may send again) named the carrier by
  // its key; the e-mail now takes its name, as the order does.
  for (const carrier of LAUNCH_CARRIERS) {
    await sql`
      UPDATE email_queue SET payload = payload || jsonb_build_object('carrierName', ${carrier.name}::text)
      WHERE type = 'shipping_notification' AND payload->>'carrier' = ${carrier.key}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      DROP CONSTRAINT orders_carrier_fkey,
      DROP COLUMN carrier_name,
      DROP COLUMN carrier_tracking_url`.execute(db);
  await sql`DELETE FROM carriers WHERE key NOT IN ('colissimo', 'chronopost', 'dhl', 'ups')`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_carrier_check
    CHECK (carrier IN ('colissimo', 'chronopost', 'dhl', 'ups'))`.execute(db);
  await sql`DROP TABLE carrier_events`.execute(db);
  await sql`DROP TABLE carriers`.execute(db);
}
