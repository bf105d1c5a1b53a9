import { useLocation, useMatches } from "@remix-run/react";
import { LOCALES, type Locale } from "@souls/core/locales";
import type { SeriesLink } from "~/lib/series.server";
import { useTranslation } from "~/lib/translations";
import { alternatePath, pathOf } from "~/screens";
import { BagIcon, InstagramIcon } from "./icons";

export function SiteHeader({
  locale,
  alternates,
  cartCount,
  instagramUrl,
  series,
}: {
  locale: Locale;
  /** The page's path in each language, when the server knows it (a model's page: the catalogue's). */
  alternates?: Record<Locale, string>;
  cartCount: number;
  instagramUrl?: string;
  /** Each series' page, the home page's first (a phone's header shows « all pieces » only). */
  series: readonly SeriesLink[];
}) {
  const { t } = useTranslation();
  const home = pathOf("home", locale);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <nav className="site-header__nav" aria-label={t("nav.main")}>
          <a href={pathOf("allPieces", locale)}>{t("nav.allPieces")}</a>
          {series.length > 0 ? <SeriesMenu series={series} /> : null}
          <a href={pathOf("magazine", locale)}>{t("nav.magazine")}</a>
        </nav>
        <a href={home} className="site-header__logo">
          <img src="/images/logo.svg" alt={t("nav.logoAlt")} width="132" height="28" />
        </a>
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

/** The series' pages, opened from the header without JavaScript (a disclosure). */
function SeriesMenu({ series }: { series: readonly SeriesLink[] }) {
  const { t } = useTranslation();
  return (
    <details className="series-menu">
      <summary>{t("nav.series")}</summary>
      <ul className="series-menu__list" aria-label={t("nav.seriesMenu")}>
        {series.map((one) => (
          <li key={one.path}>
            <a href={one.path}>{one.title}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * A page whose form holds what the shopper typed (the checkout) names it in its route's `handle`:
 * `languageForm(data)` gives the form's id while the form is on the page.
 */
export interface LanguageFormHandle {
  languageForm?: (data: unknown) => string | null;
}

/**
 * The other language, posting the page's form there: the page answers in that language with what
 * was typed. Without JavaScript the button itself posts the form (its `form` attribute); with it,
 * a copy of the form is posted the same way, as a document (the page's words change with it).
 */
function LanguageFormButton({ target, formId, action }: { target: Locale; formId: string; action: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      form={formId}
      formAction={action}
      formMethod="post"
      formNoValidate
      name="intent"
      value="language"
      lang={target}
      aria-label={t(`nav.switchTo.${target}`)}
      className="language-toggle__switch"
      onClick={(event) => {
        const form = document.getElementById(formId);
        if (!(form instanceof HTMLFormElement)) return;
        event.preventDefault();
        const copy = document.createElement("form");
        copy.method = "post";
        copy.action = action;
        copy.hidden = true;
        for (const [name, value] of new FormData(form)) {
          if (typeof value !== "string" || name === "intent") continue;
          copy.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
        }
        copy.append(
          Object.assign(document.createElement("input"), {
            type: "hidden",
            name: "intent",
            value: "language",
          }),
        );
        document.body.append(copy);
        // The native submit: a document navigation, as the button does without JavaScript.
        HTMLFormElement.prototype.submit.call(copy);
      }}
    >
      {target.toUpperCase()}
    </button>
  );
}

function LanguageToggle({ locale, alternates }: { locale: Locale; alternates?: Record<Locale, string> }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const formId = useMatches()
    .map((match) => (match.handle as LanguageFormHandle | undefined)?.languageForm?.(match.data) ?? null)
    .find(Boolean);
  return (
    <nav className="language-toggle" aria-label={t("nav.language")}>
      {LOCALES.map((target) =>
        target === locale ? (
          <span key={target} className="language-toggle__current" aria-current="true" lang={target}>
            {target.toUpperCase()}
          </span>
        ) : formId ? (
          <LanguageFormButton
            key={target}
            target={target}
            formId={formId}
            action={`${alternates?.[target] ?? alternatePath(pathname, target)}${search}`}
          />
        ) : (
          <a
            key={target}
            href={`${alternates?.[target] ?? alternatePath(pathname, target)}${hash}`}
            hrefLang={target}
            lang={target}
            aria-label={t(`nav.switchTo.${target}`)}
          >
            {target.toUpperCase()}
          </a>
        ),
      )}
    </nav>
  );
}

/** The cart link; its badge counts the pieces in the cart, hidden at 0. */
function CartLink({ locale, count }: { locale: Locale; count: number }) {
  const { t } = useTranslation();
  return (
    <a href={pathOf("cart", locale)} className="icon-link cart-link">
      <BagIcon />
      <span className="visually-hidden">{t("nav.cart", { count })}</span>
      {count > 0 ? (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </a>
  );
}
