/**
 * What the owner writes into her catalogue, defined once for the shop's rules, the admin API and
 * the panel: a model's fields in each language with their bounds and French labels (the panel is
 * French only), the states it goes through and the catalogue's size. The labels
 * are the definition: each list of codes is read from them, in their order.
 */
import type { Locale } from "./locales";

/**
 * A model's words in one language, in the order the editor shows them. `oneLine` fields are a
 * line of a page (a newline typed there becomes a space); the others are paragraphs.
 * `optional` ones may stay empty on a published model.
 */
export const MODEL_TEXT_FIELDS = {
  tagline: { label: "Accroche", max: 120, oneLine: true },
  cardDescription: { label: "Texte de la vignette", max: 300 },
  shortDescription: { label: "Description courte", max: 700 },
  longDescription: { label: "Description longue", max: 5_000 },
  craftsmanship: { label: "Savoir-faire", max: 3_000 },
  heritage: { label: "Héritage", max: 3_000 },
  dimensions: { label: "Dimensions", max: 120, oneLine: true },
  weight: { label: "Poids", max: 120, oneLine: true },
  strap: { label: "Bandoulière", max: 120, oneLine: true },
  care: { label: "Entretien", max: 1_500 },
  safety: { label: "Sécurité", max: 1_500 },
} as const satisfies Record<string, { label: string; max: number; oneLine?: true }>;

export type ModelTextField = keyof typeof MODEL_TEXT_FIELDS;
export const MODEL_TEXT_FIELD_NAMES = Object.keys(MODEL_TEXT_FIELDS) as ModelTextField[];

/** What a bag is made of; a bag without embroidery or leather leaves those empty. */
export const MODEL_MATERIALS = {
  fabric: { label: "Tissu" },
  embroidery: { label: "Broderie", optional: true },
  hardware: { label: "Attaches" },
  lining: { label: "Doublure" },
  leather: { label: "Cuir", optional: true },
} as const satisfies Record<string, { label: string; optional?: true }>;

export type ModelMaterial = keyof typeof MODEL_MATERIALS;
export const MODEL_MATERIAL_NAMES = Object.keys(MODEL_MATERIALS) as ModelMaterial[];
export const MATERIAL_MAX = 200;

/** Questions and answers of a model's page: none is required, ten at most. */
export const FAQ_LIMITS = { items: 10, question: 200, answer: 1_500 } as const;

/** A model's words in one language, as the editor sends them and the shop stores them. */
export type ModelTexts = Record<ModelTextField, string> & {
  materials: Record<ModelMaterial, string>;
  faq: { question: string; answer: string }[];
};

export const EMPTY_MODEL_TEXTS: ModelTexts = {
  ...(Object.fromEntries(MODEL_TEXT_FIELD_NAMES.map((field) => [field, ""])) as Record<
    ModelTextField,
    string
  >),
  materials: Object.fromEntries(MODEL_MATERIAL_NAMES.map((material) => [material, ""])) as Record<
    ModelMaterial,
    string
  >,
  faq: [],
};

/** A series' words: a title (the home page's hero) and its subtitle, in each language. */
export const SERIES_TEXT_LIMITS = { title: 80, subtitle: 400 } as const;

/** How big the catalogue may grow: a handmade shop's, with room to spare. */
/** A catalogue's bounds (a model's photos: PHOTO_LIMITS.perModel in ./photos). */
export const CATALOGUE_LIMITS = { models: 200, series: 50 } as const;

/** Where a model stands: only a published one has a page shoppers see. */
export const MODEL_STATUS_LABELS = {
  draft: "Brouillon",
  published: "En ligne",
  archived: "Archivé",
} as const;
export type ModelStatus = keyof typeof MODEL_STATUS_LABELS;

/** The languages as the panel names them in a sentence: « Description longue (anglais) ». */
export const LANGUAGE_NAMES_FR: Record<Locale, string> = { fr: "français", en: "anglais" };
