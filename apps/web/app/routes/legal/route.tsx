import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { intlLocale, type Locale } from "@souls/core/locales";
import { RETENTION } from "@souls/core/retention";
import {
  postalAddressLine,
  type RequiredSellerField,
  type ShownSeller,
  sirenForReading,
} from "@souls/shop/seller";
import { ArrowLeftIcon } from "~/components/icons";
import { fixedT } from "~/i18n.server";
import { env } from "~/lib/env.server";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "legal"] };
export const clientLoader = loadsWords(handle);

/** Date the legal texts last changed; update it with the texts (not the day of the visit). */
const LEGAL_TEXTS_UPDATED = "2026-11-26";

const DOCUMENTS = { legalNotice: "legalNotice", privacy: "privacy", terms: "terms" } as const;
type DocumentId = keyof typeof DOCUMENTS;

interface Section {
  heading: string;
  paragraphs: string[];
}

/** Paragraphs as written, with runs of "• " items gathered into lists. */
function blocksOf(paragraphs: string[]): (string | string[])[] {
  const blocks: (string | string[])[] = [];
  for (const paragraph of paragraphs) {
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

/** The texts' placeholders, as the owner filled them in (or their examples) for the page's language. */
function identityOf(seller: ShownSeller, locale: Locale) {
  return {
    brand: seller.brand,
    companyName: seller.companyName,
    legalForm: seller.legalForm,
    shareCapital: seller.shareCapital,
    address: postalAddressLine(seller.address, locale),
    siren: sirenForReading(seller.siren),
    rcsCity: seller.rcsCity,
    vatNumber: seller.vatNumber,
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
    reviewInvitationDays: env.REVIEW_INVITATION_DAYS,
    publishedReviewYears: RETENTION.publishedReviewYears,
    rejectedReviewMonths: RETENTION.rejectedReviewMonths,
    reviewInvitationMonths: RETENTION.reviewInvitationMonths,
    reviewOptOutYears: RETENTION.reviewOptOutYears,
  };
}

/** How the notice names a detail still shown as an example (an address's four parts are one). */
const EXAMPLE_DETAIL: Record<RequiredSellerField, string> = {
  companyName: "companyName",
  legalForm: "legalForm",
  shareCapital: "shareCapital",
  siren: "siren",
  rcsCity: "rcsCity",
  vatNumber: "vatNumber",
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
  const [t, seller] = await Promise.all([fixedT(locale, "legal"), shownSeller()]);
  return {
    document,
    // The seller's identity fills the texts' placeholders, as the owner saved it in her panel.
    identity: identityOf(seller, locale),
    // Until every detail the law asks for is filled in, the page says which are examples.
    exampleDetails: [...new Set(seller.examples.map((field) => EXAMPLE_DETAIL[field]))],
    title: `${t(`${document}.title`)} – ${seller.brand}`,
    description: t(`${document}.metaDescription`),
  };
}

export const meta = pageMeta();

export default function LegalPage() {
  const { document, identity, exampleDetails } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t, list } = useTranslation("legal");
  const { t: tc } = useTranslation();
  const sections = list<Section>(`${document}.sections`, identity);
  return (
    <main id="main" className="page page--narrow legal">
      <Link to={pathOf("home", locale)} className="back-link">
        <ArrowLeftIcon /> {tc("legal.backHome")}
      </Link>
      <h1>{t(`${document}.title`)}</h1>
      <p className="legal__updated">
        {tc("legal.updated", { date: formatDate(LEGAL_TEXTS_UPDATED, locale) })}
      </p>
      {exampleDetails.length > 0 ? (
        <p className="notice" role="note">
          {t("example.notice", {
            details: new Intl.ListFormat(intlLocale(locale), { type: "conjunction" }).format(
              exampleDetails.map((detail) => t(`example.details.${detail}`)),
            ),
          })}
        </p>
      ) : null}
      <p className="legal__intro">{t(`${document}.intro`, identity)}</p>
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
