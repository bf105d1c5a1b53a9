/**
 * `@souls/shop/seller-fields`: the details of the seller's identity the owner fills in, which of
 * them the law requires, and how long each may be. Plain data, safe in the browser (the panel's
 * form reads it); the rules are ./rules.ts, the use cases ./store.ts.
 */
import { isCompany } from "@souls/core/legal-forms";

/** Every detail, in the order the panel's form asks for them. */
export const SELLER_FIELDS = [
  "brand",
  "companyName",
  "legalForm",
  "shareCapital",
  "register",
  "rcsCity",
  "siren",
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

export {
  isCompany,
  isLegalForm,
  isRegister,
  LEGAL_FORMS,
  type LegalForm,
  REGISTERS,
  type Register,
} from "@souls/core/legal-forms";

/**
 * What the law requires a French business selling online to publish, whatever its legal form; the
 * shop is "filled in" once these and those of its form (`requiredSellerFields`) are set, and until
 * then the legal pages leave each missing one out and say which.
 * - LCEN (loi n° 2004-575) art. 6-III: name (for an EI, its name), address, phone, registration,
 *   share capital of a company, publication director; the host's name, address and phone.
 * - LCEN art. 19 (online selling): the same identity and e-mail address; the VAT number only if
 *   the business has one (a business under the franchise of CGI art. 293 B says so instead).
 * - Code de commerce R123-237 and R123-238: the SIREN, the legal form, "RCS" followed by the
 *   registry's city for a company or a trader; L526-22: an EI's name followed by "EI".
 * - Code de la consommation L111-1, L221-5 and R111-1: name, geographical address, phone and
 *   e-mail before a distance contract; L616-1 and R616-1: the consumer mediator (name, website).
 * Not required: the brand (the shop's name, SOULS unless set), Instagram, the VAT number, and the
 * manufacturer of the EU General Product Safety Regulation (2023/988, art. 19), which is the
 * seller itself unless another is named.
 */
const ALWAYS_REQUIRED = [
  "companyName",
  "legalForm",
  "siren",
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

/** Every detail some legal form requires, in the form's order. */
export const REQUIRED_SELLER_FIELDS = SELLER_FIELDS.filter(
  (field): field is RequiredSellerField =>
    (ALWAYS_REQUIRED as readonly string[]).includes(field) ||
    field === "shareCapital" ||
    field === "register" ||
    field === "rcsCity",
);

export type RequiredSellerField = (typeof ALWAYS_REQUIRED)[number] | "shareCapital" | "register" | "rcsCity";

/**
 * The details the law requires of this seller, in the form's order: a company's share capital (and
 * the RCS, which its register always is); an EI's register, and the RCS's city when she trades.
 * Until a legal form is chosen, only those every form requires.
 */
export function requiredSellerFields(
  details: Pick<SellerDetails, "legalForm" | "register">,
): RequiredSellerField[] {
  const form = details.legalForm;
  const company = isCompany(form);
  const inRcs = company || details.register === "rcs";
  return REQUIRED_SELLER_FIELDS.filter((field) => {
    if (field === "shareCapital") return company;
    if (field === "register") return form === "ei";
    if (field === "rcsCity") return inRcs;
    return true;
  });
}

/** The longest text the form takes for each detail (a SIREN or VAT number with its spaces). */
export const SELLER_LIMITS: Record<SellerField, number> = {
  brand: 60,
  companyName: 120,
  legalForm: 60,
  shareCapital: 40,
  register: 3,
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
  return requiredSellerFields(details).filter((field) => details[field] === null);
}

/** Nothing filled in: how a new shop starts. */
export const EMPTY_SELLER: SellerDetails = Object.freeze(
  Object.fromEntries(SELLER_FIELDS.map((field) => [field, null])) as SellerDetails,
);
