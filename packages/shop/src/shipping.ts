/**
 * Where the shop delivers, what it costs and how long it takes. One table: the checkout's
 * country list, the shipping fee and the delivery tier all read from it.
 */

/** The 27 member states of the European Union (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** Close neighbours shipped at the European rate though outside the EU. */
const EUROPEAN_RATE_NEIGHBOURS = ["CH", "NO", "GB", "MC", "AD"] as const;

/** The rest of the countries the spec lists (about 70 in all with the two lists above). */
const WORLD = [
  "US",
  "CA",
  "MX",
  "AE",
  "SA",
  "QA",
  "KW",
  "BH",
  "OM",
  "PS",
  "MA",
  "DZ",
  "TN",
  "EG",
  "LB",
  "JO",
  "TR",
  "JP",
  "KR",
  "CN",
  "HK",
  "TW",
  "SG",
  "TH",
  "VN",
  "MY",
  "ID",
  "PH",
  "AU",
  "NZ",
  "BR",
  "AR",
  "CL",
  "CO",
  "PE",
  "ZA",
  "SN",
  "CI",
  "RU",
  "IN",
] as const;

export const SHIPPING_COUNTRIES: readonly string[] = [...EU_COUNTRIES, ...EUROPEAN_RATE_NEIGHBOURS, ...WORLD];

export type CountryCode = string;

export function isShippingCountry(code: unknown): code is CountryCode {
  return typeof code === "string" && SHIPPING_COUNTRIES.includes(code);
}

export type ShippingZone = "france" | "europe" | "world";

export function shippingZoneOf(country: CountryCode): ShippingZone {
  if (country === "FR") return "france";
  if ((EU_COUNTRIES as readonly string[]).includes(country)) return "europe";
  if ((EUROPEAN_RATE_NEIGHBOURS as readonly string[]).includes(country)) return "europe";
  return "world";
}

const RATE_CENTS: Record<ShippingZone, number> = { france: 0, europe: 1200, world: 2500 };

/** Shipping fee for an order to a country, in cents (France free, Europe 12 €, elsewhere 25 €). */
export function shippingRateFor(country: CountryCode): number {
  return RATE_CENTS[shippingZoneOf(country)];
}

export type DeliveryTier = "france" | "eu" | "international";

/** Business days announced: France 3–5, the rest of the EU 5–7, everywhere else 7–10. */
export const DELIVERY_DAYS: Record<DeliveryTier, { min: number; max: number }> = {
  france: { min: 3, max: 5 },
  eu: { min: 5, max: 7 },
  international: { min: 7, max: 10 },
};

export function deliveryTierFor(country: CountryCode): DeliveryTier {
  if (country === "FR") return "france";
  return (EU_COUNTRIES as readonly string[]).includes(country) ? "eu" : "international";
}

/**
 * Whether a parcel to this country may owe import duties and taxes on arrival, paid by the
 * recipient: anywhere outside the EU's customs and VAT territory (Monaco is inside it, with France).
 */
export function importDutiesMayApply(country: CountryCode): boolean {
  return country !== "MC" && !(EU_COUNTRIES as readonly string[]).includes(country);
}
