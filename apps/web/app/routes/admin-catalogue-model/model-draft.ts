/**
 * What the owner has typed in the model's editor, before its one « Enregistrer »: every field of
 * the model in one value, compared with what is stored (unsaved changes), sent as one save, and
 * each refused field found again by its path (`texts.en.tagline`) for its message and its link.
 */
import { adminText, copy } from "@souls/api/admin-words";
import {
  LANGUAGE_NAMES_FR,
  MODEL_MATERIAL_NAMES,
  MODEL_TEXT_FIELD_NAMES,
  type ModelTexts,
} from "@souls/core/catalogue-rules";
import { LOCALES, type Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { eurosFieldValue, parseEuros } from "~/components/admin/format";
import type { RouterInputs, RouterOutputs } from "~/lib/trpc";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

export type GalleryPhoto = RouterOutputs["photos"]["list"]["photos"][number];
export type LanguageDraft = ModelTexts & { segment: string };
export type PhotoWords = { fr: string; en: string };

export interface ModelDraft {
  name: string;
  reference: string;
  /** The series' id as the select holds it; "" while the model is in none. */
  seriesId: string;
  /** As typed: « 169,90 ». */
  price: string;
  fr: LanguageDraft;
  en: LanguageDraft;
  /** Each photo's words, by photo id. */
  alts: Record<string, PhotoWords>;
}

/** The model as stored, in the editor's shape. */
export function draftOf(detail: ModelDetail, photos: GalleryPhoto[]): ModelDraft {
  const language = (locale: Locale): LanguageDraft => {
    const { path: _path, ...texts } = detail.texts[locale];
    return { ...texts, faq: texts.faq.map((item) => ({ ...item })) };
  };
  return {
    name: detail.model.name,
    reference: detail.model.reference,
    seriesId: detail.model.seriesId === null ? "" : String(detail.model.seriesId),
    price: eurosFieldValue(detail.model.priceCents),
    fr: language("fr"),
    en: language("en"),
    alts: Object.fromEntries(photos.map((photo) => [String(photo.id), { ...photo.alt }])),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether she has typed anything not saved yet. */
export const isDirty = (draft: ModelDraft, saved: ModelDraft) => !same(draft, saved);

/**
 * What is stored changed under the editor (a sale moved the price, a photo came or went, another
 * tab saved): each part she has not touched follows it; each part she has touched keeps her words.
 */
export function rebase(draft: ModelDraft, before: ModelDraft, now: ModelDraft): ModelDraft {
  const alts: ModelDraft["alts"] = {};
  for (const [id, stored] of Object.entries(now.alts)) {
    const mine = draft.alts[id];
    alts[id] = mine && !same(mine, before.alts[id]) ? mine : stored;
  }
  const part = <K extends Exclude<keyof ModelDraft, "alts">>(key: K): ModelDraft[K] =>
    same(draft[key], before[key]) ? now[key] : draft[key];
  return {
    name: part("name"),
    reference: part("reference"),
    seriesId: part("seriesId"),
    price: part("price"),
    fr: part("fr"),
    en: part("en"),
    alts,
  };
}

export type SaveInput = RouterInputs["catalogue"]["save"];

/** A save refused without JavaScript, as the page's action answers it: what she typed, and why. */
export interface ReturnedSave {
  values: ModelDraft;
  /** Each field's message keys (`admin:input.required`), by the API's paths. */
  fieldErrors: Record<string, { key: string; values: Record<string, number> }[] | undefined>;
  message: string;
}

/** Each refused field's message in French, by the editor's path (the first message of each). */
export function refusedFields(
  fieldErrors: ReturnedSave["fieldErrors"] | Record<string, string[] | undefined>,
  photos: GalleryPhoto[],
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const first = messages?.[0];
    if (!first) continue;
    found[editorPath(path, photos)] ??=
      typeof first === "string" ? first : adminText(first.key, first.values);
  }
  return found;
}

/** The one save's input; null with the price's message when the price typed is no price. */
export function saveInputOf(
  id: number,
  draft: ModelDraft,
  photos: GalleryPhoto[],
): { input: SaveInput } | { priceRefused: true } {
  const euros = parseEuros(draft.price);
  if (!(euros > 0)) return { priceRefused: true };
  return {
    input: {
      id,
      name: draft.name,
      reference: draft.reference,
      seriesId: draft.seriesId === "" ? null : Number(draft.seriesId),
      price: euros,
      texts: { fr: draft.fr, en: draft.en },
      photos: photos.map((photo) => {
        const words = draft.alts[String(photo.id)] ?? photo.alt;
        return { id: photo.id, altFr: words.fr, altEn: words.en };
      }),
    },
  };
}

/** The id of a field's input, from its path: `texts.en.tagline` → `model-texts-en-tagline`. */
export const inputId = (path: string) => `model-${path.replace(/\./g, "-")}`;

/** A photo's words field: by the photo's id, wherever it is in the gallery. */
export const altPath = (photoId: number, locale: Locale) => `alt.${photoId}.${locale}`;

/**
 * The field a path of the API names, in the editor's terms: a photo's words by photo id (the
 * save names them by place in the gallery, `photos.0.altFr`; the list of what is missing by
 * number, `photo.1.altFr`).
 */
export function editorPath(path: string, photos: GalleryPhoto[]): string {
  const saved = /^photos\.(\d+)\.alt(Fr|En)$/.exec(path);
  const missing = /^photo\.(\d+)\.alt(Fr|En)$/.exec(path);
  const match = saved ?? missing;
  if (!match) return path;
  const photo = photos[Number(match[1]) - (missing ? 1 : 0)];
  return photo ? altPath(photo.id, match[2] === "Fr" ? "fr" : "en") : "photos";
}

/** The editor's fields in the order the page shows them (the summary lists them in this order). */
export function fieldOrder(draft: ModelDraft, photos: GalleryPhoto[]): string[] {
  const language = (locale: Locale) => [
    `texts.${locale}.segment`,
    ...MODEL_TEXT_FIELD_NAMES.slice(0, 4).map((field) => `texts.${locale}.${field}`),
    ...MODEL_MATERIAL_NAMES.map((material) => `texts.${locale}.materials.${material}`),
    ...MODEL_TEXT_FIELD_NAMES.slice(4).map((field) => `texts.${locale}.${field}`),
    `texts.${locale}.faq`,
    ...draft[locale].faq.flatMap((_, index) => [
      `texts.${locale}.faq.${index}.question`,
      `texts.${locale}.faq.${index}.answer`,
    ]),
  ];
  return [
    "name",
    "reference",
    "seriesId",
    "price",
    ...LOCALES.flatMap(language),
    "photos",
    ...photos.flatMap((photo) => LOCALES.map((locale) => altPath(photo.id, locale))),
  ];
}

/** A field's name as the summary says it: « Accroche (anglais) », « Description (français), photo 2 ». */
export function fieldLabel(path: string, photos: GalleryPhoto[]): string {
  const parts = path.split(".");
  if (parts[0] === "alt") {
    const index = photos.findIndex((photo) => String(photo.id) === parts[1]);
    const label = parts[2] === "fr" ? copy.photos.altFr : copy.photos.altEn;
    return fill(TEXT.altOfPhoto, { label, n: index + 1 });
  }
  if (parts[0] === "texts") {
    const locale = (parts[1] === "en" ? "en" : "fr") as Locale;
    const language = LANGUAGE_NAMES_FR[locale];
    const rest = parts.slice(2);
    let label: string;
    if (rest[0] === "segment") return fill(TEXT.addressLabel, { language });
    if (rest[0] === "materials") label = TEXT.material[rest[1] ?? ""] ?? TEXT.materials;
    else if (rest[0] === "faq" && rest.length === 3) {
      label = fill(rest[2] === "answer" ? TEXT.faqAnswer : TEXT.faqQuestion, { n: Number(rest[1]) + 1 });
    } else if (rest[0] === "faq") label = TEXT.faq;
    else label = TEXT.field[rest[0] ?? ""] ?? path;
    return fill(TEXT.inLanguage, { label, language });
  }
  if (path === "name") return TEXT.name;
  if (path === "reference") return TEXT.reference;
  if (path === "seriesId") return TEXT.series;
  if (path === "price") return TEXT.price;
  if (path === "photos") return copy.photos.title;
  return path;
}
