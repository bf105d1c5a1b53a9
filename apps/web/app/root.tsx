import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteError,
} from "@remix-run/react";
import { shopMonth } from "@souls/core/format";
import { cartItemCount } from "@souls/shop/cart";
import type { ReactNode } from "react";
import { NotFoundContent } from "~/components/not-found";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { readCart } from "~/lib/cart.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { useInlineStylesheet, useNonce } from "~/lib/document";
import { offersEnglish } from "~/lib/english-offer";
import { useHydrated } from "~/lib/hydrated";
import { useRootData } from "~/lib/locale";
import { shownMagazine } from "~/lib/magazine.server";
import type { NotFoundData } from "~/lib/not-found.server";
import { pageAddresses } from "~/lib/page.server";
import { testMode } from "~/lib/payments.server";
import { shownSeller } from "~/lib/seller.server";
import { seriesLinks } from "~/lib/series.server";
import { shopWords } from "~/lib/shop-words.server";
import { inlineStylesheet } from "~/lib/stylesheet.server";
import { readToast } from "~/lib/toast.server";
import { PageWords, useTranslation } from "~/lib/translations";
import { alternatePath, articleAddressLocale, isAdminPath, localeForPath, pathOf } from "~/screens";
import stylesheet from "~/styles/app.css?url";

export const handle = { i18n: ["common"] };

/** A route whose page needs React in the browser says so in its `handle`. */
export interface HydrateHandle {
  hydrate?: boolean;
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeForPath(url.pathname);
  // The frame of every page, the error page during a database outage included: what the database
  // gives it (a model's other-language address, the seller in the footer) is left out then.
  const [cart, { toast, setCookie }, catalogue, seller, words, magazine] = await Promise.all([
    readCart(request),
    readToast(request),
    shownCatalogue().catch(() => null),
    shownSeller().catch(() => null),
    shopWords(locale).catch(() => null),
    // An article's other-language address (decision 052).
    articleAddressLocale(url.pathname) ? shownMagazine().catch(() => null) : null,
  ]);
  const addresses = pageAddresses(request, locale, catalogue, magazine);
  return data(
    {
      locale,
      cartCount: cartItemCount(cart),
      toast,
      addresses,
      // The footer's « © year », the year it is in Paris (a kept page goes with its year).
      year: Number(shopMonth(new Date()).slice(0, 4)),
      // A browser asking for English first, on a French page: a link to the English one, decided
      // for this request only (never kept by the page cache, decision 033).
      englishOffer: offersEnglish(url.pathname, request.headers.get("Accept-Language"))
        ? `${addresses.paths?.en ?? alternatePath(url.pathname, "en")}${url.search}`
        : null,
      testMode,
      stylesheetInline: inlineStylesheet() !== null,
      // The series the header and footer lead to: earlier ones stay reachable (decision 040).
      series: catalogue ? seriesLinks(catalogue, locale) : [],
      // What the header and footer say of the seller (the legal pages read the rest).
      seller: seller && {
        brand: seller.brand,
        email: seller.email,
        instagramUrl: seller.instagramUrl,
      },
      // The footer's lines under the logo: hers, else today's (decision 051).
      footerTagline: words?.footerTagline ?? null,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/**
 * A checkout's shipping quote changes nothing the frame shows (the cart, a message): the frame is
 * not loaded again for it — nor raced against the « Payer » that may follow it at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const locale = root?.locale ?? localeForPath(location.pathname);
  const { t } = useTranslation();
  const nonce = useNonce();
  // Marks the page once React owns it: end-to-end tests of the JavaScript journeys wait for it
  // where a click before that would be the plain-HTML journey the js-off project already covers.
  const hydrated = useHydrated();
  // The owner's pages have their own navigation (AdminShell), not the shop's header and footer.
  const admin = isAdminPath(location.pathname);
  // React runs in the browser only where a page needs it (decision 030): the owner's panel, and
  // the pages whose route says so (the checkout and its payment step). Every other page is
  // rendered by React on the server and sent without the framework: its links are links, its
  // forms are forms, and the few scripts of its own it names are its route's to load.
  const matches = useMatches();
  const hydrate =
    admin || matches.some((match) => (match.handle as HydrateHandle | undefined)?.hydrate === true);
  return (
    <html lang={locale} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f6f0e6" />
        <Meta />
        <Links />
        <Stylesheet inline={root?.stylesheetInline ?? false} nonce={nonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t("nav.skipToContent")}
        </a>
        {root?.englishOffer && !admin ? (
          <aside className="language-offer" lang="en" aria-label={t("nav.englishOffer.label")}>
            <a href={root.englishOffer} hrefLang="en">
              {t("nav.englishOffer.link")}
            </a>
          </aside>
        ) : null}
        {root?.testMode ? (
          <aside className="test-mode" aria-label={t("testMode")}>
            {t("testMode")}
          </aside>
        ) : null}
        {admin ? null : (
          <SiteHeader
            locale={locale}
            alternates={root?.addresses.paths}
            cartCount={root?.cartCount ?? 0}
            instagramUrl={root?.seller?.instagramUrl ?? undefined}
            series={root?.series ?? []}
          />
        )}
        {children}
        {admin ? null : (
          <SiteFooter
            locale={locale}
            seller={root?.seller}
            year={root?.year}
            series={root?.series ?? []}
            tagline={root?.footerTagline ?? undefined}
          />
        )}
        <Toaster initial={root?.toast ?? null} />
        {hydrate ? (
          <>
            <PageWords />
            <ScrollRestoration nonce={nonce || undefined} />
            <Scripts nonce={nonce || undefined} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * The shop's stylesheet: inlined by the server (lib/stylesheet.server.ts), which the browser keeps
 * as written when it hydrates; linked where no build is there to read (the dev server).
 */
function Stylesheet({ inline, nonce }: { inline: boolean; nonce: string }) {
  const css = useInlineStylesheet();
  if (!inline) return <link rel="stylesheet" href={stylesheet} />;
  return (
    <style
      nonce={nonce || undefined}
      // The browser renders no text here: React leaves the server's in place while hydrating.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet
      dangerouslySetInnerHTML={{ __html: css ?? "" }}
    />
  );
}

export default function App() {
  return <Outlet />;
}

/** A friendly page for unexpected failures: never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const locale = localeForPath(location.pathname);
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  if (notFound) {
    const collection = (error.data as Partial<NotFoundData> | null)?.collection ?? [];
    return <NotFoundContent locale={locale} collection={collection} />;
  }
  // A panel's page the person's role does not open (decision 043): the panel's own French words.
  const forbidden =
    isRouteErrorResponse(error) && error.status === 403
      ? (error.data as { forbidden?: { title: string; message: string } } | null)?.forbidden
      : undefined;
  if (forbidden) {
    return (
      <main id="main" className="page page--narrow status-page" lang="fr">
        <p className="status-page__code">403</p>
        <h1>{forbidden.title}</h1>
        <p>{forbidden.message}</p>
      </main>
    );
  }
  return (
    <main id="main" className="page page--narrow status-page">
      <p className="status-page__code">{notFound ? "404" : t("error.code")}</p>
      <h1>{notFound ? t("notFound.title") : t("error.title")}</h1>
      <p>{notFound ? t("notFound.text") : t("error.text")}</p>
      <a className="button button--primary" href={pathOf("home", locale)}>
        {t("notFound.backHome")}
      </a>
    </main>
  );
}
