/**
 * Amounts, dates and country names as a reader of each language expects them, by the platform's
 * Intl. Dates are shown in the shop's own time zone: the seller is French, and legal dates
 * (orders, withdrawals) and the accountant's months are Paris time, whatever the reader's device says.
 */
import { intlLocale, type Locale } from "./locales";

export const SHOP_TIME_ZONE = "Europe/Paris";

/** A moment as the database and the wire give it: a Date, or an ISO 8601 string. */
export type Moment = Date | string;

// Building an Intl formatter costs far more than using one (pages format many prices and dates):
// each is built once per language and options, then reused.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: Locale, options: object, build: () => F): F {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(intlLocale(locale), options));
}

export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(intlLocale(locale), options));
}

/** "169,00 €" / "€169.00" from integer cents, with the currency's own decimals. */
export function formatMoney(cents: number, currency: string, locale: Locale): string {
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/**
 * A price from integer cents: "169 €" / "€169" for whole amounts (product cards), always two
 * decimals ("338,00 €") where `exact` is asked (cart lines and totals).
 */
export function formatPrice(
  cents: number,
  locale: Locale,
  options: { exact?: boolean; currency?: string } = {},
): string {
  const digits = cents % 100 === 0 && !options.exact ? 0 : 2;
  return numberFormat(locale, {
    style: "currency",
    currency: options.currency ?? "EUR",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

/** `long`: for a reader ("12 mars 2025"); `short`: for a table ("12/03/2025"). */
export type DateStyle = "long" | "short";

/** "12 mars 2025" / "12 March 2025"; short: "12/03/2025". */
export function formatDate(time: Moment, locale: Locale, style: DateStyle = "long"): string {
  return dateTimeFormat(locale, { dateStyle: style, timeZone: SHOP_TIME_ZONE }).format(new Date(time));
}

/**
 * "12 mars 2025 à 14:32 UTC+1" / "12 March 2025 at 14:32 CET": a moment, with its time zone;
 * short, for the owner's tables: "12/03/2025 14:32" (Paris time).
 */
export function formatDateTime(time: Moment, locale: Locale, style: DateStyle = "long"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "short"
      ? { dateStyle: "short", timeStyle: "short", timeZone: SHOP_TIME_ZONE }
      : {
          day: "numeric",
          month: "long",
          year: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          timeZoneName: "short",
          timeZone: SHOP_TIME_ZONE,
        };
  return dateTimeFormat(locale, options).format(new Date(time));
}

/**
 * "12 mars 2025 à 14:32" / "12 March 2025 at 14:32": a moment for a shopper's page, in the shop's
 * time without a zone code ("UTC+1", "CET" read as jargon there; the shop's times are Paris's).
 */
export function formatShopDateTime(time: Moment, locale: Locale): string {
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: SHOP_TIME_ZONE,
  }).format(new Date(time));
}

/**
 * A series' opening as a shopper reads it, in Paris time: `day` "vendredi 4 décembre" / "Friday 4
 * December", `time` "18 h" / "6 pm" (with minutes when not on the hour: "18 h 30" / "6:30 pm").
 */
export function formatOpening(time: Moment, locale: Locale): { day: string; time: string } {
  const moment = new Date(time);
  const [hours = "0", minutes = "00"] = wallTimeOf(moment).time.split(":");
  const onTheHour = minutes === "00";
  // French typography: « 18 h », « 18 h 30 ».
  const frenchTime = `${Number(hours)} h${onTheHour ? "" : ` ${minutes}`}`;
  return {
    day: dateTimeFormat(locale, {
      weekday: "long",
      day: "numeric",
      month: "long",
      timeZone: SHOP_TIME_ZONE,
    }).format(moment),
    time:
      locale === "fr"
        ? frenchTime
        : dateTimeFormat(locale, {
            hour: "numeric",
            ...(onTheHour ? {} : { minute: "2-digit" }),
            hour12: true,
            timeZone: SHOP_TIME_ZONE,
          }).format(moment),
  };
}

const wallClock = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZone: SHOP_TIME_ZONE,
});

/** The day ("2026-12-04") and hour ("18:00") it is in Paris at `time`: a date and a time field's values. */
export function wallTimeOf(time: Moment): { date: string; time: string } {
  const parts = wallClock.formatToParts(new Date(time));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}

/** Milliseconds Paris is ahead of UTC at `moment` (3,600,000 in winter, 7,200,000 in summer). */
function parisOffset(moment: number): number {
  const parts = wallClock.formatToParts(new Date(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return asUtc - (moment - (moment % 1000));
}

/**
 * The moment a day and hour typed in Paris time stand for ("2026-12-04", "18:00"), across the
 * changes of summer time; null for a malformed one or an hour Paris skips (02:30 on the last
 * Sunday of March). An hour Paris lives twice (02:30 on the last Sunday of October) is the first.
 */
export function fromWallTime(date: string, time: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const hour = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !hour) return null;
  const [year, month, dayOfMonth] = day.slice(1).map(Number) as [number, number, number];
  const [hours, minutes] = hour.slice(1).map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, dayOfMonth, hours, minutes);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== dayOfMonth
  )
    return null;
  if (hours > 23 || minutes > 59) return null;
  // The two offsets Paris can have around that hour; the earlier moment that reads as typed wins.
  const candidates = [
    asUtc - parisOffset(asUtc - 3 * 3600_000),
    asUtc - parisOffset(asUtc + 3 * 3600_000),
  ].sort((a, b) => a - b);
  for (const moment of candidates) {
    const wall = wallTimeOf(new Date(moment));
    if (wall.date === date && wall.time === time) return new Date(moment);
  }
  return null;
}

const yearMonth = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/**
 * A month of the shop's books as a month field gives it, "YYYY-MM", from 2000-01 to 2999-12: no
 * sale predates the shop, and a year such as 0000 is no date PostgreSQL can compute with.
 */
export const SHOP_MONTH_PATTERN = /^2\d{3}-(0[1-9]|1[0-2])$/;

/** "2025-03": the month it is in Paris at `time` (the accountant's months are the shop's). */
export function shopMonth(time: Moment = new Date()): string {
  const parts = yearMonth.formatToParts(new Date(time));
  const part = (type: "year" | "month") => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}`;
}

const yearMonthDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: SHOP_TIME_ZONE,
});

/** "2025-03-12": the day it is in Paris at `time`, as a date field gives it (a review's experience). */
export function shopDay(time: Moment = new Date()): string {
  const parts = yearMonthDay.formatToParts(new Date(time));
  const part = (type: "year" | "month" | "day") => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const regionNames = new Map<Locale, Intl.DisplayNames>();

/** "Allemagne" / "Germany" from "DE"; a code Intl cannot name is shown as given, never a crash. */
export function countryName(code: string, locale: Locale): string {
  const region = code.toUpperCase();
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([intlLocale(locale)], { type: "region", fallback: "code" });
    regionNames.set(locale, names);
  }
  try {
    return names.of(region) ?? region;
  } catch {
    return region;
  }
}

export interface CountryOption {
  code: string;
  name: string;
}

const countryLists = new Map<string, CountryOption[]>();

/** Countries named and sorted in the reader's language (a select's options). */
export function countryOptions(codes: readonly string[], locale: Locale): CountryOption[] {
  const key = `${locale} ${codes.join(",")}`;
  let options = countryLists.get(key);
  if (!options) {
    const collator = new Intl.Collator(intlLocale(locale));
    options = codes
      .map((code) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    countryLists.set(key, options);
  }
  return options;
}
