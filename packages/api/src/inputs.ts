/**
 * Building blocks of the procedures' input schemas. Every string is bounded, every number is an
 * integer within what PostgreSQL stores, every object is strict (an unknown field is refused):
 * a malformed request is a BAD_REQUEST with French field messages, never a database error.
 */
import { isStorableText } from "@souls/shop/text";
import { z } from "zod";

/** Largest PostgreSQL `integer`: a bigger id would be a database error, not a validation one. */
export const INT4_MAX = 2_147_483_647;

/** An input object that refuses unknown fields. */
export function strictInput<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "Champ inconnu dans la demande"
        : issue.code === "invalid_type"
          ? "Les données envoyées sont incomplètes ou mal formées"
          : undefined,
  });
}

/** For procedures that take nothing: anything sent is refused rather than ignored. */
export const noInput = z.void({ error: "Cette action ne prend aucun paramètre" });

/** A trimmed string of `min`..`max` characters; `label` names the field in messages. */
export function text(label: string, min: number, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} : champ obligatoire` : `${label} : texte attendu`,
    })
    .trim()
    .min(min, { error: min <= 1 ? `${label} : champ obligatoire` : `${label} : au moins ${min} caractères` })
    .max(max, { error: `${label} : ${max} caractères au plus` })
    .refine(isStorableText, { error: `${label} : caractères non valides` });
}

/** An integer in `min`..`max`. */
export function int(label: string, min: number, max: number) {
  return z
    .int({
      error: (issue) =>
        issue.input === undefined ? `${label} : champ obligatoire` : `${label} : nombre entier attendu`,
    })
    .min(min, { error: `${label} : ${min} au moins` })
    .max(max, { error: `${label} : ${max} au plus` });
}

/** A database id. */
export const id = int("Identifiant", 1, INT4_MAX);

/** An order number as the owner copies it from the list (the database says whether it exists). */
export const orderNumber = text("Numéro de commande", 1, 40);

/**
 * An amount in euros with two decimals at most (169.99 × 100 is 16998.999…: whole cents to
 * rounding), between `min` exclusive and `max`; `label` names it in messages.
 */
export function euros(label: string, max: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} : champ obligatoire` : `${label} : nombre attendu`,
    })
    .gt(0, { error: `${label} : supérieur à 0` })
    .max(max, { error: `${label} : ${max} € au plus` })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: `${label} : deux décimales au plus`,
    });
}

/** The key of one click of the owner's (a random id made by the screen): its retries are one action. */
export const requestKey = z
  .string({ error: "Identifiant de la demande manquant : rechargez la page" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "Identifiant de la demande invalide : rechargez la page" });

/** A month, `YYYY-MM`. */
export const month = (label: string) =>
  z
    .string({ error: `${label} : mois attendu` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: `${label} : mois attendu (AAAA-MM)` });
