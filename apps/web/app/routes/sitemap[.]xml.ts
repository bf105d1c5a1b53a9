import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/page.server";
import { buildSitemap } from "~/lib/sitemap";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(buildSitemap(siteOrigin(request)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
