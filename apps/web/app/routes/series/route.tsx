import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { seriesAtAddress } from "@souls/shop/catalogue";
import { SeriesModels } from "~/components/series-models";
import { fixedT } from "~/i18n.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { useLocale } from "~/lib/locale";
import { notFound } from "~/lib/not-found.server";
import { pageMeta } from "~/lib/seo";
import { seriesView, socialImageOf } from "~/lib/series.server";
import { useTranslation } from "~/lib/translations";
import { localeForPath, pathOf } from "~/screens";

export const handle = { i18n: ["common"] };

/**
 * A series' page (`/collections/<slug>`): its title, words, picture and published models, kept by
 * the page cache like the other catalogue pages. An unknown address, or a series with nothing
 * published yet, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeForPath(new URL(request.url).pathname);
  const catalogue = await shownCatalogue();
  const series = seriesAtAddress(catalogue, locale, params.slug ?? "");
  if (!series) throw notFound(catalogue, locale);
  const t = await fixedT(locale, "common");
  const view = seriesView(catalogue, series, locale);
  return {
    series: view,
    title: t("collections.seriesMetaTitle", { title: view.title }),
    description: view.subtitle || t("collections.seriesMetaDescription", { title: view.title }),
    socialImage: socialImageOf(view.picture),
  };
}

export const meta = pageMeta();

export default function SeriesPage() {
  const { series } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation();
  return (
    <main id="main" className="page series-page">
      <nav className="breadcrumb" aria-label={t("breadcrumb.label")}>
        <ol>
          <li>
            <a href={pathOf("home", locale)}>{t("breadcrumb.home")}</a>
          </li>
          <li>
            <a href={pathOf("allPieces", locale)}>{t("collections.back")}</a>
          </li>
          <li aria-current="page">{series.title}</li>
        </ol>
      </nav>
      <SeriesModels series={series} locale={locale} headingLevel={1} />
    </main>
  );
}
