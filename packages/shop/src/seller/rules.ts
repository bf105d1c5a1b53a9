/**
 * The rules of the seller's identity, one zod schema for the panel's API and the use case. Every
 * detail is one line of plain text within its bound, stored without bidirectional controls
 * (../text.ts), or nothing at all (null: not filled in yet). Messages are the owner's panel's keys
 * (`admin:input.*`, decision 012), shown in French under their field.
 */
import { z } from "zod";
import { isCountryCode } from "../delivery/countries";
import { isStorableText, withoutBidiControls } from "../text";
import { isCompany, isLegalForm, isRegister, SELLER_LIMITS, type SellerDetails } from "./fields";

/** Line breaks, tabs and the other control characters: each detail is one line. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
/** Plain text, never markup: the details reach e-mails and structured data as well as pages. */
const MARKUP = /[<>]/;

/** The nine digits of a SIREN carry a Luhn check: a typo in one digit is caught. */
export function isSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let digit = Number(value[8 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The two-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97. */
export function vatKeyOf(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** A French VAT number: FR, the key of its SIREN, and a SIREN. */
export function isFrenchVatNumber(value: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(value);
  return match !== null && isSiren(match[2] ?? "") && vatKeyOf(match[2] ?? "") === match[1];
}

/** As many digits as a phone number has (E.164: at most 15), with the usual separators. */
function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return /^\+?[\d .()-]+$/.test(value) && digits >= 6 && digits <= 15;
}

const missingOrNotText = (issue: { input?: unknown }) =>
  issue.input === undefined ? "admin:input.required" : "admin:input.textExpected";

/** One line of plain text of at most `max` characters. */
const plainLine = (max: number) =>
  z
    .string({ error: missingOrNotText })
    .overwrite(withoutBidiControls)
    .trim()
    .max(max, { error: "admin:input.tooLong" })
    .refine(isStorableText, { error: "admin:input.invalidCharacters" })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: "admin:input.oneLine" })
    .refine((value) => !MARKUP.test(value), { error: "admin:input.plainText" });

/** A detail: null or blank is "not filled in yet"; otherwise its line, then its `format`. */
function detail(max: number, format?: z.ZodType<string, string>) {
  const filled = plainLine(max).transform((value) => value || null);
  return (format ? filled.pipe(format.nullable()) : filled).nullable();
}

const siren = z
  .string()
  .overwrite((value) => value.replace(/[\s.]/g, ""))
  .refine(isSiren, { error: "admin:input.sirenInvalid" });

const vatNumber = z
  .string()
  .overwrite((value) => value.replace(/[\s.-]/g, "").toUpperCase())
  .refine(isFrenchVatNumber, { error: "admin:input.vatInvalid" });

const email = z.email({ error: "admin:input.emailInvalid" });
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "admin:input.httpsUrl" });
const phone = z.string().refine(isPhoneNumber, { error: "admin:input.phoneInvalid" });

/** Each detail's rule, by field: the panel's API builds its strict input from them. */
export const sellerRules = {
  brand: detail(SELLER_LIMITS.brand),
  companyName: detail(SELLER_LIMITS.companyName),
  legalForm: detail(
    SELLER_LIMITS.legalForm,
    z
      .string()
      .overwrite((value) => value.toLowerCase())
      .refine(isLegalForm, { error: "admin:input.legalFormInvalid" }),
  ),
  shareCapital: detail(SELLER_LIMITS.shareCapital),
  register: detail(
    SELLER_LIMITS.register,
    z
      .string()
      .overwrite((value) => value.toLowerCase())
      .refine(isRegister, { error: "admin:input.registerInvalid" }),
  ),
  siren: detail(SELLER_LIMITS.siren, siren),
  rcsCity: detail(SELLER_LIMITS.rcsCity),
  vatNumber: detail(SELLER_LIMITS.vatNumber, vatNumber),
  publicationDirector: detail(SELLER_LIMITS.publicationDirector),
  street: detail(SELLER_LIMITS.street),
  postalCode: detail(
    SELLER_LIMITS.postalCode,
    z
      .string()
      .overwrite((value) => value.toUpperCase())
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, { error: "admin:input.postalCodeInvalid" }),
  ),
  city: detail(SELLER_LIMITS.city),
  country: detail(
    SELLER_LIMITS.country,
    z
      .string()
      .overwrite((value) => value.toUpperCase())
      // A country the platform can name, which the panel offers.
      .refine(isCountryCode, { error: "admin:input.countryInvalid" }),
  ),
  phone: detail(SELLER_LIMITS.phone, phone),
  email: detail(SELLER_LIMITS.email, email),
  instagramUrl: detail(SELLER_LIMITS.instagramUrl, httpsUrl),
  hostName: detail(SELLER_LIMITS.hostName),
  hostAddress: detail(SELLER_LIMITS.hostAddress),
  hostPhone: detail(SELLER_LIMITS.hostPhone, phone),
  mediatorName: detail(SELLER_LIMITS.mediatorName),
  mediatorUrl: detail(SELLER_LIMITS.mediatorUrl, httpsUrl),
  manufacturerName: detail(SELLER_LIMITS.manufacturerName),
  manufacturerAddress: detail(SELLER_LIMITS.manufacturerAddress),
  manufacturerEmail: detail(SELLER_LIMITS.manufacturerEmail, email),
} satisfies Record<keyof SellerDetails, z.ZodType<string | null, string | null>>;

/**
 * The rules between details: what the legal form allows (an individual entrepreneur has no share
 * capital; a company is in the RCS; only the RCS has a registry's city), a French VAT number
 * contains the SIREN, and a French postal code has five digits (the country is France unless
 * another is chosen).
 */
export function checkSellerTogether(details: SellerDetails, context: z.RefinementCtx): void {
  // Also called when a detail was refused: its value may then be anything.
  const { siren, vatNumber, country, postalCode, legalForm, shareCapital, register, rcsCity } =
    details as Record<string, unknown>;
  const form = isLegalForm(legalForm) ? legalForm : null;
  const issue = (field: keyof SellerDetails, message: string) =>
    context.addIssue({ code: "custom", path: [field], message });
  if (form === "ei" && typeof shareCapital === "string") issue("shareCapital", "admin:input.noCapitalForEi");
  if (isCompany(form) && register === "rne") issue("register", "admin:input.companyInRcs");
  if (register === "rne" && typeof rcsCity === "string") issue("rcsCity", "admin:input.noRcsCity");
  if (
    typeof vatNumber === "string" &&
    typeof siren === "string" &&
    isSiren(siren) &&
    vatNumber.slice(4) !== siren
  ) {
    issue("vatNumber", "admin:input.vatNotSiren");
  }
  const inFrance = country === null || country === "FR";
  if (typeof postalCode === "string" && inFrance && !/^\d{5}$/.test(postalCode)) {
    issue("postalCode", "admin:input.frenchPostalCode");
  }
}

/**
 * The details as stored: a company's register is the RCS whether or not the form said so (the
 * panel does not ask a company which it is in).
 */
export function storedSellerDetails(details: SellerDetails): SellerDetails {
  return isCompany(details.legalForm) ? { ...details, register: "rcs" } : details;
}

/** The whole identity, every detail named (null when not filled in), nothing more. */
export const sellerDetailsSchema = z
  .strictObject(sellerRules, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "admin:input.unknownField"
        : issue.code === "invalid_type"
          ? "admin:input.malformed"
          : undefined,
  })
  .superRefine(checkSellerTogether);
