/**
 * The shop's two languages. French is the default: its pages have no prefix, English ones live
 * under `/en` (apps/web/app/screens.ts), and every e-mail and order is written in one of them.
 */
export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The BCP 47 tag Intl formats each language with: French of France, British English. */
const INTL_LOCALES: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale];
}
