/**
 * What fills the legal texts' placeholders: the seller's identity as the law has it written for
 * her legal form, her delivery zones and carriers, and which required details are still missing.
 */
import { formatPrice } from "@souls/core/format";
import { intlLocale, type Locale } from "@souls/core/locales";
import { RETENTION } from "@souls/core/retention";
import {
  postalAddressLine,
  type RequiredSellerField,
  type ShownSeller,
  sirenForReading,
} from "@souls/shop/seller";
import type { ShownZone } from "~/lib/delivery.server";
import { env } from "~/lib/env.server";
import { siteOrigin } from "~/lib/page.server";

type Words = (key: string, values?: Record<string, string>) => string;

/**
 * Who publishes the site, as the law has her written for her legal form: « Souls Atelier SAS, SAS
 * (société par actions simplifiée) au capital de 5 000 €, dont le siège social est situé … » or
 * « Zora Benali EI, entrepreneur individuel, dont l'adresse professionnelle est … », each part
 * only when filled in.
 */
function publisherOf(seller: ShownSeller, address: string | null, t: Words): string {
  const form = seller.legalForm ? t(`identity.legalForms.${seller.legalForm}`) : null;
  const formAndCapital =
    form && seller.shareCapital
      ? t("identity.capital", { legalForm: form, capital: seller.shareCapital })
      : form;
  const where = address
    ? t(seller.legalForm === "ei" ? "identity.businessAddress" : "identity.seat", { address })
    : null;
  return [seller.companyName ?? seller.brand, formAndCapital, where].filter(Boolean).join(", ");
}

/**
 * Where she is registered and what she says of VAT: the RCS and its city, or the RNE, with the
 * SIREN; her VAT number if she has one, or the franchise's mention. Null when nothing is filled in.
 */
function registrationOf(seller: ShownSeller, t: Words): string | null {
  const siren = seller.siren ? sirenForReading(seller.siren) : null;
  const register = !siren
    ? null
    : seller.register === "rcs"
      ? seller.rcsCity
        ? t("identity.rcs", { city: seller.rcsCity, siren })
        : t("identity.rcsWithoutCity", { siren })
      : seller.register === "rne"
        ? t("identity.rne", { siren })
        : t("identity.siren", { siren });
  const vat = seller.vatFranchise
    ? t("identity.franchise")
    : seller.vatNumber
      ? t("identity.vatNumber", { vatNumber: seller.vatNumber })
      : null;
  return [register, vat].filter(Boolean).join(" ") || null;
}

/**
 * The terms' delivery charges and times (articles 4 and 7), one item per zone the owner set in
 * her panel (decision 049): what the checkout charges and the pages announce, never other figures.
 */
function deliveryTerms(zones: readonly ShownZone[], locale: Locale, t: Words) {
  const items = (value: (zone: ShownZone) => string) =>
    zones
      .map((zone, index) =>
        t(index === zones.length - 1 ? "terms.delivery.lastItem" : "terms.delivery.item", {
          zone: zone.countries
            ? t("terms.delivery.zone", { zone: zone.name, countries: zone.countries })
            : zone.name,
          value: value(zone),
        }),
      )
      .join("\n");
  const price = (cents: number) => formatPrice(cents, locale);
  return {
    deliveryPrices: items((zone) =>
      zone.priceCents === 0
        ? t("terms.delivery.free")
        : zone.freeFromCents === null
          ? price(zone.priceCents)
          : t("terms.delivery.freeFrom", {
              price: price(zone.priceCents),
              amount: price(zone.freeFromCents),
            }),
    ),
    deliveryTimes: items((zone) => zone.times),
  };
}

/**
 * The texts' placeholders, as the owner filled them in for the page's language: null where she
 * has not yet, and the paragraphs that need it are left out (never an example in its place).
 */
function identityOf(seller: ShownSeller, locale: Locale, t: Words) {
  const address = postalAddressLine(seller.address, locale);
  return {
    brand: seller.brand,
    companyName: seller.companyName ?? seller.brand,
    sellerIdentity: publisherOf(seller, address, t),
    registration: registrationOf(seller, t),
    prices: t(seller.vatFranchise ? "identity.pricesFranchise" : "identity.pricesVat"),
    address,
    publisher: seller.publicationDirector,
    email: seller.email,
    phone: seller.phone,
    hostName: seller.host.name,
    hostAddress: seller.host.address,
    hostPhone: seller.host.phone,
    mediatorName: seller.mediator.name,
    mediatorUrl: seller.mediator.url,
    siteUrl: siteOrigin,
    // What the privacy policy says of reviews is what the shop does: its settings and periods.
    reviewInvitationDays: String(env.REVIEW_INVITATION_DAYS),
    publishedReviewYears: String(RETENTION.publishedReviewYears),
    rejectedReviewMonths: String(RETENTION.rejectedReviewMonths),
    reviewInvitationMonths: String(RETENTION.reviewInvitationMonths),
    reviewOptOutYears: String(RETENTION.reviewOptOutYears),
  };
}

/** How the notice names a required detail not filled in yet (an address's four parts are one). */
const MISSING_DETAIL: Record<RequiredSellerField, string> = {
  companyName: "companyName",
  legalForm: "legalForm",
  shareCapital: "shareCapital",
  register: "register",
  rcsCity: "rcsCity",
  siren: "siren",
  publicationDirector: "publicationDirector",
  street: "address",
  postalCode: "address",
  city: "address",
  country: "address",
  phone: "phone",
  email: "email",
  hostName: "host",
  hostAddress: "host",
  hostPhone: "host",
  mediatorName: "mediator",
  mediatorUrl: "mediator",
};

/**
 * The texts' placeholders for the page's language: the seller's identity, the delivery zones'
 * prices and times, and the carriers she ships with now (decision 050): « Colissimo, Chronopost,
 * DHL ou UPS ».
 */
export function legalPlaceholders(
  seller: ShownSeller,
  zones: readonly ShownZone[],
  carriers: readonly { name: string }[],
  locale: Locale,
  t: Words,
) {
  return {
    ...identityOf(seller, locale, t),
    ...deliveryTerms(zones, locale, t),
    carriers: new Intl.ListFormat(intlLocale(locale), { type: "disjunction" }).format(
      carriers.map((carrier) => carrier.name),
    ),
  };
}

/** The required details not filled in yet, as the notice names them, each once. */
export const missingDetailsOf = (seller: ShownSeller): string[] => [
  ...new Set(seller.missing.map((field) => MISSING_DETAIL[field])),
];
