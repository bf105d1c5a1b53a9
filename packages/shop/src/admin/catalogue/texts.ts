/**
 * A model's words: plain text with paragraphs, stored as the owner typed it (pages escape it; no
 * markup from the panel ever reaches a page as markup), trimmed, with one kind of line break and
 * without bidirectional controls, each field bounded.
 */
import {
  FAQ_LIMITS,
  MATERIAL_MAX,
  MODEL_MATERIAL_NAMES,
  MODEL_TEXT_FIELD_NAMES,
  MODEL_TEXT_FIELDS,
  type ModelTexts,
} from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import type { Database, Kysely } from "@souls/db";
import { DuplicateReferenceError, InvalidProductError } from "../../errors";
import { recordProductEvent } from "../../product-history";
import { isStorableText, withoutBidiControls } from "../../text";
import { type AdminProductRow, PRODUCT_LIMITS, rowOf } from "../products";
import { missingPieces } from "./completeness";
import { ModelIncompleteError, ModelTextRefusedError } from "./errors";
import { freeDefaultAddress, lockCatalogue, lockModel, readTexts, textsColumns, textsOf } from "./store";

/**
 * One field as the shop stores it: `\r\n` and `\r` become `\n` (a textarea sends `\r\n`), a
 * one-line field's line breaks become spaces, the ends trimmed, bidirectional controls removed.
 */
export function normalizeText(value: string, { oneLine = false } = {}): string {
  const text = withoutBidiControls(value).replace(/\r\n?/g, "\n");
  return (oneLine ? text.replace(/\s*\n\s*/g, " ") : text).trim();
}

function checked(field: string, value: string, max: number, oneLine = false): string {
  const text = normalizeText(value, { oneLine });
  if (!isStorableText(text)) throw new ModelTextRefusedError(field, "characters");
  if (text.length > max) throw new ModelTextRefusedError(field, "too_long", max);
  return text;
}

/**
 * The words as they will be stored, or a ModelTextRefusedError naming the first field refused.
 * An FAQ item left wholly empty is dropped; half of one is refused.
 */
export function normalizeModelTexts(texts: ModelTexts): ModelTexts {
  const fields = Object.fromEntries(
    MODEL_TEXT_FIELD_NAMES.map((field) => {
      const rule = MODEL_TEXT_FIELDS[field];
      return [field, checked(field, texts[field] ?? "", rule.max, "oneLine" in rule)];
    }),
  ) as Record<(typeof MODEL_TEXT_FIELD_NAMES)[number], string>;
  const materials = Object.fromEntries(
    MODEL_MATERIAL_NAMES.map((material) => [
      material,
      checked(`materials.${material}`, texts.materials?.[material] ?? "", MATERIAL_MAX, true),
    ]),
  ) as ModelTexts["materials"];
  const faq = (texts.faq ?? [])
    .map((item) => ({
      question: checked("faq", item.question, FAQ_LIMITS.question, true),
      answer: checked("faq", item.answer, FAQ_LIMITS.answer),
    }))
    .filter((item) => item.question !== "" || item.answer !== "");
  if (faq.some((item) => item.question === "" || item.answer === "")) {
    throw new ModelTextRefusedError("faq", "faq_incomplete");
  }
  if (faq.length > FAQ_LIMITS.items) throw new ModelTextRefusedError("faq", "faq_too_many", FAQ_LIMITS.items);
  return { ...fields, materials, faq };
}

const sameTexts = (a: ModelTexts, b: ModelTexts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A model's words in one language, all of them at once (the editor's form). A language without
 * words yet gets its default address. A published model stays complete: emptying a required
 * field of its page is refused with what would be missing. Saving the same words records nothing.
 */
export async function updateModelTexts(
  db: Kysely<Database>,
  productId: number,
  locale: Locale,
  texts: ModelTexts,
): Promise<ModelTexts> {
  const words = normalizeModelTexts(texts);
  return db.transaction().execute(async (trx) => {
    // The catalogue first, then the model: every use case takes them in this order.
    await lockCatalogue(trx);
    const product = await lockModel(trx, productId);
    const stored = (await readTexts(trx, [productId])).find((row) => row.locale === locale);
    if (stored && sameTexts(textsOf(stored), words)) return words;
    if (product.publishedAt) {
      const missing = missingPieces({
        priceCents: product.priceCents,
        seriesId: product.seriesId,
        texts: { [locale]: words },
        photos: [],
      }).filter((piece) => (piece.piece === "text" || piece.piece === "material") && piece.locale === locale);
      if (missing.length > 0) throw new ModelIncompleteError(missing, true);
    }
    if (stored) {
      await trx
        .updateTable("productTexts")
        .set({ ...textsColumns(words), updatedAt: new Date() })
        .where("productId", "=", productId)
        .where("locale", "=", locale)
        .execute();
    } else {
      const path = await freeDefaultAddress(trx, product, locale);
      await trx
        .insertInto("productTexts")
        .values({ productId, locale, path, ...textsColumns(words) })
        .execute();
    }
    await recordProductEvent(trx, productId, "texts_changed", null, locale);
    return words;
  });
}

/**
 * A model's name and reference (its code, used in carts and links, never changes). Orders keep
 * the name they were placed with. The reference stays unique.
 */
export async function updateModelIdentity(
  db: Kysely<Database>,
  productId: number,
  input: { name: string; reference: string },
): Promise<AdminProductRow> {
  const name = normalizeText(input.name, { oneLine: true });
  const reference = normalizeText(input.reference, { oneLine: true });
  if (!reference || reference.length > PRODUCT_LIMITS.reference || !isStorableText(reference)) {
    throw new InvalidProductError("reference");
  }
  if (!name || name.length > PRODUCT_LIMITS.name || !isStorableText(name)) {
    throw new InvalidProductError("name");
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const product = await lockModel(trx, productId);
      if (product.name === name && product.reference === reference) return rowOf(product);
      const taken = await trx
        .selectFrom("products")
        .select("id")
        .where("reference", "=", reference)
        .where("id", "!=", productId)
        .executeTakeFirst();
      if (taken) throw new DuplicateReferenceError(reference);
      const updated = await trx
        .updateTable("products")
        .set({ name, reference, updatedAt: new Date() })
        .where("id", "=", productId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (product.name !== name)
        await recordProductEvent(trx, productId, "texts_changed", product.name, name);
      if (product.reference !== reference) {
        await recordProductEvent(trx, productId, "texts_changed", product.reference, reference);
      }
      return rowOf(updated);
    });
  } catch (error) {
    if ((error as { constraint?: string }).constraint === "products_reference_key") {
      throw new DuplicateReferenceError(reference);
    }
    throw error;
  }
}
