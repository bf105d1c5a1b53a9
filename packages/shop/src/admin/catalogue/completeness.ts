/**
 * When a model may go live (issue 23): complete in both languages, every photo described in both
 * (a shopper who cannot see it hears its words), a price and a series. Pure: the use cases read
 * the rows, this says what is missing, in the order the editor shows it.
 */
import {
  MODEL_MATERIAL_NAMES,
  MODEL_MATERIALS,
  MODEL_TEXT_FIELD_NAMES,
  type ModelMaterial,
  type ModelTextField,
} from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import type { FaqItem, ProductMaterials } from "@souls/db";

export type MissingPiece =
  | { piece: "price" }
  | { piece: "series" }
  | { piece: "photo" }
  | { piece: "text"; field: ModelTextField; locale: Locale }
  | { piece: "material"; material: ModelMaterial; locale: Locale }
  | { piece: "photoAlt"; photo: number; locale: Locale };

/** What completeness reads of a model's words in one language (a row of product_texts). */
export type StoredTexts = Record<ModelTextField, string> & {
  materials: Partial<ProductMaterials>;
  faq: FaqItem[];
};

export interface ModelForPublication {
  priceCents: number;
  seriesId: number | null;
  /** Null for a language the model has no words in yet. */
  texts: Partial<Record<Locale, StoredTexts | null>>;
  /** In gallery order (the cover first). */
  photos: { altFr: string; altEn: string }[];
}

const blank = (value: string | undefined) => !value || value.trim() === "";

export function missingPieces(model: ModelForPublication): MissingPiece[] {
  const missing: MissingPiece[] = [];
  for (const locale of LOCALES) {
    const texts = model.texts[locale] ?? null;
    for (const field of MODEL_TEXT_FIELD_NAMES) {
      if (blank(texts?.[field])) missing.push({ piece: "text", field, locale });
    }
    for (const material of MODEL_MATERIAL_NAMES) {
      const optional = "optional" in MODEL_MATERIALS[material];
      if (!optional && blank(texts?.materials[material]))
        missing.push({ piece: "material", material, locale });
    }
  }
  if (model.photos.length === 0) missing.push({ piece: "photo" });
  for (const [index, photo] of model.photos.entries()) {
    for (const locale of LOCALES) {
      if (blank(locale === "fr" ? photo.altFr : photo.altEn)) {
        missing.push({ piece: "photoAlt", photo: index + 1, locale });
      }
    }
  }
  if (!(model.priceCents > 0)) missing.push({ piece: "price" });
  if (model.seriesId === null) missing.push({ piece: "series" });
  return missing;
}
