import { numberFormat } from "@souls/emails/format";
import type { Locale } from "~/screens";

export { intlLocale } from "@souls/emails/format";

/**
 * A price from integer cents: "169 €" / "€169" for whole amounts on product cards, always two
 * decimals ("338,00 €") where `exact` is asked (cart lines and totals).
 */
export function formatPrice(
  cents: number,
  locale: Locale,
  options: { exact?: boolean; currency?: string } = {},
) {
  const digits = cents % 100 === 0 && !options.exact ? 0 : 2;
  return numberFormat(locale, {
    style: "currency",
    currency: options.currency ?? "EUR",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

/** Dates and moments in the shop's time zone, written the same way as in the e-mails. */
export { formatDate, formatDateTime } from "@souls/emails/format";
