import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { shownSeries } from "@souls/shop/catalogue";
import { SeriesModels } from "~/components/series-models";
import { shownCatalogue } from "~/lib/catalogue.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { seriesView } from "~/lib/series.server";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";

export const handle = { i18n: ["common"] };

/**
 * « Toutes les pièces »: every published model still on sale, grouped by series — the home page's
 * first, then the newest — so that a series stays in the shop after the next one is featured.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const [catalogue, meta] = await Promise.all([shownCatalogue(), pageTitle(locale, "allPieces")]);
  return {
    series: shownSeries(catalogue).map((series) => seriesView(catalogue, series, locale)),
    // Her title and description for search engines, else today's (decision 051).
    ...meta,
  };
}

export const meta = pageMeta();

export default function AllPiecesPage() {
  const { series } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation();
  return (
    <main id="main" className="page all-pieces">
      <header className="all-pieces__header">
        <h1>{t("collections.allTitle")}</h1>
        <p className="section__lead">{t("collections.allLead")}</p>
      </header>
      {series.map((one) => (
        <SeriesModels key={one.id} series={one} locale={locale} headingLevel={2} />
      ))}
    </main>
  );
}
