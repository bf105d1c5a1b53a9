import { LOCALES, type Locale } from "@souls/core/locales";
import { pageForPath, pathOf } from "~/screens";
import { env } from "./env.server";
import type { PageAddresses } from "./seo";

/**
 * The shop's public origin, from configuration only: a request's Host header never reaches a
 * link, a sitemap, robots.txt or a cached answer (anyone can send any Host).
 */
export const siteOrigin = env.siteUrl;

/** Canonical and hreflang addresses of the page a request matched. */
export function pageAddresses(request: Request, locale: Locale): PageAddresses {
  const origin = siteOrigin;
  const match = pageForPath(new URL(request.url).pathname);
  if (!match) return { origin, locale };
  const alternates = Object.fromEntries(
    LOCALES.map((l) => [l, `${origin}${pathOf(match.page, l)}`]),
  ) as Record<Locale, string>;
  return { origin, locale, canonical: alternates[match.locale], alternates };
}

/** The page a loader serves, as the map says; loaders only run for mapped paths. */
export function requirePage(request: Request) {
  const match = pageForPath(new URL(request.url).pathname);
  if (!match) throw new Response("Not Found", { status: 404 });
  return match;
}
