/**
 * Amounts, dates and country names as a reader of each language expects them. Dates are shown in
 * the shop's own time zone: the seller is French and legal dates (orders, withdrawals) are Paris time.
 */
import type { Locale } from "./messages";

const INTL_LOCALE: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };
const SHOP_TIME_ZONE = "Europe/Paris";

/** "169,00 €" / "€169.00" from integer cents. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency }).format(cents / 100);
}

/** "12 mars 2025" / "12 March 2025". */
export function formatDate(isoTime: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: SHOP_TIME_ZONE }).format(
    new Date(isoTime),
  );
}

/** "12 mars 2025 à 14:32 UTC+1" / "12 March 2025 at 14:32 CET": a moment, with its time zone. */
export function formatDateTime(isoTime: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
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
