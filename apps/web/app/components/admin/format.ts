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

const countries = new Intl.DisplayNames(["fr-FR"], { type: "region", fallback: "code" });

/** "France" from "FR"; a code Intl cannot name is shown as given. */
export function countryName(code: string): string {
  try {
    return countries.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
