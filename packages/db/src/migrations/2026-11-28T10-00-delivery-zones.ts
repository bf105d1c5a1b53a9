import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

/** Today's zones, as the code had them (decision 049): the launch leaves every page as it was. */
const EU = "AT BE BG HR CY CZ DK EE FI DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" ");
const EUROPE_OUTSIDE_EU = ["CH", "NO", "GB", "MC", "AD"];
const WORLD =
  "US CA MX AE SA QA KW BH OM PS MA DZ TN EG LB JO TR JP KR CN HK TW SG TH VN MY ID PH AU NZ BR AR CL CO PE ZA SN CI RU IN".split(
    " ",
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where the shop delivers, what it costs and the times it announces, as the owner edits them
  // from her panel (« Livraison »). A country is in one zone at most (the rule of the save,
  // which locks the table); a country in none is not served. Prices in cents; a free-delivery threshold
  // applies to the lines' subtotal. The days are the announced range (feeds, JSON-LD); the texts
  // are what shoppers read, in each language.
  await sql`
    CREATE TABLE delivery_zones (
      id serial PRIMARY KEY,
      position integer NOT NULL,
      name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 60),
      label_fr text NOT NULL CHECK (length(label_fr) BETWEEN 1 AND 60),
      label_en text NOT NULL CHECK (length(label_en) BETWEEN 1 AND 60),
      countries text[] NOT NULL CHECK (cardinality(countries) <= 300),
      price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 50000),
      free_from_cents integer CHECK (free_from_cents BETWEEN 1 AND 10000000),
      min_days integer NOT NULL CHECK (min_days BETWEEN 1 AND 90),
      max_days integer NOT NULL CHECK (max_days BETWEEN min_days AND 90),
      times_fr text NOT NULL CHECK (length(times_fr) BETWEEN 1 AND 80),
      times_en text NOT NULL CHECK (length(times_en) BETWEEN 1 AND 80),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The panel's history of her delivery changes: who, when, what.
  await sql`
    CREATE TABLE delivery_changes (
      id serial PRIMARY KEY,
      actor_name text NOT NULL,
      zone_name text NOT NULL,
      summary text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX delivery_changes_by_time ON delivery_changes (created_at DESC, id DESC)`.execute(db);
  const zones = [
    ["France", "France", "France", ["FR"], 0, 3, 5, "3 à 5 jours ouvrés", "3 to 5 business days"],
    [
      "Union européenne",
      "Union européenne",
      "European Union",
      EU,
      1200,
      5,
      7,
      "5 à 7 jours ouvrés",
      "5 to 7 business days",
    ],
    [
      "Europe hors Union",
      "International",
      "International",
      EUROPE_OUTSIDE_EU,
      1200,
      7,
      10,
      "7 à 10 jours ouvrés",
      "7 to 10 business days",
    ],
    [
      "Reste du monde",
      "International",
      "International",
      WORLD,
      2500,
      7,
      10,
      "7 à 10 jours ouvrés",
      "7 to 10 business days",
    ],
  ] as const;
  for (const [
    index,
    [name, labelFr, labelEn, countries, price, min, max, timesFr, timesEn],
  ] of zones.entries()) {
    await sql`
      INSERT INTO delivery_zones (position, name, label_fr, label_en, countries, price_cents, min_days, max_days, times_fr, times_en)
      VALUES (${index + 1}, ${name}, ${labelFr}, ${labelEn}, ${[...countries]}::text[], ${price}, ${min}, ${max}, ${timesFr}, ${timesEn})`.execute(
      db,
    );
  }
  // The checkout, the product pages, the terms and the feeds show them: a change empties every web
  // server's kept pages (decision 013), like a catalogue change.
  await sql`
    CREATE TRIGGER delivery_zones_notify AFTER INSERT OR UPDATE OR DELETE ON delivery_zones
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);

  // What an order was sold with: its zone's name and the times announced, in both languages (the
  // thank-you page and the e-mails read them, whatever the zones become). Orders placed before
  // keep the times the code announced then.
  await sql`ALTER TABLE orders ADD COLUMN delivery jsonb`.execute(db);
  await sql`
    UPDATE orders SET delivery = CASE
      WHEN country = 'FR' THEN jsonb_build_object('zone', 'France', 'label', jsonb_build_object('fr', 'France', 'en', 'France'),
        'times', jsonb_build_object('fr', '3 à 5 jours ouvrés', 'en', '3 to 5 business days'), 'minDays', 3, 'maxDays', 5)
      WHEN country = ANY(${EU}::text[]) THEN jsonb_build_object('zone', 'Union européenne',
        'label', jsonb_build_object('fr', 'Union européenne', 'en', 'European Union'),
        'times', jsonb_build_object('fr', '5 à 7 jours ouvrés', 'en', '5 to 7 business days'), 'minDays', 5, 'maxDays', 7)
      ELSE jsonb_build_object('zone', CASE WHEN country = ANY(${EUROPE_OUTSIDE_EU}::text[]) THEN 'Europe hors Union' ELSE 'Reste du monde' END,
        'label', jsonb_build_object('fr', 'International', 'en', 'International'),
        'times', jsonb_build_object('fr', '7 à 10 jours ouvrés', 'en', '7 to 10 business days'), 'minDays', 7, 'maxDays', 10)
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN delivery`.execute(db);
  await sql`DROP TABLE delivery_changes`.execute(db);
  await sql`DROP TABLE delivery_zones`.execute(db);
}
