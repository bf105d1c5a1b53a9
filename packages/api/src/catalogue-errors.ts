/**
 * The catalogue's refusals in French, as the owner's editor shows them: what is missing before a
 * model can be published, an address another model has, a text too long, a series that is not
 * empty, a sale price that is not a reduction.
 */
import {
  LANGUAGE_NAMES_FR,
  MODEL_MATERIALS,
  MODEL_TEXT_FIELDS,
  type ModelMaterial,
  type ModelTextField,
} from "@souls/core/catalogue-rules";
import { formatMoney } from "@souls/core/format";
import {
  AddressTakenError,
  CatalogueRefusedError,
  type MissingPiece,
  ModelIncompleteError,
  ModelTextRefusedError,
  SeriesNotFoundError,
} from "@souls/shop/admin";
import { TRPCError } from "@trpc/server";

const inLanguage = (label: string, locale: keyof typeof LANGUAGE_NAMES_FR) =>
  `${label} (${LANGUAGE_NAMES_FR[locale]})`;

const materialLabel = (material: ModelMaterial) =>
  `Matière : ${MODEL_MATERIALS[material].label.toLowerCase()}`;

/** « Description longue (anglais) », « Texte alternatif de la photo 1 (français) »… */
export function missingLabel(piece: MissingPiece): string {
  switch (piece.piece) {
    case "text":
      return inLanguage(MODEL_TEXT_FIELDS[piece.field].label, piece.locale);
    case "material":
      return inLanguage(materialLabel(piece.material), piece.locale);
    case "photoAlt":
      return inLanguage(`Texte alternatif de la photo ${piece.photo}`, piece.locale);
    case "photo":
      return "Au moins une photo";
    case "price":
      return "Un prix";
    case "series":
      return "Une série";
  }
}

const quoted = (labels: string[]) => labels.map((label) => `« ${label} »`).join(", ");

const SERIES_FIELDS: Record<string, string> = {
  titleFr: "Titre (français)",
  titleEn: "Titre (anglais)",
  subtitleFr: "Sous-titre (français)",
  subtitleEn: "Sous-titre (anglais)",
};

/** The editor's label of a refused field: `tagline`, `materials.fabric`, `faq`, `titleFr`… */
function fieldLabel(field: string): string {
  if (field in MODEL_TEXT_FIELDS) return MODEL_TEXT_FIELDS[field as ModelTextField].label;
  if (field.startsWith("materials.")) {
    const material = field.slice("materials.".length);
    if (material in MODEL_MATERIALS) return materialLabel(material as ModelMaterial);
  }
  if (field === "faq") return "Questions fréquentes";
  return SERIES_FIELDS[field] ?? field;
}

function textRefusal(cause: ModelTextRefusedError): string {
  const label = fieldLabel(cause.field);
  switch (cause.reason) {
    case "too_long":
      return `${label} : ${cause.max} caractères au plus.`;
    case "characters":
      return `${label} : caractères non valides.`;
    case "required":
      return `${label} : champ obligatoire.`;
    case "faq_incomplete":
      return "Questions fréquentes : chaque question a besoin de sa réponse, et chaque réponse de sa question.";
    case "faq_too_many":
      return `Questions fréquentes : ${cause.max} au plus.`;
  }
}

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");

function catalogueRefusal(cause: CatalogueRefusedError): { code: TRPCError["code"]; message: string } {
  switch (cause.reason) {
    case "too_many_models":
      return {
        code: "CONFLICT",
        message: `Le catalogue a atteint ${cause.value} modèles, son maximum : supprimez depuis le stock un modèle jamais vendu avant d'en créer un autre.`,
      };
    case "too_many_series":
      return {
        code: "CONFLICT",
        message: `Le catalogue a atteint ${cause.value} séries, son maximum : supprimez une série vide avant d'en créer une autre.`,
      };
    case "series_not_empty":
      return {
        code: "CONFLICT",
        message:
          "Cette série contient encore des modèles (archivés compris) : déplacez-les dans une autre série avant de la supprimer.",
      };
    case "series_featured":
      return {
        code: "CONFLICT",
        message:
          "C'est la série de la page d'accueil : choisissez-en une autre pour la page d'accueil avant de la supprimer.",
      };
    case "address_format":
      return {
        code: "BAD_REQUEST",
        message:
          "Adresse refusée : lettres minuscules sans accent, chiffres et tirets simples, de 3 à 80 caractères (par exemple sac-banane-zora).",
      };
    case "archived":
      return { code: "CONFLICT", message: "Ce modèle est archivé : rétablissez-le d'abord." };
    case "sale_not_lower":
      return {
        code: "CONFLICT",
        message: `Le prix soldé doit être inférieur au prix actuel (${euros(cause.value)}).`,
      };
    case "not_on_sale":
      return { code: "CONFLICT", message: "Ce modèle n'est pas en solde." };
  }
}

/** The tRPC error for a catalogue rule, or null when the cause is not one. */
export function catalogueRuleError(cause: unknown): TRPCError | null {
  const error = (code: TRPCError["code"], message: string) => new TRPCError({ code, message, cause });
  if (cause instanceof ModelIncompleteError) {
    const labels = quoted(cause.missing.map(missingLabel));
    return error(
      "CONFLICT",
      cause.published
        ? `Ce modèle est en ligne : sa page ne peut pas perdre ${labels}. Repassez-le en brouillon pour vider ces champs.`
        : `Publication impossible : il manque ${labels}.`,
    );
  }
  if (cause instanceof AddressTakenError) {
    const { name, reference, retired } = cause.holder;
    return error(
      "CONFLICT",
      retired
        ? `L'adresse ${cause.path} a été celle du modèle « ${name} » (${reference}) et mène toujours à sa page : choisissez-en une autre.`
        : `L'adresse ${cause.path} est celle du modèle « ${name} » (${reference}) : choisissez-en une autre.`,
    );
  }
  if (cause instanceof ModelTextRefusedError) return error("BAD_REQUEST", textRefusal(cause));
  if (cause instanceof CatalogueRefusedError) {
    const { code, message } = catalogueRefusal(cause);
    return error(code, message);
  }
  if (cause instanceof SeriesNotFoundError) {
    return error(
      "NOT_FOUND",
      "Série introuvable : elle a peut-être été supprimée depuis un autre écran. Rechargez la page.",
    );
  }
  return null;
}
