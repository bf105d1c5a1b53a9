import { createHash } from "node:crypto";
import { earlyAccessToken } from "@souls/shop/launch";
import { sql } from "./fixtures";

/** The e2e run's SESSION_SECRET (`with-database` draws one), or the shop's local one when unset. */
const SECRET = process.env.SESSION_SECRET ?? "development-only-secret-not-for-production-use";

export interface LaunchedModel {
  seriesId: number;
  slug: string;
  name: string;
  paths: { fr: string; en: string };
}

/**
 * A series of its own with one published model (Nadia's words and photos under a new name),
 * opening at `opensAt` with `earlyAccessMinutes` of head start: a spec's own launch, which no
 * other spec reads.
 */
export async function seriesWithOneModel(
  key: string,
  { opensAt, earlyAccessMinutes, stock }: { opensAt: Date; earlyAccessMinutes: number; stock: number },
): Promise<LaunchedModel> {
  const suffix = createHash("sha256").update(`${key}-${Date.now()}`).digest("hex").slice(0, 8);
  const slug = `lancement-${suffix}`;
  const name = `Lina ${suffix.slice(0, 4).toUpperCase()}`;
  const [series] = await sql<{ id: number }>(
    `INSERT INTO series (title_fr, title_en, opens_at, early_access_minutes, featured)
     VALUES ($1, $2, $3, $4, false) RETURNING id`,
    [`Série ${suffix}`, `Series ${suffix}`, opensAt, earlyAccessMinutes],
  );
  const seriesId = (series as { id: number }).id;
  const paths = { fr: `/produit/sac-banane-${slug}`, en: `/en/product/fanny-pack-${slug}` };
  await sql(
    `WITH source AS (SELECT * FROM products WHERE slug = 'nadia'),
     made AS (
       INSERT INTO products (reference, slug, name, price_cents, stock, series_id, position, published_at)
       SELECT $1, $2, $3, price_cents, $4, $5, 1, now() FROM source RETURNING id
     ),
     texts AS (
       INSERT INTO product_texts (product_id, locale, path, tagline, card_description, short_description,
         long_description, materials, craftsmanship, heritage, faq, dimensions, weight, strap, care, safety)
       SELECT made.id, t.locale, CASE t.locale WHEN 'fr' THEN $6 ELSE $7 END, t.tagline, t.card_description,
         t.short_description, t.long_description, t.materials, t.craftsmanship, t.heritage, t.faq,
         t.dimensions, t.weight, t.strap, t.care, t.safety
       FROM made, product_texts t JOIN source ON source.id = t.product_id
     )
     INSERT INTO product_photos (product_id, position, source, width, height, alt_fr, alt_en)
     SELECT made.id, p.position, p.source, p.width, p.height, p.alt_fr, p.alt_en
     FROM made, product_photos p JOIN source ON source.id = p.product_id`,
    [`LANC-${suffix.toUpperCase()}`, slug, name, stock, seriesId, paths.fr, paths.en],
  );
  return { seriesId, slug, name, paths };
}

/** A confirmed early-notice subscriber and her own early-access link for the series. */
export async function subscriberLink(seriesId: number, email: string, lang: "fr" | "en" = "fr") {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO signups (email, locale, source, confirmed_at) VALUES ($1, $2, 'home', now()) RETURNING id`,
    [email, lang],
  );
  const token = earlyAccessToken(SECRET, { seriesId, signupId: (row as { id: number }).id });
  return `${lang === "fr" ? "/acces-anticipe" : "/en/early-access"}/${token}`;
}
