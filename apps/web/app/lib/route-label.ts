/**
 * The route a request is answered by, for the metrics (decision 044): its id in app/screens.ts's
 * route table (as Remix is configured), never its path — a path carries order numbers and tokens,
 * and would make one series per visitor.
 */
import { routeTable } from "../screens";

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A Remix path pattern as a regular expression: `:param` one segment, `*` the rest. */
function patternOf(path: string): RegExp {
  const segments = path
    .split("/")
    .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : literally(segment)));
  return new RegExp(`^${segments.join("/")}/?$`);
}

/** Static paths before those with parameters, splats last: as Remix ranks them. */
const rank = (path: string) => (path.includes("*") ? 2 : path.includes(":") ? 1 : 0);
const ROUTES = routeTable()
  .map((route, order) => ({ id: route.id, pattern: patternOf(route.path), rank: rank(route.path), order }))
  .sort((a, b) => a.rank - b.rank || a.order - b.order);

/**
 * The route id a path is answered by: a page's or endpoint's id (`checkout.fr`, `trpc`,
 * `notFound.en`…); Remix's single-fetch data (`/x.data`) counts as its page. Files have their own
 * labels: the build's assets, and `static` for the rest of public/.
 */
export function routeLabelOf(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname === "/livez") return "livez";
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const found = ROUTES.find((route) => route.pattern.test(page));
  if (found && !found.id.startsWith("notFound.")) return found.id;
  // A file of public/ (or a file that is not there): one label, whatever its name.
  if (/\.[A-Za-z0-9]+$/.test(page)) return "static";
  return found?.id ?? "notFound.fr";
}
