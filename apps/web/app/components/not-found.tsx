import { Link } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { type CardModel, ModelsToView } from "./product-card";

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
      <ModelsToView
        id="not-found-collection"
        title={t("notFound.collection")}
        models={collection}
        locale={locale}
        className="collection section"
      />
    </main>
  );
}
