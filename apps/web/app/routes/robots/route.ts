import { siteOrigin } from "~/lib/page.server";
import { buildRobots } from "~/lib/sitemap";

/** Written from the configured origin only, never the request's Host: it is cached for an hour. */
export function loader() {
  return new Response(buildRobots(siteOrigin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
