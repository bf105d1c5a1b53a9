import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The home page's hero picture the owner uploads beside her words (decision 051): a photo taken,
  // judged and cut exactly as a model's or a series' (@souls/shop/photos), its words in both
  // languages. One published row (what shoppers see when the featured series has no picture of
  // its own), one draft row (what she previews). No row: the shop's drawing, as before.
  await sql`
    CREATE TABLE shop_hero_picture (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      source text NOT NULL CHECK (source ~ '^[0-9a-f]{32}$'),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      alt_fr text NOT NULL DEFAULT '' CHECK (length(alt_fr) <= 300),
      alt_en text NOT NULL DEFAULT '' CHECK (length(alt_en) <= 300),
      saved_at timestamptz NOT NULL DEFAULT now(),
      saved_by text NOT NULL CHECK (char_length(saved_by) BETWEEN 1 AND 60)
    )`.execute(db);
  // A publication or a removal empties every web server's kept pages, like the words (decision 013).
  await sql`
    CREATE TRIGGER shop_hero_picture_notify AFTER INSERT OR UPDATE OR DELETE ON shop_hero_picture
    FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
  // Her draft: no trigger, a draft changes no shopper's page.
  await sql`CREATE TABLE shop_hero_picture_draft (LIKE shop_hero_picture INCLUDING ALL)`.execute(db);
  // The cuts of both, named by the hash of the picture's pixels (served by /photos like a model's);
  // a cut neither row names any more is deleted with the change that let it go.
  await sql`
    CREATE TABLE shop_hero_picture_files (
      source text NOT NULL CHECK (source ~ '^[0-9a-f]{32}$'),
      format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (source, format, width)
    )`.execute(db);

  // The words' history records the picture's changes too; a picture is both languages' at once.
  await sql`ALTER TABLE shop_word_events ALTER COLUMN locale DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE shop_word_events DROP CONSTRAINT shop_word_events_kind_check`.execute(db);
  await sql`
    ALTER TABLE shop_word_events ADD CONSTRAINT shop_word_events_kind_check CHECK (kind IN (
      'draft_saved', 'published', 'draft_dropped',
      'hero_draft_saved', 'hero_published', 'hero_draft_dropped', 'hero_removed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM shop_word_events WHERE kind LIKE 'hero_%' OR locale IS NULL`.execute(db);
  await sql`ALTER TABLE shop_word_events DROP CONSTRAINT shop_word_events_kind_check`.execute(db);
  await sql`
    ALTER TABLE shop_word_events ADD CONSTRAINT shop_word_events_kind_check
      CHECK (kind IN ('draft_saved', 'published', 'draft_dropped'))`.execute(db);
  await sql`ALTER TABLE shop_word_events ALTER COLUMN locale SET NOT NULL`.execute(db);
  await sql`DROP TABLE shop_hero_picture_files`.execute(db);
  await sql`DROP TABLE shop_hero_picture_draft`.execute(db);
  await sql`DROP TABLE shop_hero_picture`.execute(db);
}
