/**
 * Amounts, dates and countries on the owner's pages: @souls/core's formats, in French and in the
 * short style of her tables ("169,00 €", "12/03/2025 14:32", Paris time whatever her phone says).
 */
import {
  formatMoney,
  type Moment,
  countryName as nameOfCountry,
  formatDate as writeDate,
  formatDateTime as writeDateTime,
} from "@souls/core/format";

/** "169,00 €" from integer cents. */
export const formatCents = (cents: number, currency = "EUR") =>
  formatMoney(cents, currency.toUpperCase(), "fr");

/** "12/03/2025 14:32" (Paris time). */
export const formatDateTime = (time: Moment) => writeDateTime(time, "fr", "short");

/** "12/03/2025" (Paris time). */
export const formatDate = (time: Moment) => writeDate(time, "fr", "short");

/** "Allemagne" from "DE". */
export const countryName = (code: string) => nameOfCountry(code, "fr");

/** "12,50" or "12.50" → 12.5; anything else (three decimals, a sign, letters) → NaN. */
export function parseEuros(text: string): number {
  const normalized = text.trim().replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** 16900 → "169.00": a price as a number field shows it. */
export function eurosFieldValue(cents: number): string {
  return (cents / 100).toFixed(2);
}
