import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The harmonised notice on the legal guarantee of conformity (Directive 2024/825, Commission
  // Implementing Regulation (EU) 2025/1960) as the owner uploads the Commission's file, one per
  // language, stored byte for byte as she sent it (the regulation forbids changing it) and served
  // under a name made of its bytes' hash (`<hash>.<png|jpg|webp|pdf>`), like the photos (decision 020).
  await sql`
    CREATE TABLE guarantee_notices (
      locale text PRIMARY KEY CHECK (locale IN ('fr', 'en')),
      name text NOT NULL UNIQUE CHECK (name ~ '^[0-9a-f]{32}\\.(png|jpg|webp|pdf)$'),
      content_type text NOT NULL
        CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
      width integer CHECK (width > 0),
      height integer CHECK (height > 0),
      byte_size integer NOT NULL CHECK (byte_size BETWEEN 1 AND 5242880),
      bytes bytea NOT NULL CHECK (octet_length(bytes) = byte_size),
      uploaded_by text NOT NULL,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((content_type = 'application/pdf') = (width IS NULL AND height IS NULL))
    )`.execute(db);
  // Every product page and the checkout show it: a change empties every web server's kept pages
  // (decision 013), like the seller's.
  await sql`
    CREATE TRIGGER guarantee_notices_notify AFTER INSERT OR UPDATE OR DELETE ON guarantee_notices
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE guarantee_notices`.execute(db);
}
