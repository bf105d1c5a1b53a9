/**
 * The catalogue's refusals in French (the panel's dictionary, copy.errors.catalogue), as the
 * owner's editor shows them: what is missing before a model can be published, an address another
 * model has, a text too long, a series that is not empty, a sale price that is not a reduction.
 */

import {
  LANGUAGE_NAMES_FR,
  MODEL_MATERIALS,
  MODEL_TEXT_FIELDS,
  type ModelMaterial,
  type ModelTextField,
} from "@souls/core/catalogue-rules";
import { formatMoney } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import {
  AddressTakenError,
  CatalogueRefusedError,
  type MissingPiece,
  ModelIncompleteError,
  ModelSaveRefusedError,
  ModelTextRefusedError,
  type SaveProblem,
  SeriesNotFoundError,
} from "@souls/shop/admin";
import { TRPCError } from "@trpc/server";
import { copy } from "./admin-words";
import type { InputErrors } from "./trpc";

const WORDS = copy.errors.catalogue;

const inLanguage = (label: string, locale: keyof typeof LANGUAGE_NAMES_FR) =>
  fill(WORDS.inLanguage, { label, language: LANGUAGE_NAMES_FR[locale] });

const materialLabel = (material: ModelMaterial) =>
  fill(WORDS.material, { material: MODEL_MATERIALS[material].label.toLowerCase() });

/** « Description longue (anglais) », « Texte alternatif de la photo 1 (français) »… */
export function missingLabel(piece: MissingPiece): string {
  switch (piece.piece) {
    case "text":
      return inLanguage(MODEL_TEXT_FIELDS[piece.field].label, piece.locale);
    case "material":
      return inLanguage(materialLabel(piece.material), piece.locale);
    case "photoAlt":
      return inLanguage(fill(WORDS.photoAlt, { n: piece.photo }), piece.locale);
    case "photo":
      return WORDS.photo;
    case "price":
      return WORDS.price;
    case "series":
      return WORDS.series;
  }
}

/** The editor's field a missing piece is filled in (the one save's input path). */
export function missingField(piece: MissingPiece): string {
  switch (piece.piece) {
    case "text":
      return `texts.${piece.locale}.${piece.field}`;
    case "material":
      return `texts.${piece.locale}.materials.${piece.material}`;
    case "photoAlt":
      return `photo.${piece.photo}.alt${piece.locale === "fr" ? "Fr" : "En"}`;
    case "photo":
      return "photos";
    case "price":
      return "price";
    case "series":
      return "seriesId";
  }
}

/** Each refusal of the one save as its field's message key (`admin:input.*`). */
const SAVE_MESSAGES: Record<SaveProblem["reason"], string> = {
  required: "admin:input.required",
  too_long: "admin:input.tooLong",
  characters: "admin:input.invalidCharacters",
  address_format: "admin:input.addressSegment",
  address_taken: "admin:input.addressTaken",
  reference_taken: "admin:input.referenceTaken",
  series_not_found: "admin:input.seriesUnknown",
  archived_price: "admin:input.archivedPrice",
  published_needs: "admin:input.publishedNeeds",
};

/**
 * A refused save as a refused input (the error formatter's `zodError`): one message per field,
 * keyed by the field's path (the domain's `priceCents` is the form's `price`); null for any
 * other error.
 */
export function saveFieldErrors(cause: unknown): InputErrors | null {
  if (!(cause instanceof ModelSaveRefusedError)) return null;
  const fieldErrors: InputErrors["fieldErrors"] = {};
  for (const problem of cause.problems) {
    const field = problem.field === "priceCents" ? "price" : problem.field;
    const message = {
      key: SAVE_MESSAGES[problem.reason],
      values: problem.max === undefined ? {} : { max: problem.max },
    };
    fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
  }
  return { formErrors: [], fieldErrors };
}

/** Another model's address or reference, or a published model's page left incomplete. */
const CONFLICTS: SaveProblem["reason"][] = ["address_taken", "reference_taken", "published_needs"];

const quoted = (labels: string[]) => labels.map((label) => `« ${label} »`).join(", ");

/** The editor's label of a refused field: `tagline`, `materials.fabric`, `faq`, `titleFr`… */
function fieldLabel(field: string): string {
  if (field in MODEL_TEXT_FIELDS) return MODEL_TEXT_FIELDS[field as ModelTextField].label;
  if (field.startsWith("materials.")) {
    const material = field.slice("materials.".length);
    if (material in MODEL_MATERIALS) return materialLabel(material as ModelMaterial);
  }
  if (field === "faq") return WORDS.faq;
  return WORDS.seriesFields[field] ?? field;
}

function textRefusal(cause: ModelTextRefusedError): string {
  const label = fieldLabel(cause.field);
  switch (cause.reason) {
    case "too_long":
      return fill(WORDS.tooLong, { label, max: cause.max });
    case "characters":
      return fill(WORDS.characters, { label });
    case "required":
      return fill(WORDS.required, { label });
    case "faq_incomplete":
      return WORDS.faqIncomplete;
    case "faq_too_many":
      return fill(WORDS.faqTooMany, { max: cause.max });
  }
}

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");

function catalogueRefusal(cause: CatalogueRefusedError): { code: TRPCError["code"]; message: string } {
  switch (cause.reason) {
    case "too_many_models":
      return { code: "CONFLICT", message: fill(WORDS.tooManyModels, { n: cause.value }) };
    case "too_many_series":
      return { code: "CONFLICT", message: fill(WORDS.tooManySeries, { n: cause.value }) };
    case "series_not_empty":
      return { code: "CONFLICT", message: WORDS.seriesNotEmpty };
    case "series_featured":
      return { code: "CONFLICT", message: WORDS.seriesFeatured };
    case "address_format":
      return { code: "BAD_REQUEST", message: WORDS.addressFormat };
    case "archived":
      return { code: "CONFLICT", message: WORDS.archived };
    case "sale_not_lower":
      return { code: "CONFLICT", message: fill(WORDS.saleNotLower, { price: euros(cause.value) }) };
    case "not_on_sale":
      return { code: "CONFLICT", message: WORDS.notOnSale };
    case "opening_in_past":
      return { code: "BAD_REQUEST", message: WORDS.openingInPast };
    case "opening_passed":
      return { code: "CONFLICT", message: WORDS.openingPassed };
    case "launch_invalid":
      return { code: "BAD_REQUEST", message: WORDS.launchInvalid };
  }
}

/** The tRPC error for a catalogue rule, or null when the cause is not one. */
export function catalogueRuleError(cause: unknown): TRPCError | null {
  const error = (code: TRPCError["code"], message: string) => new TRPCError({ code, message, cause });
  if (cause instanceof ModelIncompleteError) {
    const labels = quoted(cause.missing.map(missingLabel));
    return error("CONFLICT", fill(cause.published ? WORDS.publishedLoses : WORDS.incomplete, { labels }));
  }
  if (cause instanceof AddressTakenError) {
    const { name, reference, retired } = cause.holder;
    return error(
      "CONFLICT",
      fill(retired ? WORDS.addressRetired : WORDS.addressTaken, { path: cause.path, name, reference }),
    );
  }
  if (cause instanceof ModelSaveRefusedError) {
    const conflict = cause.problems.some((problem) => CONFLICTS.includes(problem.reason));
    return error(conflict ? "CONFLICT" : "BAD_REQUEST", copy.errors.common.validation);
  }
  if (cause instanceof ModelTextRefusedError) return error("BAD_REQUEST", textRefusal(cause));
  if (cause instanceof CatalogueRefusedError) {
    const { code, message } = catalogueRefusal(cause);
    return error(code, message);
  }
  if (cause instanceof SeriesNotFoundError) return error("NOT_FOUND", WORDS.seriesNotFound);
  return null;
}
