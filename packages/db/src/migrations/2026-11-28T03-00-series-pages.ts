import { type Kysely, sql } from "kysely";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A series' address in each language (decision 040): made from its title when it is created
  // (`Première collection` → `premiere-collection`, `-2` when another has it) and kept for good,
  // whatever her later edits of the title: it is announced on Instagram and in e-mails before the
  // opening, and those links must keep answering. Made in the database, so that every way a series
  // is inserted (the panel, the seed, a test) gets one.
  await sql`
    CREATE FUNCTION series_slug(title text, locale text, own_id integer) RETURNS text AS $$
    DECLARE
      base text;
      candidate text;
      n integer := 1;
    BEGIN
      base := replace(replace(replace(lower(title), 'œ', 'oe'), 'æ', 'ae'), 'ß', 'ss');
      base := regexp_replace(normalize(base, NFD), '[\\u0300-\\u036f]', '', 'g');
      base := trim(both '-' from left(trim(both '-' from regexp_replace(base, '[^a-z0-9]+', '-', 'g')), 60));
      IF base = '' THEN
        base := CASE WHEN locale = 'fr' THEN 'serie' ELSE 'series' END;
      END IF;
      candidate := base;
      WHILE EXISTS (
        SELECT 1 FROM series
        WHERE id <> own_id AND (CASE WHEN locale = 'fr' THEN slug_fr ELSE slug_en END) = candidate
      ) LOOP
        n := n + 1;
        candidate := base || '-' || n;
      END LOOP;
      RETURN candidate;
    END
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`ALTER TABLE series ADD COLUMN slug_fr text, ADD COLUMN slug_en text`.execute(db);
  const { rows } = await sql<{ id: number }>`SELECT id FROM series ORDER BY id`.execute(db);
  for (const { id } of rows) {
    await sql`UPDATE series SET slug_fr = series_slug(title_fr, 'fr', id) WHERE id = ${id}`.execute(db);
    await sql`UPDATE series SET slug_en = series_slug(title_en, 'en', id) WHERE id = ${id}`.execute(db);
  }
  await sql`
    CREATE FUNCTION series_fill_slugs() RETURNS trigger AS $$
    BEGIN
      NEW.slug_fr := coalesce(NEW.slug_fr, series_slug(NEW.title_fr, 'fr', NEW.id));
      NEW.slug_en := coalesce(NEW.slug_en, series_slug(NEW.title_en, 'en', NEW.id));
      RETURN NEW;
    END
    $$ LANGUAGE plpgsql`.execute(db);
  await sql`
    CREATE TRIGGER series_fill_slugs BEFORE INSERT ON series
    FOR EACH ROW EXECUTE FUNCTION series_fill_slugs()`.execute(db);
  await sql`
    ALTER TABLE series
      ALTER COLUMN slug_fr SET NOT NULL,
      ALTER COLUMN slug_en SET NOT NULL,
      ADD CONSTRAINT series_slug_fr_shape CHECK (slug_fr ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      ADD CONSTRAINT series_slug_en_shape CHECK (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`.execute(db);
  await sql`CREATE UNIQUE INDEX series_slug_fr_idx ON series (slug_fr)`.execute(db);
  await sql`CREATE UNIQUE INDEX series_slug_en_idx ON series (slug_en)`.execute(db);

  // A series' picture for the home page's hero and its page: a photo processed as a model's
  // (@souls/shop/photos), named by the hash of its pixels, its words in both languages. Its cuts
  // are kept here, like a model's (decision 020); a new picture replaces them.
  await sql`
    ALTER TABLE series
      ADD COLUMN picture_source text CHECK (picture_source ~ '^[0-9a-f]{32}$'),
      ADD COLUMN picture_width integer CHECK (picture_width > 0),
      ADD COLUMN picture_height integer CHECK (picture_height > 0),
      ADD COLUMN picture_alt_fr text NOT NULL DEFAULT '' CHECK (length(picture_alt_fr) <= 300),
      ADD COLUMN picture_alt_en text NOT NULL DEFAULT '' CHECK (length(picture_alt_en) <= 300),
      ADD CONSTRAINT series_picture_whole CHECK (
        (picture_source IS NULL) = (picture_width IS NULL) AND (picture_source IS NULL) = (picture_height IS NULL))`.execute(
    db,
  );
  await sql`CREATE INDEX series_picture_source_idx ON series (picture_source)`.execute(db);
  await sql`
    CREATE TABLE series_picture_files (
      series_id integer NOT NULL REFERENCES series (id) ON DELETE CASCADE,
      format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (series_id, format, width)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE series_picture_files`.execute(db);
  await sql`DROP TRIGGER series_fill_slugs ON series`.execute(db);
  await sql`DROP FUNCTION series_fill_slugs()`.execute(db);
  await sql`
    ALTER TABLE series
      DROP COLUMN slug_fr, DROP COLUMN slug_en, DROP COLUMN picture_source, DROP COLUMN picture_width,
      DROP COLUMN picture_height, DROP COLUMN picture_alt_fr, DROP COLUMN picture_alt_en`.execute(db);
  await sql`DROP FUNCTION series_slug(text, text, integer)`.execute(db);
}
