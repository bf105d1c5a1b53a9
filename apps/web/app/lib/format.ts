import type { Locale } from "~/screens";

const INTL_LOCALE: Record<Locale, string> = { fr: "fr-FR", en: "en-GB" };

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price from integer cents: "169 €" / "€169" for whole amounts on product cards, always two
 * decimals ("338,00 €") where `exact` is asked (cart lines and totals).
 */
export function formatPrice(
  cents: number,
  locale: Locale,
  options: { exact?: boolean; currency?: string } = {},
) {
  const whole = cents % 100 === 0 && !options.exact;
  const currency = options.currency ?? "EUR";
  // Building a formatter costs far more than using one: one per locale, currency and style.
  const key = `${locale} ${currency} ${whole}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** Dates and moments in the shop's time zone, written the same way as in the e-mails. */
export { formatDate, formatDateTime } from "@souls/emails/format";
