import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { business } from "@souls/shop/business";
import { ArrowLeftIcon } from "~/components/icons";
import { fixedT } from "~/i18n.server";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "legal"] };
export const clientLoader = loadsWords(handle);

/** Date the legal texts last changed; update it with the texts (not the day of the visit). */
const LEGAL_TEXTS_UPDATED = "2026-11-22";

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

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, locale } = requirePage(request);
  const document = page as DocumentId;
  if (!(document in DOCUMENTS)) throw new Response("Not Found", { status: 404 });
  const t = await fixedT(locale, "legal");
  return {
    document,
    // The seller's identity fills the texts' placeholders; it comes from one configuration file.
    identity: { ...business, siteUrl: siteOrigin },
    title: `${t(`${document}.title`)} – SOULS`,
    description: t(`${document}.metaDescription`),
  };
}

export const meta = pageMeta();

export default function LegalPage() {
  const { document, identity } = useLoaderData<typeof loader>();
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
      {identity.isExample ? (
        <p className="notice" role="note">
          {tc("legal.exampleIdentity")}
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
