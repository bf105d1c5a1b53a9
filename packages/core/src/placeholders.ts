/**
 * The one filler of the shop's sentences: `{{name}}` placeholders, the syntax of every locale
 * file (the pages', the panel's, the e-mails' and the papers'), and counted sentences whose form
 * follows the language's plural rules (Intl.PluralRules). The pages, the panel, the e-mails and
 * the papers all fill through here (decision 062).
 *
 * A placeholder left without a value is a bug in the caller, so `fill` throws rather than showing
 * a sentence with a hole in it; the pages' lookup asks to keep it as written instead (as i18next
 * does), so a page is never lost for a word.
 */
import type { Locale } from "./locales";

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** What a placeholder without a value becomes: an error (the default), or itself as written. */
export interface FillOptions {
  missing?: "throw" | "keep";
}

/**
 * Splits a sentence around its placeholders: even items are literal text, odd items placeholder
 * names (a template can then put an element, a link or bold text, in a placeholder's place).
 */
export function placeholderParts(template: string, values: Readonly<Record<string, unknown>>): string[] {
  const parts = template.split(PLACEHOLDER);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    if (values[name] === undefined) throw new Error(`no value for {{${name}}} in "${template}"`);
  }
  return parts;
}

/** A sentence with its placeholders filled with text. */
export function fill(
  template: string,
  values: Readonly<Record<string, string | number>>,
  options: FillOptions = {},
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = (values as Readonly<Record<string, unknown>>)[name];
    if (value !== undefined) return String(value);
    if (options.missing === "keep") return whole;
    throw new Error(`no value for {{${name}}} in "${template}"`);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `n` in `locale` ("one", "other", and French's "many" for a million…). */
export function pluralCategory(locale: Locale, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(Math.abs(n));
}

/** A counted sentence's forms: `other` always, and any category the language tells apart. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * A count in words: the form of `n`'s plural category in `locale` (`other` when the sentence has
 * none for it: a French million reads as any plural), with `{{n}}` and `values` filled in
 * ("1 vente", "0 remboursement", "3 ventes", "2 remboursements (40,00 €)").
 */
export function count(
  locale: Locale,
  n: number,
  forms: PluralForms,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fill(forms[pluralCategory(locale, n)] ?? forms.other, { ...values, n });
}
