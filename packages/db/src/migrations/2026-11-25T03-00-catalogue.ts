import { type Kysely, sql } from "kysely";
import { LAUNCH_MODELS, LAUNCH_SERIES } from "./2026-11-25T03-00-catalogue.data";

// Frozen once landed: change the schema with a new timestamped migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A series of a few pieces per model ("Première collection"); the one `featured` is the home
  // page's (one at most).
  await sql`
    CREATE TABLE series (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      title_fr text NOT NULL CHECK (length(title_fr) BETWEEN 1 AND 80),
      title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 80),
      subtitle_fr text NOT NULL DEFAULT '' CHECK (length(subtitle_fr) <= 400),
      subtitle_en text NOT NULL DEFAULT '' CHECK (length(subtitle_en) <= 400),
      featured boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX series_featured_idx ON series (featured) WHERE featured`.execute(db);

  // A model is a product: its series and place in it; a draft until published (both languages
  // complete, a photo); `on_sale_since` marks a reduction, whose "before" price is read from the
  // price history of the 30 days before it.
  await sql`
    ALTER TABLE products
      ADD COLUMN series_id integer REFERENCES series (id),
      ADD COLUMN position integer NOT NULL DEFAULT 0,
      ADD COLUMN published_at timestamptz,
      ADD COLUMN on_sale_since timestamptz`.execute(db);
  await sql`CREATE INDEX products_series_idx ON products (series_id, position)`.execute(db);

  // A model's words in one language, with its address there (unique across the shop).
  await sql`
    CREATE TABLE product_texts (
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      path text NOT NULL,
      tagline text NOT NULL DEFAULT '',
      card_description text NOT NULL DEFAULT '',
      short_description text NOT NULL DEFAULT '',
      long_description text NOT NULL DEFAULT '',
      materials jsonb NOT NULL DEFAULT '{}',
      craftsmanship text NOT NULL DEFAULT '',
      heritage text NOT NULL DEFAULT '',
      faq jsonb NOT NULL DEFAULT '[]',
      dimensions text NOT NULL DEFAULT '',
      weight text NOT NULL DEFAULT '',
      strap text NOT NULL DEFAULT '',
      care text NOT NULL DEFAULT '',
      safety text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (product_id, locale)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX product_texts_path_idx ON product_texts (path)`.execute(db);

  // Addresses a model had before: each answers 301 to its current one, for ever.
  await sql`
    CREATE TABLE product_paths (
      path text PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      locale text NOT NULL CHECK (locale IN ('fr', 'en')),
      retired_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // A model's photos, first the cover. `source` names the processed files of an uploaded photo
  // (the hash of its pixels) or, for the launch drawings, a file of the site's own.
  await sql`
    CREATE TABLE product_photos (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      position integer NOT NULL,
      source text NOT NULL,
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      alt_fr text NOT NULL DEFAULT '' CHECK (length(alt_fr) <= 300),
      alt_en text NOT NULL DEFAULT '' CHECK (length(alt_en) <= 300),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX product_photos_product_idx ON product_photos (product_id, position)`.execute(db);
  // The photo route finds a file by the hash that names it.
  await sql`CREATE INDEX product_photos_source_idx ON product_photos (source)`.execute(db);
  // Each photo cut once into the widths pages need, in each format, its bytes kept here: every web
  // replica reads them and the nightly dump holds them (decision 020).
  await sql`
    CREATE TABLE photo_files (
      photo_id integer NOT NULL REFERENCES product_photos (id) ON DELETE CASCADE,
      format text NOT NULL CHECK (format IN ('avif', 'webp', 'jpeg')),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      bytes bytea NOT NULL,
      PRIMARY KEY (photo_id, format, width)
    )`.execute(db);

  // A model's cover (its first photo) as order lines and their e-mails name it: one definition for
  // every statement that needs it.
  await sql`
    CREATE FUNCTION product_cover(product integer) RETURNS json AS $$
      SELECT json_build_object('source', source, 'width', width) FROM product_photos
      WHERE product_id = product ORDER BY position, id LIMIT 1
    $$ LANGUAGE sql STABLE`.execute(db);

  for (const table of ["series", "product_texts", "product_paths", "product_photos"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_notify`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.raw(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change()`.execute(db);
  }

  // The product history learns the catalogue's events.
  await sql`ALTER TABLE product_events DROP CONSTRAINT product_events_kind_check`.execute(db);
  await sql`ALTER TABLE product_events ADD CONSTRAINT product_events_kind_check CHECK (kind IN (
    'created', 'price_changed', 'stock_adjusted', 'archived', 'unarchived', 'published', 'unpublished',
    'texts_changed', 'address_changed', 'photos_changed', 'series_changed', 'sale_started', 'sale_ended'))`.execute(
    db,
  );

  // A shop that already sells the four launch models: they become the first entries of this
  // catalogue, in the first series, with the words, addresses and drawings they had. A product
  // the owner added before (no words, no photo) stays a draft until she completes it.
  await fillLaunchModels(db);
}

/**
 * Gives the launch models a shop already sells, without words yet, their place in the catalogue:
 * the first series (featured on the home page if none is), their words, addresses and drawings,
 * published. Its own frozen copy of the data (the sibling `.data.ts` file) and of the statements:
 * the seed's living `launch-catalogue.ts` may change without changing what this migration did.
 */
export async function fillLaunchModels(db: Kysely<unknown>): Promise<void> {
  const references = LAUNCH_MODELS.map((model) => model.reference);
  const { rows: sold } = await sql<{ id: number; reference: string }>`
    SELECT p.id, p.reference FROM products p
    WHERE p.reference IN (${sql.join(references)})
      AND NOT EXISTS (SELECT 1 FROM product_texts t WHERE t.product_id = p.id)`.execute(db);
  if (sold.length === 0) return;
  const { rows: found } = await sql<{ id: number }>`
    SELECT id FROM series WHERE title_fr = ${LAUNCH_SERIES.title.fr} ORDER BY id LIMIT 1`.execute(db);
  const { rows: created } = found.length
    ? { rows: found }
    : await sql<{ id: number }>`
        INSERT INTO series (title_fr, title_en, subtitle_fr, subtitle_en, featured)
        SELECT ${LAUNCH_SERIES.title.fr}, ${LAUNCH_SERIES.title.en}, ${LAUNCH_SERIES.subtitle.fr},
          ${LAUNCH_SERIES.subtitle.en}, NOT EXISTS (SELECT 1 FROM series WHERE featured)
        RETURNING id`.execute(db);
  const seriesId = created[0]?.id ?? null;
  for (const model of LAUNCH_MODELS) {
    const id = sold.find((row) => row.reference === model.reference)?.id;
    if (id === undefined) continue;
    for (const locale of ["fr", "en"] as const) {
      const texts = model.texts[locale];
      await sql`
        INSERT INTO product_texts (product_id, locale, path, tagline, card_description, short_description,
          long_description, materials, craftsmanship, heritage, faq, dimensions, weight, strap, care, safety)
        VALUES (${id}, ${locale}, ${texts.path}, ${texts.tagline}, ${texts.cardDescription}, ${texts.shortDescription},
          ${texts.longDescription}, ${JSON.stringify(texts.materials)}::jsonb, ${texts.craftsmanship}, ${texts.heritage},
          ${JSON.stringify(texts.faq)}::jsonb, ${texts.dimensions}, ${texts.weight}, ${texts.strap}, ${texts.care},
          ${texts.safety})`.execute(db);
    }
    for (const [position, photo] of model.photos.entries()) {
      await sql`
        INSERT INTO product_photos (product_id, position, source, width, height, alt_fr, alt_en)
        VALUES (${id}, ${position}, ${photo.source}, ${photo.width}, ${photo.height}, ${photo.alt.fr}, ${photo.alt.en})`.execute(
        db,
      );
    }
    await sql`
      UPDATE products SET series_id = ${seriesId}, position = ${model.position},
        published_at = CASE WHEN archived_at IS NULL THEN now() END
      WHERE id = ${id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_events DROP CONSTRAINT product_events_kind_check`.execute(db);
  await sql`DELETE FROM product_events WHERE kind NOT IN ('created', 'price_changed', 'stock_adjusted', 'archived', 'unarchived')`.execute(
    db,
  );
  await sql`ALTER TABLE product_events ADD CONSTRAINT product_events_kind_check
    CHECK (kind IN ('created', 'price_changed', 'stock_adjusted', 'archived', 'unarchived'))`.execute(db);
  await sql`DROP FUNCTION product_cover(integer)`.execute(db);
  await sql`DROP TABLE photo_files, product_photos, product_paths, product_texts`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN series_id, DROP COLUMN position, DROP COLUMN published_at, DROP COLUMN on_sale_since`.execute(
    db,
  );
  await sql`DROP TABLE series`.execute(db);
}
