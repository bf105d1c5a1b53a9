/**
 * The model editor's one save (issue 32): everything the owner typed on a model's page — name and
 * reference, series, price, words and address in both languages, her photos' words — written in
 * one transaction, or nothing at all. Every refusal is found before anything is written and all
 * of them are said at once, each naming its field, so she corrects them in one pass.
 */
import {
  FAQ_LIMITS,
  MATERIAL_MAX,
  MODEL_MATERIAL_NAMES,
  MODEL_TEXT_FIELD_NAMES,
  MODEL_TEXT_FIELDS,
  type ModelTexts,
} from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { isAddressSegment, modelAddress } from "@souls/core/model-addresses";
import { PHOTO_LIMITS } from "@souls/core/photos";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { recordProductEvent } from "../../product-history";
import { isStorableText, withoutBidiControls } from "../../text";
import { isInt, PRODUCT_LIMITS } from "../products";
import { changeAddressIn } from "./addresses";
import { type MissingPiece, missingPieces } from "./completeness";
import { moveModelIn } from "./series";
import { addressHolder, lockCatalogue, lockModel, readTexts, textsColumns, textsOf } from "./store";
import { normalizeText } from "./texts";

/** A model's words in one language with the last segment of its address. */
export type ModelTextsWithAddress = ModelTexts & { segment: string };

export interface ModelSaveInput {
  name: string;
  reference: string;
  /** Its series; null only while the model is in none (a series cannot be left for none). */
  seriesId: number | null;
  priceCents: number;
  texts: Record<Locale, ModelTextsWithAddress>;
  /** Her photos' words; a photo removed meanwhile (another tab) is left out. */
  photos: { id: number; altFr: string; altEn: string }[];
}

/**
 * Why one field was refused. `field` is the field's path in the input, as the API's validation
 * names it: `name`, `texts.en.tagline`, `texts.fr.materials.fabric`, `texts.fr.faq.0.answer`,
 * `texts.en.segment`, `photos.2.altEn`, `seriesId`, `priceCents`.
 */
export interface SaveProblem {
  field: string;
  reason:
    | "required"
    | "too_long"
    | "characters"
    | "address_format"
    | "address_taken"
    | "reference_taken"
    | "series_not_found"
    | "archived_price"
    | "published_needs";
  max?: number;
}

/** The save is refused: nothing was written; every field to correct is listed. */
export class ModelSaveRefusedError extends Error {
  override name = "ModelSaveRefusedError";
  constructor(readonly problems: SaveProblem[]) {
    super(`Model not saved: ${problems.map((problem) => problem.field).join(", ")}`);
  }
}

export interface ModelSaveResult {
  /** How many parts changed (0: she saved what was already stored; no history line). */
  changes: number;
}

interface Checked {
  name: string;
  reference: string;
  texts: Record<Locale, ModelTexts & { path: string }>;
  photos: { id: number; altFr: string; altEn: string }[];
}

/** Every field as the shop stores it, and what is refused in any of them. */
function check(input: ModelSaveInput): { checked: Checked; problems: SaveProblem[] } {
  const problems: SaveProblem[] = [];
  const line = (
    field: string,
    value: string,
    max: number,
    options: { oneLine?: boolean; required?: boolean },
  ) => {
    const text = normalizeText(value ?? "", { oneLine: options.oneLine });
    if (options.required && text === "") problems.push({ field, reason: "required" });
    else if (!isStorableText(text)) problems.push({ field, reason: "characters" });
    else if (text.length > max) problems.push({ field, reason: "too_long", max });
    return text;
  };
  const name = line("name", input.name, PRODUCT_LIMITS.name, { oneLine: true, required: true });
  const reference = line("reference", input.reference, PRODUCT_LIMITS.reference, {
    oneLine: true,
    required: true,
  });
  if (!isInt(input.priceCents, 1, PRODUCT_LIMITS.maxPriceCents)) {
    problems.push({ field: "priceCents", reason: "required" });
  }
  const texts = {} as Checked["texts"];
  for (const locale of LOCALES) {
    const given = input.texts[locale];
    const at = (field: string) => `texts.${locale}.${field}`;
    const fields = Object.fromEntries(
      MODEL_TEXT_FIELD_NAMES.map((field) => {
        const rule = MODEL_TEXT_FIELDS[field];
        return [field, line(at(field), given[field], rule.max, { oneLine: "oneLine" in rule })];
      }),
    ) as Record<(typeof MODEL_TEXT_FIELD_NAMES)[number], string>;
    const materials = Object.fromEntries(
      MODEL_MATERIAL_NAMES.map((material) => [
        material,
        line(at(`materials.${material}`), given.materials[material], MATERIAL_MAX, { oneLine: true }),
      ]),
    ) as ModelTexts["materials"];
    const faq = given.faq.map((item, index) => {
      const question = line(at(`faq.${index}.question`), item.question, FAQ_LIMITS.question, {
        oneLine: true,
      });
      const answer = line(at(`faq.${index}.answer`), item.answer, FAQ_LIMITS.answer, {});
      // Half a question: the half left empty is the field to fill.
      if (question === "" && answer !== "")
        problems.push({ field: at(`faq.${index}.question`), reason: "required" });
      if (answer === "" && question !== "")
        problems.push({ field: at(`faq.${index}.answer`), reason: "required" });
      return { question, answer };
    });
    if (faq.length > FAQ_LIMITS.items)
      problems.push({ field: at("faq"), reason: "too_long", max: FAQ_LIMITS.items });
    const segment = (given.segment ?? "").trim();
    if (!isAddressSegment(segment)) problems.push({ field: at("segment"), reason: "address_format" });
    texts[locale] = {
      ...fields,
      materials,
      // An item left wholly empty is dropped, as the page would not show it.
      faq: faq.filter((item) => item.question !== "" || item.answer !== ""),
      path: isAddressSegment(segment) ? modelAddress(locale, segment) : "",
    };
  }
  const alt = (field: string, value: string) => {
    const text = withoutBidiControls(value ?? "")
      .replace(/\s+/g, " ")
      .trim();
    if (!isStorableText(text)) problems.push({ field, reason: "characters" });
    else if (text.length > PHOTO_LIMITS.altLength) {
      problems.push({ field, reason: "too_long", max: PHOTO_LIMITS.altLength });
    }
    return text;
  };
  const photos = input.photos.map((photo, index) => ({
    id: photo.id,
    altFr: alt(`photos.${index}.altFr`, photo.altFr),
    altEn: alt(`photos.${index}.altEn`, photo.altEn),
  }));
  return { checked: { name, reference, texts, photos }, problems };
}

/** The field of a piece missing before a published model could stay online. */
function fieldOfMissing(piece: MissingPiece, photoIds: number[], input: Checked): string {
  switch (piece.piece) {
    case "text":
      return `texts.${piece.locale}.${piece.field}`;
    case "material":
      return `texts.${piece.locale}.materials.${piece.material}`;
    case "photoAlt": {
      const index = input.photos.findIndex((photo) => photo.id === photoIds[piece.photo - 1]);
      return index >= 0 ? `photos.${index}.alt${piece.locale === "fr" ? "Fr" : "En"}` : "photos";
    }
    case "photo":
      return "photos";
    case "price":
      return "priceCents";
    case "series":
      return "seriesId";
  }
}

const sameTexts = (a: ModelTexts, b: ModelTexts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the whole model at once. Refused, with nothing written, when any field is refused: a
 * text too long, an address another model has, a reference taken, a field a published model's
 * page needs left empty (every one of them is listed: `ModelSaveRefusedError`).
 */
export async function saveModel(
  db: Kysely<Database>,
  productId: number,
  input: ModelSaveInput,
): Promise<ModelSaveResult> {
  const { checked, problems } = check(input);
  if (problems.length > 0) throw new ModelSaveRefusedError(problems);
  return db.transaction().execute(async (trx) => {
    // The catalogue, the gallery, then the model: the order every use case takes them in.
    await lockCatalogue(trx);
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`photos:${productId}`}))`.execute(trx);
    const product = await lockModel(trx, productId);
    const stored = await readTexts(trx, [productId]);
    const gallery = await trx
      .selectFrom("productPhotos")
      .select(["id", "altFr", "altEn"])
      .where("productId", "=", productId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    // Only this model's photos: an id of another model's is never written.
    const photos = checked.photos.filter((photo) => gallery.some((row) => row.id === photo.id));

    // Every refusal first; nothing is written before all are known.
    const found: SaveProblem[] = [];
    if (checked.reference !== product.reference) {
      const taken = await trx
        .selectFrom("products")
        .select("id")
        .where("reference", "=", checked.reference)
        .where("id", "!=", productId)
        .executeTakeFirst();
      if (taken) found.push({ field: "reference", reason: "reference_taken" });
    }
    if (input.seriesId === null) {
      if (product.seriesId !== null) found.push({ field: "seriesId", reason: "required" });
    } else if (input.seriesId !== product.seriesId) {
      const series = await trx
        .selectFrom("series")
        .select("id")
        .where("id", "=", input.seriesId)
        .executeTakeFirst();
      if (!series) found.push({ field: "seriesId", reason: "series_not_found" });
    }
    if (input.priceCents !== product.priceCents && product.archivedAt) {
      found.push({ field: "priceCents", reason: "archived_price" });
    }
    for (const locale of LOCALES) {
      const path = checked.texts[locale].path;
      const current = stored.find((row) => row.locale === locale)?.path;
      if (path !== current && (await addressHolder(trx, path, productId))) {
        found.push({ field: `texts.${locale}.segment`, reason: "address_taken" });
      }
    }
    if (product.publishedAt) {
      // Online, the model stays complete: its page would lose what is emptied.
      const missing = missingPieces({
        priceCents: input.priceCents,
        seriesId: input.seriesId ?? product.seriesId,
        texts: checked.texts,
        photos: gallery.map((row) => photos.find((photo) => photo.id === row.id) ?? row),
      });
      const ids = gallery.map((row) => row.id);
      for (const piece of missing) {
        found.push({ field: fieldOfMissing(piece, ids, checked), reason: "published_needs" });
      }
    }
    if (found.length > 0) throw new ModelSaveRefusedError(found);

    let changes = 0;
    if (checked.name !== product.name || checked.reference !== product.reference) {
      await trx
        .updateTable("products")
        .set({ name: checked.name, reference: checked.reference, updatedAt: new Date() })
        .where("id", "=", productId)
        .execute();
      if (checked.name !== product.name) {
        await recordProductEvent(trx, productId, "texts_changed", product.name, checked.name);
      }
      if (checked.reference !== product.reference) {
        await recordProductEvent(trx, productId, "texts_changed", product.reference, checked.reference);
      }
      changes++;
    }
    if (input.priceCents !== product.priceCents) {
      await trx
        .updateTable("products")
        .set({ priceCents: input.priceCents, updatedAt: new Date() })
        .where("id", "=", productId)
        .execute();
      await recordProductEvent(
        trx,
        productId,
        "price_changed",
        `${product.priceCents}`,
        `${input.priceCents}`,
      );
      changes++;
    }
    if (input.seriesId !== null && input.seriesId !== product.seriesId) {
      // At the end of its new series; the catalogue's arrows put it elsewhere.
      await moveModelIn(trx, product, input.seriesId, 1_000);
      changes++;
    }
    for (const locale of LOCALES) {
      const { path, ...words } = checked.texts[locale];
      const row = stored.find((one) => one.locale === locale);
      if (row?.path !== path) {
        await changeAddressIn(trx, product, locale, path);
        changes++;
      }
      if (row && sameTexts(textsOf(row), words)) continue;
      await trx
        .updateTable("productTexts")
        .set({ ...textsColumns(words), updatedAt: new Date() })
        .where("productId", "=", productId)
        .where("locale", "=", locale)
        .execute();
      await recordProductEvent(trx, productId, "texts_changed", null, locale);
      changes++;
    }
    for (const photo of photos) {
      const row = gallery.find((one) => one.id === photo.id);
      if (!row || (row.altFr === photo.altFr && row.altEn === photo.altEn)) continue;
      await trx
        .updateTable("productPhotos")
        .set({ altFr: photo.altFr, altEn: photo.altEn })
        .where("id", "=", photo.id)
        .execute();
      const described = (text: { altFr: string; altEn: string }) =>
        `${photo.id} : ${text.altFr || "—"} / ${text.altEn || "—"}`;
      await recordProductEvent(trx, productId, "photos_changed", described(row), described(photo));
      changes++;
    }
    return { changes };
  });
}
