import { Link } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { type CardModel, ProductCard } from "./product-card";

/** The 404 page: what happened, the way home, and the collection to go on from. */
export function NotFoundContent({ locale, collection }: { locale: Locale; collection: CardModel[] }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="page status-page">
      <div className="page--narrow">
        <p className="status-page__code">404</p>
        <h1>{t("notFound.title")}</h1>
        <p>{t("notFound.text")}</p>
        <Link to={pathOf("home", locale)} className="button button--primary">
          {t("notFound.backHome")}
        </Link>
      </div>
      {collection.length > 0 ? (
        <section className="collection section" aria-labelledby="not-found-collection">
          <h2 id="not-found-collection" className="section__title">
            {t("notFound.collection")}
          </h2>
          <div className="product-grid">
            {collection.map((product) => (
              <ProductCard key={product.model} product={product} locale={locale} action="view" />
            ))}
          </div>
        </section>
      ) : null}
    </main>
  );
}
