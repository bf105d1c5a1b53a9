import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The shop's words the owner rewrote (decision 051), one row per language: only what she changed
  // (a text absent is the locale files' own), as a JSON object of text name → plain text. The rules
  // are @souls/shop/words'; these checks only keep what no rule would let through. No row: the shop
  // shows exactly what it showed when the words were code.
  await sql`
    CREATE TABLE shop_words (
      locale text PRIMARY KEY CHECK (locale IN ('fr', 'en')),
      texts jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(texts) = 'object' AND octet_length(texts::text) <= 64000),
      published_at timestamptz NOT NULL DEFAULT now(),
      published_by text NOT NULL CHECK (char_length(published_by) BETWEEN 1 AND 60)
    )`.execute(db);
  // The home page, the footer and every page's title read them: a publication empties every web
  // server's kept pages (decision 013), like a catalogue change.
  await sql`
    CREATE TRIGGER shop_words_notify AFTER INSERT OR UPDATE OR DELETE ON shop_words
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);

  // What she is writing and previews before publishing, one draft per language: the whole set of
  // her changes as it will be published. No trigger: a draft changes no shopper's page.
  await sql`
    CREATE TABLE shop_word_drafts (
      locale text PRIMARY KEY CHECK (locale IN ('fr', 'en')),
      texts jsonb NOT NULL CHECK (jsonb_typeof(texts) = 'object' AND octet_length(texts::text) <= 64000),
      saved_at timestamptz NOT NULL DEFAULT now(),
      saved_by text NOT NULL CHECK (char_length(saved_by) BETWEEN 1 AND 60)
    )`.execute(db);

  // The panel's history of these words: who saved a draft, published or dropped it, and which texts
  // a publication changed (the actor's name is added by the admin API, decision 043).
  await sql`
    CREATE TABLE shop_word_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      kind text NOT NULL CHECK (kind IN ('draft_saved', 'published', 'draft_dropped')),
      changed text[] NOT NULL DEFAULT '{}' CHECK (cardinality(changed) <= 100),
      actor_name text CHECK (char_length(actor_name) <= 60),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX shop_word_events_created_idx ON shop_word_events (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE shop_word_events`.execute(db);
  await sql`DROP TABLE shop_word_drafts`.execute(db);
  await sql`DROP TABLE shop_words`.execute(db);
}
