/**
 * Amounts and dates on the owner's pages: French, in the shop's own time zone (Paris), so the
 * server render and the browser agree whatever the owner's phone is set to.
 */
const TIME_ZONE = "Europe/Paris";

const money = new Map<string, Intl.NumberFormat>();

/** "169,00 €" from integer cents. */
export function formatCents(cents: number, currency = "EUR"): string {
  const code = currency.toUpperCase();
  let format = money.get(code);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { style: "currency", currency: code });
    money.set(code, format);
  }
  return format.format(cents / 100);
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: TIME_ZONE,
});

/** "12/03/2025 14:32" (Paris time). */
export function formatDateTime(isoTime: string): string {
  return dateTime.format(new Date(isoTime));
}

const dateOnly = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: TIME_ZONE });

/** "12/03/2025" (Paris time). */
export function formatDate(isoTime: string): string {
  return dateOnly.format(new Date(isoTime));
}

const yearMonth = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  timeZone: TIME_ZONE,
});

/** "2025-03": the month it is in Paris (the accountant's months are the shop's). */
export function currentMonth(now = new Date()): string {
  const parts = yearMonth.formatToParts(now);
  const part = (type: "year" | "month") => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

/** "12,50" or "12.50" → 12.5; anything else (three decimals, a sign, letters) → NaN. */
export function parseEuros(text: string): number {
  const normalized = text.trim().replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

/** 16900 → "169.00": a price as a number field shows it. */
export function eurosFieldValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

const countries = new Intl.DisplayNames(["fr-FR"], { type: "region", fallback: "code" });

/** "France" from "FR"; a code Intl cannot name is shown as given. */
export function countryName(code: string): string {
  try {
    return countries.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
