// The exact module, not a barrel: the barrel would bring zod and the e-mail catalogue to the browser.
import { SHIPPING_COUNTRIES } from "@souls/shop/shipping";
import type { Locale } from "~/screens";
import { intlLocale } from "./format";

export interface CountryOption {
  code: string;
  name: string;
}

const cache = new Map<Locale, CountryOption[]>();

/** The delivery countries, named and sorted in the page's language by the platform. */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const names = new Intl.DisplayNames([intlLocale(locale)], { type: "region" });
  const collator = new Intl.Collator(intlLocale(locale));
  const options = SHIPPING_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
  cache.set(locale, options);
  return options;
}

export function countryName(code: string, locale: Locale): string {
  return new Intl.DisplayNames([intlLocale(locale)], { type: "region" }).of(code) ?? code;
}
