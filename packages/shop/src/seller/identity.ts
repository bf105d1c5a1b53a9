/**
 * The seller as the pages, e-mails and structured data show it: what the owner filled in, and
 * today's examples in place of what she has not, named as such, so a shop never shows an empty
 * legal notice and never passes an example off as its own (the legal pages say which are).
 */
import { countryName } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { EmailContext } from "@souls/emails/messages";
import { missingSellerFields, type RequiredSellerField, type SellerDetails } from "./fields";

/** The details the shop shipped with, shown for a required one not filled in yet. */
export const EXAMPLE_SELLER: Readonly<Record<RequiredSellerField, string>> = Object.freeze({
  companyName: "SOULS SAS (exemple)",
  legalForm: "SAS",
  shareCapital: "1 000 €",
  siren: "000000000",
  rcsCity: "Paris",
  vatNumber: "FR00000000000",
  publicationDirector: "Prénom Nom (exemple)",
  street: "1 rue de l'Exemple",
  postalCode: "75001",
  city: "Paris",
  country: "FR",
  phone: "+33 1 00 00 00 00",
  email: "contact@souls.example",
  hostName: "Hébergeur (exemple)",
  hostAddress: "Adresse de l'hébergeur (exemple)",
  hostPhone: "+33 1 00 00 00 00",
  mediatorName: "Médiateur de la consommation (exemple)",
  mediatorUrl: "https://mediateur.example",
});

/** The shop's name until the owner gives another. */
export const DEFAULT_BRAND = "SOULS";
/** The spec's copyright year. */
export const FOUNDED_YEAR = 2024;

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, named in the reader's language. */
  country: string;
}

export interface ShownSeller {
  /** Every detail the law requires is filled in (fields.ts says which, and why). */
  filledIn: boolean;
  /** The required details shown as examples, because they are not filled in yet. */
  examples: RequiredSellerField[];
  brand: string;
  companyName: string;
  legalForm: string;
  shareCapital: string;
  /** Nine digits. */
  siren: string;
  rcsCity: string;
  vatNumber: string;
  publicationDirector: string;
  address: PostalAddress;
  phone: string;
  email: string;
  /** Null: no Instagram link (an example address would be a dead one). */
  instagramUrl: string | null;
  host: { name: string; address: string; phone: string };
  mediator: { name: string; url: string };
  /** GPSR art. 19's manufacturer: the seller unless the owner names another; a null address is the seller's. */
  manufacturer: { name: string; address: string | null; email: string };
  foundedYear: number;
}

/** What the pages show of the seller: its details, each missing required one by its example. */
export function showSeller(details: SellerDetails): ShownSeller {
  const examples = missingSellerFields(details);
  const shown = (field: RequiredSellerField) => details[field] ?? EXAMPLE_SELLER[field];
  const companyName = shown("companyName");
  const email = shown("email");
  return {
    filledIn: examples.length === 0,
    examples,
    brand: details.brand ?? DEFAULT_BRAND,
    companyName,
    legalForm: shown("legalForm"),
    shareCapital: shown("shareCapital"),
    siren: shown("siren"),
    rcsCity: shown("rcsCity"),
    vatNumber: shown("vatNumber"),
    publicationDirector: shown("publicationDirector"),
    address: {
      street: shown("street"),
      postalCode: shown("postalCode"),
      city: shown("city"),
      country: shown("country"),
    },
    phone: shown("phone"),
    email,
    instagramUrl: details.instagramUrl,
    host: { name: shown("hostName"), address: shown("hostAddress"), phone: shown("hostPhone") },
    mediator: { name: shown("mediatorName"), url: shown("mediatorUrl") },
    manufacturer: {
      name: details.manufacturerName ?? companyName,
      address: details.manufacturerAddress,
      email: details.manufacturerEmail ?? email,
    },
    foundedYear: FOUNDED_YEAR,
  };
}

/** "1 rue de l'Exemple, 75001 Paris, France", the country named in `locale`. */
export function postalAddressLine(address: PostalAddress, locale: Locale): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${countryName(address.country, locale)}`;
}

/** "732 829 320": a SIREN as the Insee and the Kbis write it. */
export function sirenForReading(siren: string): string {
  return siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3");
}

/** Who made a product, as a product page's safety block names them (GPSR art. 19). */
export interface Manufacturer {
  name: string;
  /** Postal address. */
  address: string;
  /** Electronic address. */
  email: string;
}

export function manufacturerOf(seller: ShownSeller, locale: Locale): Manufacturer {
  const { name, address, email } = seller.manufacturer;
  return { name, address: address ?? postalAddressLine(seller.address, locale), email };
}

/**
 * What the e-mail templates need to know about the shop: the worker sends with it, the panel
 * previews with it. An e-mail's address names its country in French, the sender's language, as
 * the postal services ask of a sender's address.
 */
export function emailContextFor(seller: ShownSeller, siteUrl: string): EmailContext {
  const { brand, companyName, email } = seller;
  return { siteUrl, seller: { brand, companyName, address: postalAddressLine(seller.address, "fr"), email } };
}

/** The From header when MAIL_FROM does not set one: `"SOULS" <contact@…>`, the name quoted. */
export function mailSenderOf(seller: ShownSeller): string {
  return `"${seller.brand.replace(/["\\]/g, "\\$&")}" <${seller.email}>`;
}
