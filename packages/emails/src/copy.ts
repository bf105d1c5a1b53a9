/**
 * The words of the e-mails, from the locale files. Both files have the same keys (a test checks
 * it), so the French file's shape types both.
 */
import en from "./locales/en.json";
import fr from "./locales/fr.json";
import type { Locale } from "./messages";

export type Copy = typeof fr;

const COPY: Record<Locale, Copy> = { fr, en };

export function copyFor(locale: Locale): Copy {
  return COPY[locale];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Splits a sentence around its `{{name}}` placeholders: even items are literal text, odd items
 * placeholder names. A placeholder with no value is a bug in a template, so it throws rather than
 * sending a sentence with a hole in it.
 */
export function placeholderParts(template: string, values: Readonly<Record<string, unknown>>): string[] {
  const parts = template.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    if (values[name] === undefined) throw new Error(`no value for {{${name}}} in "${template}"`);
  }
  return parts;
}

/** A sentence with its placeholders filled with text. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return placeholderParts(template, values)
    .map((part, i) => (i % 2 === 1 ? String(values[part]) : part))
    .join("");
}
