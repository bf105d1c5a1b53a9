import { Link, useFetchers, useLocation } from "@remix-run/react";
import { LOCALES, type Locale } from "@souls/core/locales";
import { useTranslation } from "~/lib/translations";
import { alternatePath, pathOf } from "~/screens";
import { BagIcon, InstagramIcon } from "./icons";

export function SiteHeader({
  locale,
  alternates,
  cartCount,
  instagramUrl,
}: {
  locale: Locale;
  /** The page's path in each language, when the server knows it (a model's page: the catalogue's). */
  alternates?: Record<Locale, string>;
  cartCount: number;
  instagramUrl?: string;
}) {
  const { t } = useTranslation();
  const home = pathOf("home", locale);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <nav className="site-header__nav" aria-label={t("nav.main")}>
          <Link to={`${home}#products`}>{t("nav.collection")}</Link>
          <Link to={pathOf("magazine", locale)}>{t("nav.magazine")}</Link>
        </nav>
        <Link to={home} className="site-header__logo">
          <img src="/images/logo.svg" alt={t("nav.logoAlt")} width="132" height="28" />
        </Link>
        <div className="site-header__actions">
          {instagramUrl ? (
            <a className="icon-link" href={instagramUrl} rel="noopener noreferrer" target="_blank">
              <InstagramIcon />
              <span className="visually-hidden">{t("nav.instagram")}</span>
            </a>
          ) : null}
          <LanguageToggle locale={locale} alternates={alternates} />
          <CartLink locale={locale} count={cartCount} />
        </div>
      </div>
    </header>
  );
}

function LanguageToggle({ locale, alternates }: { locale: Locale; alternates?: Record<Locale, string> }) {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  return (
    <nav className="language-toggle" aria-label={t("nav.language")}>
      {LOCALES.map((target) =>
        target === locale ? (
          <span key={target} className="language-toggle__current" aria-current="true" lang={target}>
            {target.toUpperCase()}
          </span>
        ) : (
          <Link
            key={target}
            to={`${alternates?.[target] ?? alternatePath(pathname, target)}${hash}`}
            hrefLang={target}
            lang={target}
            aria-label={t(`nav.switchTo.${target}`)}
            reloadDocument
          >
            {target.toUpperCase()}
          </Link>
        ),
      )}
    </nav>
  );
}

/** The cart link; its badge counts pieces, shows a piece being added at once, and hides at 0. */
function CartLink({ locale, count }: { locale: Locale; count: number }) {
  const { t } = useTranslation();
  const adding = useFetchers().filter(
    (fetcher) => fetcher.state === "submitting" && fetcher.formData?.get("intent") === "add",
  ).length;
  const shown = count + adding;
  return (
    <Link to={pathOf("cart", locale)} className="icon-link cart-link">
      <BagIcon />
      <span className="visually-hidden">{t("nav.cart", { count: shown })}</span>
      {shown > 0 ? (
        <span className="cart-link__badge" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
