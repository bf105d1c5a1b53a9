/**
 * The seller as the pages, e-mails and structured data show it: exactly what the owner filled in,
 * as the law has it written for her legal form. A detail not filled in is null and left out
 * wherever it would appear, never replaced by an example (a legal notice stating a capital or a
 * registration that does not exist is itself a breach, LCEN art. 6-III); the legal pages say
 * which required ones are missing.
 */
import { countryName } from "@souls/core/format";
import { nameOfSeller } from "@souls/core/legal-forms";
import type { Locale } from "@souls/core/locales";
import type { VatRegime } from "@souls/core/vat";
import type { EmailContext } from "@souls/emails/messages";
import {
  isCompany,
  isLegalForm,
  isRegister,
  type LegalForm,
  missingSellerFields,
  type Register,
  type RequiredSellerField,
  type SellerDetails,
} from "./fields";

/** The shop's name until the owner gives another. */
export const DEFAULT_BRAND = "SOULS";
/** The spec's copyright year. */
export const FOUNDED_YEAR = 2024;

/** A postal address as far as it is filled in (each part null when not). */
export interface PostalAddress {
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2, named in the reader's language. */
  country: string | null;
}

export interface ShownSeller {
  /** Every detail the law requires of her legal form is filled in (fields.ts says which, and why). */
  filledIn: boolean;
  /** The required details not filled in yet, which the pages leave out (and the legal pages name). */
  missing: RequiredSellerField[];
  brand: string;
  /**
   * The seller's name as her papers must write it: a company's name, an individual entrepreneur's
   * name followed by « EI » (Code de commerce L526-22) unless she wrote it so; null if not filled in.
   */
  companyName: string | null;
  legalForm: LegalForm | null;
  /** A company's share capital; never one for an individual entrepreneur. */
  shareCapital: string | null;
  register: Register | null;
  /** Nine digits. */
  siren: string | null;
  /** The RCS's city, only for a business in the RCS. */
  rcsCity: string | null;
  /** The intra-EU VAT number the pages print: none under the franchise, which says so instead. */
  vatNumber: string | null;
  /** Under the VAT franchise of small businesses (CGI art. 293 B): the pages say « TVA non applicable ». */
  vatFranchise: boolean;
  publicationDirector: string | null;
  address: PostalAddress;
  phone: string | null;
  email: string | null;
  /** Null: no Instagram link. */
  instagramUrl: string | null;
  host: { name: string | null; address: string | null; phone: string | null };
  mediator: { name: string | null; url: string | null };
  /** GPSR art. 19's manufacturer: the seller unless the owner names another; a null address is the seller's. */
  manufacturer: { name: string; address: string | null; email: string | null };
  foundedYear: number;
}

/**
 * What the pages show of the seller: its details as filled in, what its legal form allows, and
 * what its VAT regime (« Réglages ») says of VAT.
 */
export function showSeller(details: SellerDetails, vatRegime?: VatRegime): ShownSeller {
  const missing = missingSellerFields(details);
  const legalForm = isLegalForm(details.legalForm) ? details.legalForm : null;
  const register = isCompany(legalForm) ? "rcs" : isRegister(details.register) ? details.register : null;
  const vatFranchise = vatRegime === "franchise";
  const companyName = nameOfSeller(details.companyName, legalForm);
  const brand = details.brand ?? DEFAULT_BRAND;
  return {
    filledIn: missing.length === 0,
    missing,
    brand,
    companyName,
    legalForm,
    shareCapital: legalForm === "ei" ? null : details.shareCapital,
    register,
    siren: details.siren,
    rcsCity: register === "rcs" ? details.rcsCity : null,
    vatNumber: vatFranchise ? null : details.vatNumber,
    vatFranchise,
    publicationDirector: details.publicationDirector,
    address: {
      street: details.street,
      postalCode: details.postalCode,
      city: details.city,
      country: details.country,
    },
    phone: details.phone,
    email: details.email,
    instagramUrl: details.instagramUrl,
    host: { name: details.hostName, address: details.hostAddress, phone: details.hostPhone },
    mediator: { name: details.mediatorName, url: details.mediatorUrl },
    manufacturer: {
      name: details.manufacturerName ?? companyName ?? brand,
      address: details.manufacturerAddress,
      email: details.manufacturerEmail ?? details.email,
    },
    foundedYear: FOUNDED_YEAR,
  };
}

/**
 * "8 rue de Charonne, 75011 Paris, France", the country named in `locale`: the parts filled in,
 * or null when none is.
 */
export function postalAddressLine(address: PostalAddress, locale: Locale): string | null {
  const town = [address.postalCode, address.city].filter(Boolean).join(" ");
  const parts = [address.street, town, address.country ? countryName(address.country, locale) : null];
  return parts.filter(Boolean).join(", ") || null;
}

/** "732 829 320": a SIREN as the Insee and the Kbis write it. */
export function sirenForReading(siren: string): string {
  return siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");
}

/** Who made a product, as a product page's safety block names them (GPSR art. 19). */
export interface Manufacturer {
  name: string;
  /** Postal address; null while neither it nor the seller's is filled in. */
  address: string | null;
  /** Electronic address; null while neither it nor the seller's is filled in. */
  email: string | null;
}

export function manufacturerOf(seller: ShownSeller, locale: Locale): Manufacturer {
  const { name, address, email } = seller.manufacturer;
  return { name, address: address ?? postalAddressLine(seller.address, locale), email };
}

/**
 * What the e-mail templates need to know about the shop: the worker sends with it, the panel
 * previews with it. An e-mail's address names its country in French, the sender's language, as
 * the postal services ask of a sender's address; a detail not filled in is null and left out.
 */
export function emailContextFor(seller: ShownSeller, siteUrl: string): EmailContext {
  const { brand, companyName, email } = seller;
  return {
    siteUrl,
    seller: {
      brand,
      companyName: companyName ?? brand,
      address: postalAddressLine(seller.address, "fr"),
      email,
    },
  };
}

/**
 * The From header when MAIL_FROM does not set one: `"SOULS" <contact@…>`, the name quoted; while
 * no contact e-mail is filled in, the shop's own domain's no-reply address (`siteUrl`'s host).
 */
export function mailSenderOf(seller: ShownSeller, siteUrl: string): string {
  const address = seller.email ?? `no-reply@${new URL(siteUrl).hostname}`;
  return `"${seller.brand.replace(/["\\]/g, "\\$&")}" <${address}>`;
}
