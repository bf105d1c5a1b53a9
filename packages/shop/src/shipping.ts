/**
 * What the law says of a destination: the European Union's member states and its customs
 * territory. Where the shop delivers, what it costs and how long it takes are the owner's data
 * (`@souls/shop/delivery`, decision 049).
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

export type CountryCode = string;

/**
 * Whether a parcel to this country may owe import duties and taxes on arrival, paid by the
 * recipient: anywhere outside the EU's customs and VAT territory (Monaco is inside it, with France).
 */
export function importDutiesMayApply(country: CountryCode): boolean {
  return country !== "MC" && !(EU_COUNTRIES as readonly string[]).includes(country);
}
