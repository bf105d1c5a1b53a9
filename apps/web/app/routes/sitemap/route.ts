import { articlesOut } from "@souls/shop/magazine";
import { shownCatalogue } from "~/lib/catalogue.server";
import { magazineNow, shownMagazine } from "~/lib/magazine.server";
import { siteOrigin } from "~/lib/page.server";
import { buildSitemap } from "~/lib/sitemap";

/** Written from the configured origin only, never the request's Host: it is cached for an hour. */
export async function loader() {
  const [catalogue, magazine] = await Promise.all([shownCatalogue(), shownMagazine()]);
  // Oldest first, as the magazine opened with them.
  const articles = articlesOut(magazine, magazineNow()).reverse();
  return new Response(buildSitemap(siteOrigin, catalogue, articles), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
