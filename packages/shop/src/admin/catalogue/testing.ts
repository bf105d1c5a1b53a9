/** Helpers for the catalogue's tests (never imported by production code). */
import type { ModelTexts } from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import { type Database, type Kysely, LAUNCH_MODELS } from "@souls/db";

/** Complete words in one language (the launch model Aicha's), without its address. */
export function completeTexts(locale: Locale): ModelTexts {
  const { path: _path, ...texts } = (LAUNCH_MODELS[0] as (typeof LAUNCH_MODELS)[number]).texts[locale];
  return { ...texts, faq: texts.faq.map((item) => ({ ...item })) };
}

/** A photo as the photo manager would have stored it, described in the given languages. */
export async function insertDescribedPhoto(
  db: Kysely<Database>,
  productId: number,
  alt: { fr?: string; en?: string } = { fr: "Vue de face", en: "Front view" },
) {
  const { position } = await db
    .selectFrom("productPhotos")
    .select((eb) => eb.fn.coalesce(eb.fn.max("position"), eb.lit(-1)).as("position"))
    .where("productId", "=", productId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto("productPhotos")
    .values({
      productId,
      position: Number(position) + 1,
      source: "0123456789abcdef0123456789abcdef",
      width: 1600,
      height: 2000,
      altFr: alt.fr ?? "",
      altEn: alt.en ?? "",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}
