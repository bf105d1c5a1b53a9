import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { intlLocale } from "@souls/core/locales";
import { activeCarriers } from "@souls/shop/carriers";
import { ArrowLeftIcon } from "~/components/icons";
import { fixedT } from "~/i18n.server";
import { db } from "~/lib/db.server";
import { deliveryZonesFor } from "~/lib/delivery.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { legalPlaceholders, missingDetailsOf } from "./placeholders.server";

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
    identity: legalPlaceholders(seller, zones, carriers, locale, t),
    // Until every detail the law asks of her form is filled in, the page says which are left out.
    missingDetails: missingDetailsOf(seller),
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
