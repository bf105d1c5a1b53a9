/** The papers' words, from the locale files (same keys in both: a test checks it). */
import type { Locale } from "@souls/core/locales";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

export type Words = typeof fr;

const WORDS: Record<Locale, Words> = { fr, en };

export function wordsFor(locale: Locale): Words {
  return WORDS[locale];
}
