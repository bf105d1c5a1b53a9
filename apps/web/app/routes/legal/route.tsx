import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate, formatPrice } from "@souls/core/format";
import { intlLocale, type Locale } from "@souls/core/locales";
import { RETENTION } from "@souls/core/retention";
import { activeCarriers } from "@souls/shop/carriers";
import {
  postalAddressLine,
  type RequiredSellerField,
  type ShownSeller,
  sirenForReading,
} from "@souls/shop/seller";
import { ArrowLeftIcon } from "~/components/icons";
import { fixedT } from "~/i18n.server";
import { db } from "~/lib/db.server";
import { deliveryZonesFor, type ShownZone } from "~/lib/delivery.server";
import { env } from "~/lib/env.server";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "legal"] };

/** Date the legal texts last changed; update it with the texts (not the day of the visit). */
const LEGAL_TEXTS_UPDATED = "2026-11-26";

const DOCUMENTS = { legalNotice: "legalNotice", privacy: "privacy", terms: "terms" } as const;
type DocumentId = keyof typeof DOCUMENTS;

interface Section {
  heading: string;
  paragraphs: string[];
}

/** Paragraphs as written (a filled-in list is one line per item), with runs of "• " items gathered into lists. */
function blocksOf(paragraphs: string[]): (string | string[])[] {
  const blocks: (string | string[])[] = [];
  for (const paragraph of paragraphs.flatMap((text) => text.split("\n"))) {
    if (!paragraph.startsWith("• ")) {
      blocks.push(paragraph);
      continue;
    }
    const last = blocks.at(-1);
    if (Array.isArray(last)) last.push(paragraph.slice(2));
    else blocks.push([paragraph.slice(2)]);
  }
  return blocks;
}

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

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, locale } = requirePage(request);
  const document = page as DocumentId;
  if (!(document in DOCUMENTS)) throw new Response("Not Found", { status: 404 });
  const [t, seller, meta, zones, carriers] = await Promise.all([
    fixedT(locale, "legal"),
    shownSeller(),
    pageTitle(locale, document),
    deliveryZonesFor(locale),
    activeCarriers(db),
  ]);
  return {
    document,
    // The seller's identity and her delivery zones fill the texts' placeholders, as she saved them in her panel.
    identity: {
      ...identityOf(seller, locale, t),
      ...deliveryTerms(zones, locale, t),
      // The carriers she ships with now (decision 050): « Colissimo, Chronopost, DHL ou UPS ».
      carriers: new Intl.ListFormat(intlLocale(locale), { type: "disjunction" }).format(
        carriers.map((carrier) => carrier.name),
      ),
    },
    // Until every detail the law asks of her form is filled in, the page says which are left out.
    missingDetails: [...new Set(seller.missing.map((field) => MISSING_DETAIL[field]))],
    // Her title and description for search engines, else today's (decision 051).
    ...meta,
  };
}

/** Stands for a detail not filled in while the texts are filled, so its paragraph is left out. */
const NOT_FILLED_IN = "\u2063\u2063";

export const meta = pageMeta();

export default function LegalPage() {
  const { document, identity, missingDetails } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t, list } = useTranslation("legal");
  const { t: tc } = useTranslation();
  const values = Object.fromEntries(
    Object.entries(identity).map(([key, value]) => [key, value ?? NOT_FILLED_IN]),
  );
  // A paragraph that needs a detail not filled in is left out, and a section left without any.
  const sections = list<Section>(`${document}.sections`, values)
    .map((section) => ({
      ...section,
      paragraphs: section.paragraphs.filter((paragraph) => !paragraph.includes(NOT_FILLED_IN)),
    }))
    .filter((section) => section.paragraphs.length > 0);
  return (
    <main id="main" className="page page--narrow legal">
      <Link to={pathOf("home", locale)} className="back-link">
        <ArrowLeftIcon /> {tc("legal.backHome")}
      </Link>
      <h1>{t(`${document}.title`)}</h1>
      <p className="legal__updated">
        {tc("legal.updated", { date: formatDate(LEGAL_TEXTS_UPDATED, locale) })}
      </p>
      {missingDetails.length > 0 ? (
        <p className="notice" role="note">
          {t("missing.notice", {
            details: new Intl.ListFormat(intlLocale(locale), { type: "conjunction" }).format(
              missingDetails.map((detail) => t(`missing.details.${detail}`)),
            ),
          })}
        </p>
      ) : null}
      <p className="legal__intro">{t(`${document}.intro`, values)}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {blocksOf(section.paragraphs).map((block) =>
            typeof block === "string" ? (
              <p key={block}>{block}</p>
            ) : (
              <ul key={block[0]}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <nav className="legal__links" aria-label={tc("legal.otherDocuments")}>
        <Link to={pathOf("legalNotice", locale)}>{tc("footer.legalNotice")}</Link>
        <Link to={pathOf("privacy", locale)}>{tc("footer.privacy")}</Link>
        <Link to={pathOf("terms", locale)}>{tc("footer.terms")}</Link>
      </nav>
      <Link to={pathOf("home", locale)} className="button button--primary">
        {tc("legal.backHome")}
      </Link>
    </main>
  );
}
