/**
 * Amounts, dates and country names as a reader of each language expects them. Dates are shown in
 * the shop's own time zone: the seller is French and legal dates (orders, withdrawals) are Paris time.
 */
import type { Locale } from "./messages";

const INTL_LOCALE: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };
const SHOP_TIME_ZONE = "Europe/Paris";

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

// Building an Intl formatter costs far more than using one (pages format many prices and dates):
// each is built once per locale and options, then reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** "169,00 €" / "€169.00" from integer cents. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** "12 mars 2025" / "12 March 2025". */
export function formatDate(isoTime: string, locale: Locale): string {
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: SHOP_TIME_ZONE }).format(new Date(isoTime));
}

/** "12 mars 2025 à 14:32 UTC+1" / "12 March 2025 at 14:32 CET": a moment, with its time zone. */
export function formatDateTime(isoTime: string, locale: Locale): string {
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: SHOP_TIME_ZONE,
  }).format(new Date(isoTime));
}

/** "Allemagne" / "Germany" from "DE"; a code Intl cannot name is shown as given, never a crash. */
export function countryName(code: string, locale: Locale): string {
  const region = code.toUpperCase();
  try {
    return (
      new Intl.DisplayNames([INTL_LOCALE[locale]], { type: "region", fallback: "code" }).of(region) ?? region
    );
  } catch {
    return region;
  }
}
