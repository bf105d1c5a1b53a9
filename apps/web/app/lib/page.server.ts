import { LOCALES, type Locale } from "@souls/core/locales";
import { type Catalogue, modelAtAddress } from "@souls/shop/catalogue";
import type { Magazine } from "@souls/shop/magazine";
import { pageForPath, pathOf } from "~/screens";
import { env } from "./env.server";
import { articlePaths } from "./magazine.server";
import type { PageAddresses } from "./seo";
import { seriesPaths } from "./series.server";

/**
 * The shop's public origin, from configuration only: a request's Host header never reaches a
 * link, a sitemap, robots.txt or a cached answer (anyone can send any Host).
 */
export const siteOrigin = env.siteUrl;

/**
 * Canonical and hreflang addresses of the page a request matched: a page of the map, or a model's
 * or a series' page at its current address (both of its languages' addresses, from the catalogue).
 */
export function pageAddresses(
  request: Request,
  locale: Locale,
  catalogue: Catalogue | null,
  magazine: Magazine | null = null,
): PageAddresses {
  const origin = siteOrigin;
  const pathname = new URL(request.url).pathname;
  const match = pageForPath(pathname);
  const paths = match
    ? (Object.fromEntries(LOCALES.map((l) => [l, pathOf(match.page, l)])) as Record<Locale, string>)
    : ((catalogue && (modelPaths(catalogue, pathname) ?? seriesPaths(catalogue, pathname))) ??
      (magazine && articlePaths(magazine, pathname)));
  if (!paths) return { origin, locale };
  const alternates = Object.fromEntries(LOCALES.map((l) => [l, `${origin}${paths[l]}`])) as Record<
    Locale,
    string
  >;
  return { origin, locale, canonical: alternates[locale], alternates, paths };
}

/** A model's addresses in both languages, when `pathname` is one of them (a draft's too: its preview). */
function modelPaths(catalogue: Catalogue, pathname: string): Record<Locale, string> | undefined {
  const found = modelAtAddress(catalogue, pathname);
  if (found?.kind !== "current") return undefined;
  const { texts } = found.model;
  if (!texts.fr || !texts.en) return undefined;
  return { fr: texts.fr.path, en: texts.en.path };
}

/** The page a loader serves, as the map says; loaders only run for mapped paths. */
export function requirePage(request: Request) {
  const match = pageForPath(new URL(request.url).pathname);
  if (!match) throw new Response("Not Found", { status: 404 });
  return match;
}
