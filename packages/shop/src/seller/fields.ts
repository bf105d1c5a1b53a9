/**
 * `@souls/shop/seller-fields`: the details of the seller's identity the owner fills in, which of
 * them the law requires, and how long each may be. Plain data, safe in the browser (the panel's
 * form reads it); the rules are ./rules.ts, the use cases ./store.ts.
 */

/** Every detail, in the order the panel's form asks for them. */
export const SELLER_FIELDS = [
  "brand",
  "companyName",
  "legalForm",
  "shareCapital",
  "siren",
  "rcsCity",
  "vatNumber",
  "publicationDirector",
  "street",
  "postalCode",
  "city",
  "country",
  "phone",
  "email",
  "instagramUrl",
  "hostName",
  "hostAddress",
  "hostPhone",
  "mediatorName",
  "mediatorUrl",
  "manufacturerName",
  "manufacturerAddress",
  "manufacturerEmail",
] as const;

export type SellerField = (typeof SELLER_FIELDS)[number];

/** The details as stored: null is "not filled in yet". */
export type SellerDetails = Record<SellerField, string | null>;

/**
 * What the law requires a French company selling online to publish; the shop is "filled in" once
 * every one is set, and until then the legal pages say their details are examples.
 * - LCEN (loi n° 2004-575) art. 6-III: company name, registered office, phone, registration
 *   number, share capital, publication director; the host's name, address and phone.
 * - LCEN art. 19 (online selling): the same identity, e-mail address and VAT number.
 * - Code de commerce R123-237 and R123-238: legal form, "RCS" followed by the registry's city.
 * - Code de la consommation L111-1, L221-5 and R111-1: name, geographical address, phone and
 *   e-mail before a distance contract; L616-1 and R616-1: the consumer mediator (name, website).
 * Not required: the brand (the shop's name, SOULS unless set), Instagram, and the manufacturer
 * of the EU General Product Safety Regulation (2023/988, art. 19), which is the seller itself
 * unless another is named.
 */
export const REQUIRED_SELLER_FIELDS = [
  "companyName",
  "legalForm",
  "shareCapital",
  "siren",
  "rcsCity",
  "vatNumber",
  "publicationDirector",
  "street",
  "postalCode",
  "city",
  "country",
  "phone",
  "email",
  "hostName",
  "hostAddress",
  "hostPhone",
  "mediatorName",
  "mediatorUrl",
] as const satisfies readonly SellerField[];

export type RequiredSellerField = (typeof REQUIRED_SELLER_FIELDS)[number];

/** The longest text the form takes for each detail (a SIREN or VAT number with its spaces). */
export const SELLER_LIMITS: Record<SellerField, number> = {
  brand: 60,
  companyName: 120,
  legalForm: 60,
  shareCapital: 40,
  siren: 20,
  rcsCity: 100,
  vatNumber: 25,
  publicationDirector: 120,
  street: 200,
  postalCode: 10,
  city: 100,
  country: 2,
  phone: 25,
  email: 254,
  instagramUrl: 300,
  hostName: 120,
  hostAddress: 300,
  hostPhone: 25,
  mediatorName: 120,
  mediatorUrl: 300,
  manufacturerName: 120,
  manufacturerAddress: 300,
  manufacturerEmail: 254,
};

/** Required details not filled in yet, in the form's order. */
export function missingSellerFields(details: SellerDetails): RequiredSellerField[] {
  return REQUIRED_SELLER_FIELDS.filter((field) => details[field] === null);
}

/** Nothing filled in: how a new shop starts. */
export const EMPTY_SELLER: SellerDetails = Object.freeze(
  Object.fromEntries(SELLER_FIELDS.map((field) => [field, null])) as SellerDetails,
);
