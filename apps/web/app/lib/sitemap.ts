import { LOCALES, type Locale } from "@souls/core/locales";
import { type Catalogue, shownModels, shownSeries } from "@souls/shop/catalogue";
import type { ShownArticle } from "@souls/shop/magazine";
import {
  ARTICLE_SITEMAP_PRIORITY,
  articlePath,
  ENDPOINTS,
  PAGE_IDS,
  PAGES,
  type PageId,
  PRODUCT_SITEMAP_PRIORITY,
  pathOf,
  SERIES_SITEMAP_PRIORITY,
  seriesPath,
} from "~/screens";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Pages search engines should know: built, and given a sitemap priority in the map. */
export function sitemapPages(): PageId[] {
  return PAGE_IDS.filter((page) => "module" in PAGES[page] && "sitemapPriority" in PAGES[page]);
}

/** A page's addresses in each language, with its priority. */
interface SitemapEntry {
  paths: Record<Locale, string>;
  priority: number;
}

/**
 * The sitemap: every public page in both languages, each with its hreflang alternates — the
 * pages of the map (the magazine's articles after its page), then the catalogue's models (published ones, and archived ones, which keep
 * their page), at their current addresses, and the series' pages (those with a published model).
 */
export function buildSitemap(
  origin: string,
  catalogue: Catalogue,
  articles: readonly Pick<ShownArticle, "slug">[] = [],
): string {
  const pages: SitemapEntry[] = sitemapPages().flatMap((page) => [
    {
      paths: { fr: pathOf(page, "fr"), en: pathOf(page, "en") },
      priority: (PAGES[page] as { sitemapPriority: number }).sitemapPriority,
    },
    // The magazine's articles out now (never a draft, nor one scheduled later), after its page.
    ...(page === "magazine"
      ? articles.map((article) => ({
          paths: { fr: articlePath(article.slug.fr, "fr"), en: articlePath(article.slug.en, "en") },
          priority: ARTICLE_SITEMAP_PRIORITY,
        }))
      : []),
  ]);
  const models: SitemapEntry[] = shownModels(catalogue).flatMap((model) => {
    const { fr, en } = model.texts;
    return fr && en ? [{ paths: { fr: fr.path, en: en.path }, priority: PRODUCT_SITEMAP_PRIORITY }] : [];
  });
  const series: SitemapEntry[] = shownSeries(catalogue).map((one) => ({
    paths: { fr: seriesPath(one.slug.fr, "fr"), en: seriesPath(one.slug.en, "en") },
    priority: SERIES_SITEMAP_PRIORITY,
  }));
  const [home, ...others] = pages;
  const urls = [...(home ? [home] : []), ...models, ...series, ...others].flatMap(({ paths, priority }) => {
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: `${origin}${paths[locale]}` })),
      { hreflang: "x-default", href: `${origin}${paths.fr}` },
    ]
      .map(
        (alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`,
      )
      .join("\n");
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(`${origin}${paths[locale]}`)}</loc>\n${alternates}\n` +
        `    <priority>${priority.toFixed(1)}</priority>\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobots(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /admin-",
    `Disallow: ${pathOf("tracking", "fr")}`,
    `Disallow: ${pathOf("tracking", "en")}`,
    `Disallow: ${pathOf("checkout", "fr")}`,
    `Disallow: ${pathOf("checkout", "en")}`,
    "",
    `Sitemap: ${origin}${ENDPOINTS.sitemap}`,
    "",
  ].join("\n");
}
