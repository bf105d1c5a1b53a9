import type { Locale } from "@souls/core/locales";
import type { useRootData } from "~/lib/locale";
import type { SeriesLink } from "~/lib/series.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { Paragraphs } from "./paragraphs";

export function SiteFooter({
  locale,
  seller,
  year,
  series,
  tagline,
}: {
  locale: Locale;
  seller: NonNullable<ReturnType<typeof useRootData>>["seller"] | undefined;
  /** The year it is (the root loader's, in Paris); the error page without it reads the browser's. */
  year: number | undefined;
  /** Each series' page, the home page's first. */
  series: readonly SeriesLink[];
  /** The lines under the logo, as the owner wrote them (decision 051); today's without them. */
  tagline?: string;
}) {
  const { t } = useTranslation();
  const home = pathOf("home", locale);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src="/images/logo.svg" alt={t("nav.logoAlt")} width="132" height="28" loading="lazy" />
          <Paragraphs text={tagline ?? t("footer.tagline")} />
          <a href={`${home}#products`} className="button button--ghost">
            {t("footer.collection")}
          </a>
        </div>
        <nav className="site-footer__col" aria-label={t("footer.collectionsNav")}>
          <h2 className="site-footer__heading">{t("footer.collections")}</h2>
          <ul>
            <li>
              <a href={pathOf("allPieces", locale)}>{t("nav.allPieces")}</a>
            </li>
            {series.map((one) => (
              <li key={one.path}>
                <a href={one.path}>{one.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-label={t("footer.shopNav")}>
          <h2 className="site-footer__heading">{t("footer.shop")}</h2>
          <ul>
            <li>
              <a href={pathOf("magazine", locale)}>{t("nav.magazine")}</a>
            </li>
            <li>
              <a href={pathOf("tracking", locale)}>{t("footer.trackOrder")}</a>
            </li>
            <li>
              {/* D221-5 Code de la consommation: the withdrawal function, reached from every page
                  (the order is found there, then its « Se rétracter du contrat ici » button). */}
              <a href={pathOf("tracking", locale)}>{t("footer.withdraw")}</a>
            </li>
            <li>
              <a href={pathOf("cart", locale)}>{t("footer.cart")}</a>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__col" aria-label={t("footer.legalNav")}>
          <h2 className="site-footer__heading">{t("footer.legal")}</h2>
          <ul>
            <li>
              <a href={pathOf("legalNotice", locale)}>{t("footer.legalNotice")}</a>
            </li>
            <li>
              <a href={pathOf("privacy", locale)}>{t("footer.privacy")}</a>
            </li>
            <li>
              <a href={pathOf("terms", locale)}>{t("footer.terms")}</a>
            </li>
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2 className="site-footer__heading">{t("footer.contact")}</h2>
          <ul>
            {seller ? (
              <>
                {seller.email ? (
                  <li>
                    <a href={`mailto:${seller.email}`}>{t("footer.contactButton")}</a>
                  </li>
                ) : null}
                {seller.instagramUrl ? (
                  <li>
                    <a href={seller.instagramUrl} rel="noopener noreferrer" target="_blank">
                      Instagram
                    </a>
                  </li>
                ) : null}
              </>
            ) : null}
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">
        {t("footer.copyright", { year: year ?? new Date().getFullYear(), brand: seller?.brand ?? "SOULS" })}
      </p>
    </footer>
  );
}
