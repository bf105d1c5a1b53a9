/**
 * The words of the e-mails, from the locale files. Both files have the same keys (a test checks
 * it), so the French file's shape types both.
 */

import type { Locale } from "@souls/core/locales";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

export type Copy = typeof fr;

const COPY: Record<Locale, Copy> = { fr, en };

export function copyFor(locale: Locale): Copy {
  return COPY[locale];
}
