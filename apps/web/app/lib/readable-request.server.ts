/**
 * What server.mjs refuses (400) before anything else reads a request: bytes Node's HTTP parser
 * lets through but the app cannot read. The app builds each request's URL from its target and
 * host (@remix-run/express), and that throws — a 500 — on a target that is not a path
 * (absolute-form `GET http://evil/en`) or a host that is not one (`Host: [::1`, a port of 99999).
 * The shop never uses the Host for its links (SITE_URL does), so nothing legitimate is lost.
 *
 * And a path longer than any of the shop's: the router's work grows with the square of a path's
 * segments (every prefix is matched against every route), so 7,000 of them held the server for
 * 4 s. The shop's paths have 3 segments and fewer than 100 characters; a query is not bounded
 * here (URLSearchParams reads it in linear time).
 */

/** A host name or bracketed IPv6 address with an optional port; bounded repeats only (linear). */
const AUTHORITY = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._-]{1,253})(?::(\d{1,5}))?$/;

function isAuthority(value: string): boolean {
  const port = AUTHORITY.exec(value.trim())?.[1];
  if (port === undefined) return AUTHORITY.test(value.trim());
  return Number(port) >= 1 && Number(port) <= 65_535;
}

export const MAX_PATH_LENGTH = 1_000;
export const MAX_PATH_SEGMENTS = 24;

/** Whether the path part of a target is within the bounds, counted in one pass. */
function isShortPath(url: string): boolean {
  let segments = 0;
  for (let i = 0; i < url.length && url[i] !== "?"; i++) {
    if (i >= MAX_PATH_LENGTH) return false;
    if (url[i] === "/" && ++segments > MAX_PATH_SEGMENTS) return false;
  }
  return true;
}

export interface Unreadable {
  status: 400 | 405 | 414;
  reason: string;
}

/**
 * The methods the shop answers: pages and tRPC queries are read with GET and HEAD, every form,
 * webhook and tRPC mutation is a POST. Anything else (`OPTIONS *`, `TRACE`, `PUT`…) is a 405 here,
 * where it used to reach the app and end in a 500 with a stack trace in the log.
 */
export const SHOP_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * Why the request cannot be read, or null. `headers` as Node gives them (lower-case names; a
 * repeated X-Forwarded-Host joined with commas).
 */
export function unreadableRequest(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): Unreadable | null {
  if (!SHOP_METHODS.some((known) => known === method)) {
    return { status: 405, reason: `method ${String(method).slice(0, 20)} not answered` };
  }
  if (!url?.startsWith("/")) return { status: 400, reason: "request target is not a path" };
  if (url && !isShortPath(url)) return { status: 414, reason: "path longer than any of the shop's" };
  const { host } = headers;
  if (typeof host === "string" && !isAuthority(host)) return { status: 400, reason: "malformed Host" };
  const forwarded = headers["x-forwarded-host"];
  const hosts = Array.isArray(forwarded) ? forwarded : forwarded === undefined ? [] : [forwarded];
  if (hosts.some((line) => line.split(",").some((one) => !isAuthority(one)))) {
    return { status: 400, reason: "malformed X-Forwarded-Host" };
  }
  return null;
}

/**
 * The same target with each run of slashes in its path made one (`//x//y?q` → `/x/y?q`), or null
 * when it has none. Such a path is the page without them to the router, and answering it with a
 * redirect costs nothing, where rendering it would be a page no cache keeps. Never a Location
 * starting with `//` (another host to a browser).
 */
export function collapsedSlashes(url: string): string | null {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes("//")) return null;
  let collapsed = "";
  for (const character of path) {
    if (character !== "/" || !collapsed.endsWith("/")) collapsed += character;
  }
  return collapsed + (queryAt === -1 ? "" : url.slice(queryAt));
}
