import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/page.server";
import { buildRobots } from "~/lib/sitemap";

export function loader({ request }: LoaderFunctionArgs) {
  return new Response(buildRobots(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
