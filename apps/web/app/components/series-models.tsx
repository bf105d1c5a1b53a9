import type { Locale } from "@souls/core/locales";
import { useId } from "react";
import type { SeriesView } from "~/lib/series.server";
import { useTranslation } from "~/lib/translations";
import { ProductCard } from "./product-card";
import { ProductPicture } from "./product-picture";

/**
 * A series and its models: on its own page (`headingLevel` 1) its title, words and picture open
 * the page above the grid; on the « all pieces » page (2) each series is a titled group leading to
 * its page.
 */
export function SeriesModels({
  series,
  locale,
  headingLevel,
}: {
  series: SeriesView;
  locale: Locale;
  headingLevel: 1 | 2;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const own = headingLevel === 1;
  const Heading = own ? "h1" : "h2";
  const eyebrow = series.featured ? t("collections.featured") : t("collections.eyebrow");
  return (
    <section className={own ? "series series--page" : "series series--group"} aria-labelledby={titleId}>
      <div className={series.picture && own ? "series__intro series__intro--pictured" : "series__intro"}>
        <div className="series__text">
          <p className="eyebrow">{eyebrow}</p>
          <Heading id={titleId} className="series__title">
            {own ? series.title : <a href={series.path}>{series.title}</a>}
          </Heading>
          {series.subtitle ? <p className="series__lead">{series.subtitle}</p> : null}
          <p className="series__count">{t("collections.pieces", { count: series.models.length })}</p>
          {own ? null : (
            <a className="text-link" href={series.path}>
              {t("collections.seeSeries", { title: series.title })}
            </a>
          )}
        </div>
        {series.picture && own ? (
          <div className="series__picture">
            <ProductPicture
              photo={series.picture}
              locale={locale}
              sizes="(min-width: 960px) 58vw, 100vw"
              priority
            />
          </div>
        ) : null}
      </div>
      <div className="product-grid">
        {series.models.map((model, index) => (
          <ProductCard
            key={model.model}
            product={model}
            locale={locale}
            headingLevel={own ? 2 : 3}
            priority={own && !series.picture && index < 2}
          />
        ))}
      </div>
    </section>
  );
}
