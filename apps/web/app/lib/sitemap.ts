import { LOCALES } from "@souls/core/locales";
import { ENDPOINTS, PAGE_IDS, PAGES, type PageId, pathOf } from "~/screens";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Pages search engines should know: built, and given a sitemap priority in the map. */
export function sitemapPages(): PageId[] {
  return PAGE_IDS.filter((page) => "module" in PAGES[page] && "sitemapPriority" in PAGES[page]);
}

/** The sitemap: every public page in both languages, each with its hreflang alternates. */
export function buildSitemap(origin: string): string {
  const urls = sitemapPages().flatMap((page) => {
    const { sitemapPriority } = PAGES[page] as { sitemapPriority: number };
    const alternates = [
      ...LOCALES.map((locale) => ({ hreflang: locale, href: `${origin}${pathOf(page, locale)}` })),
      { hreflang: "x-default", href: `${origin}${pathOf(page, "fr")}` },
    ]
      .map(
        (alt) => `    <xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeXml(alt.href)}"/>`,
      )
      .join("\n");
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(`${origin}${pathOf(page, locale)}`)}</loc>\n${alternates}\n` +
        `    <priority>${sitemapPriority.toFixed(1)}</priority>\n  </url>`,
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
