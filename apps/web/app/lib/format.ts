import { numberFormat } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";

/** "169,00" / "169.00": the amount of the spec's "Payer {amount} {CURRENCY}" button. */
export function plainAmount(cents: number, locale: Locale): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}
