import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The seller's identity as the owner fills it in from her panel (/admin-boutique): who sells,
  // hosts, mediates and makes what the shop shows. One row; a null detail is "not filled in yet"
  // (the pages show an example in its place and say so). The rules are the panel's
  // (@souls/shop/seller); these checks only keep what no rule would let through.
  await sql`
    CREATE TABLE seller (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      brand text CHECK (length(brand) BETWEEN 1 AND 60),
      company_name text CHECK (length(company_name) BETWEEN 1 AND 120),
      legal_form text CHECK (length(legal_form) BETWEEN 1 AND 60),
      share_capital text CHECK (length(share_capital) BETWEEN 1 AND 40),
      street text CHECK (length(street) BETWEEN 1 AND 200),
      postal_code text CHECK (length(postal_code) BETWEEN 1 AND 10),
      city text CHECK (length(city) BETWEEN 1 AND 100),
      country text CHECK (country ~ '^[A-Z]{2}$'),
      siren text CHECK (siren ~ '^[0-9]{9}$'),
      rcs_city text CHECK (length(rcs_city) BETWEEN 1 AND 100),
      vat_number text CHECK (vat_number ~ '^FR[0-9]{11}$'),
      publication_director text CHECK (length(publication_director) BETWEEN 1 AND 120),
      phone text CHECK (length(phone) BETWEEN 1 AND 25),
      email text CHECK (length(email) BETWEEN 3 AND 254),
      instagram_url text CHECK (length(instagram_url) <= 300 AND instagram_url LIKE 'https://%'),
      host_name text CHECK (length(host_name) BETWEEN 1 AND 120),
      host_address text CHECK (length(host_address) BETWEEN 1 AND 300),
      host_phone text CHECK (length(host_phone) BETWEEN 1 AND 25),
      mediator_name text CHECK (length(mediator_name) BETWEEN 1 AND 120),
      mediator_url text CHECK (length(mediator_url) <= 300 AND mediator_url LIKE 'https://%'),
      manufacturer_name text CHECK (length(manufacturer_name) BETWEEN 1 AND 120),
      manufacturer_address text CHECK (length(manufacturer_address) BETWEEN 1 AND 300),
      manufacturer_email text CHECK (length(manufacturer_email) BETWEEN 3 AND 254),
      saved_by text,
      saved_at timestamptz
    )`.execute(db);
  // Nothing filled in yet: the shop opens on the examples, as it did when they were code.
  await sql`INSERT INTO seller (id) VALUES (1)`.execute(db);
  // The footer and the legal pages show it on every page: a change empties every web server's
  // kept pages (decision 013), like a product's.
  await sql`
    CREATE TRIGGER seller_notify AFTER INSERT OR UPDATE OR DELETE ON seller
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE seller`.execute(db);
}
