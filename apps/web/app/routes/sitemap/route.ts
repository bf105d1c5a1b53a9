import { shownCatalogue } from "~/lib/catalogue.server";
import { siteOrigin } from "~/lib/page.server";
import { buildSitemap } from "~/lib/sitemap";

/** Written from the configured origin only, never the request's Host: it is cached for an hour. */
export async function loader() {
  return new Response(buildSitemap(siteOrigin, await shownCatalogue()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
