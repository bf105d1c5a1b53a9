import type { Locale } from "~/screens";
import { intlLocale } from "./format";

const amountFormats = new Map<Locale, Intl.NumberFormat>();

/** "169,00" / "169.00": the amount of the spec's "Payer {amount} {CURRENCY}" button. */
export function plainAmount(cents: number, locale: Locale): string {
  let format = amountFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    amountFormats.set(locale, format);
  }
  return format.format(cents / 100);
}
