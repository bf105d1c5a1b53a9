/**
 * What an error report may carry (decision 056): what failed and where, never who. Every event and
 * breadcrumb goes through these before it leaves the process, whatever put it there (the SDK's
 * own integrations, a request, an error's properties or its cause).
 *
 * - The request: its method and its path as the logs write it (no query, an early-access token
 *   masked: loggedPath); never its headers, cookies, body or the client's address.
 * - No `user`, no local variables; values under a key that names a person's data (name, e-mail,
 *   address, phone, token, password, cookie…) are replaced, at any depth.
 * - In every text (a message, an exception's value, a breadcrumb): e-mail addresses, phone numbers,
 *   street addresses, postal codes with their town, bearer tokens and long random strings (a
 *   tracking link's token, a payment's secret) and the query of any URL are replaced.
 * - Stack frames keep their file, function, line and column, and lose their variables.
 *
 * A name written in free text cannot be recognised as one: the shop's code never writes a person's
 * name in an error (names go to the database and e-mails only), what a library writes in its
 * messages is a query's or a constraint's, not a row's values (PostgreSQL's `detail`, which can
 * hold them, is not sent), and the log lines, which might, are not sent as breadcrumbs.
 */

/** What replaces what was removed. */
export const FILTERED = "[Filtered]";

/** Keys whose values are a person's data or a secret, wherever they appear. */
const PERSONAL_KEY =
  /^(?:.*(?:e-?mail|phone|mobile|password|passwd|secret|token|cookie|authorization|auth|session|iban|card|address|street|postal|zip|city|town|recipient|customer|buyer|shopper|person)s?.*|(?:first|last|full|given|family|sur|user|display)?_?name|ip|ip_address|ipaddress|line[12]|to|from|cc|bcc)$/i;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/** International (+33 6 12 34 56 78), French (06 12 34 56 78, 06.12.34.56.78) and other grouped numbers. */
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(?\d{1,4}\)?[\s.-]?){2,5}\d{2,4}(?!\d)/g;
/** A phone number is at least 9 digits: shorter runs (an order number, a count, a line) stay. */
const PHONE_DIGITS = 9;
/** A French street line (12 bis, rue des Lilas) or an English one (221b Baker Street). */
const STREET =
  /\b\d{1,5}(?:\s?(?:bis|ter|[a-c]))?,?\s+(?:rue|avenue|av\.?|boulevard|bd|chemin|place|all[ée]e|impasse|route|quai|cours|square|lieu-dit)\b[^,;\n"'\]})]*/giu;
const ENGLISH_STREET =
  /\b\d{1,5}[a-z]?\s+(?:\p{Lu}[\p{L}'-]*\s+){1,3}(?:street|st\.?|road|rd\.?|lane|avenue|ave\.?|drive|way|close|court|place|square)(?![\p{L}])/giu;
/** A French, German or similar postal code followed by its town. */
const POSTCODE_TOWN = /\b\d{5}\s+\p{Lu}[\p{L}'’ -]{1,40}/gu;
/** A URL's query or fragment: tracking tokens and e-mail addresses travel there. */
const URL_QUERY = /(\b(?:https?|wss?):\/\/[^\s"'?#]*|(?:^|[\s"'(])\/[^\s"'?#]*)[?#][^\s"')]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/**
 * A token, a key, a signed value: 24 or more letters, digits, `-` and `_` in a row, one part of
 * which (between `-` or `_`) is 16 or more letters and digits mixed. A name made of words
 * (`2026-11-22T00-00-products-and-signups`) is not one.
 */
const LONG_TOKEN = /[\w-]{24,}/g;
const isToken = (run: string) =>
  run.split(/[-_]/).some((part) => part.length >= 16 && /\d/.test(part) && /[A-Za-z]/.test(part));
/** An early-access link's token in a path (loggedPath's masking, for paths inside texts). */
const PATH_TOKEN = /\/(acces-anticipe|early-access)\/[^/?#\s]+/g;

/** A text with every person's datum and secret it holds replaced. */
export function scrubText(text: string): string {
  return text
    .replace(URL_QUERY, (_whole, address: string) => `${address}?${FILTERED}`)
    .replace(EMAIL, FILTERED)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(STREET, FILTERED)
    .replace(ENGLISH_STREET, FILTERED)
    .replace(POSTCODE_TOWN, FILTERED)
    .replace(PATH_TOKEN, "/$1/…")
    .replace(LONG_TOKEN, (run) => (isToken(run) ? FILTERED : run))
    .replace(PHONE, (match) => (match.replace(/\D/g, "").length >= PHONE_DIGITS ? FILTERED : match));
}

/** Any value with its texts scrubbed and its personal keys' values replaced, at any depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 12) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    scrubbed[key] =
      PERSONAL_KEY.test(key) && item !== null && item !== undefined ? FILTERED : scrubValue(item, depth + 1);
  }
  return scrubbed;
}

type Frame = { vars?: unknown; [key: string]: unknown };
type Exception = { value?: string; stacktrace?: { frames?: Frame[] }; [key: string]: unknown };
/** The parts of a Sentry event this module reads or writes (the SDK's type is wider). */
export interface ReportEvent {
  message?: string;
  user?: unknown;
  request?: { method?: string; url?: string; [key: string]: unknown };
  exception?: { values?: Exception[] };
  breadcrumbs?: ReportBreadcrumb[];
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  [key: string]: unknown;
}
export interface ReportBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

/** The path of a URL or of a path, as the logs write it (no query; an early-access token masked). */
function pathOnly(url: string): string {
  let path = url;
  try {
    path = new URL(url, "http://shop.invalid").pathname;
  } catch {}
  return path.split(/[?#]/)[0]?.replace(PATH_TOKEN, "/$1/…").slice(0, 200) ?? "/";
}

/** Only the SDK's own contexts are sent (the OS, Node, the trace ids): nothing a caller added. */
const KEPT_CONTEXTS = new Set([
  "os",
  "runtime",
  "app",
  "device",
  "culture",
  "cloud_resource",
  "trace",
  "otel",
]);

/** An event as it may leave the process. */
export function scrubEvent<E extends ReportEvent>(event: E): E {
  event.user = undefined;
  if (event.request) {
    const { method, url } = event.request;
    event.request = { method, url: url === undefined ? undefined : scrubText(pathOnly(url)) };
  }
  if (typeof event.message === "string") event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (typeof exception.value === "string") exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) frame.vars = undefined;
  }
  event.breadcrumbs = event.breadcrumbs?.map((crumb) => scrubBreadcrumb(crumb));
  if (event.extra) event.extra = scrubValue(event.extra) as Record<string, unknown>;
  if (event.tags) event.tags = scrubValue(event.tags) as Record<string, unknown>;
  if (event.contexts) {
    event.contexts = Object.fromEntries(
      Object.entries(event.contexts).filter(([key]) => KEPT_CONTEXTS.has(key)),
    );
  }
  return event;
}

/** A breadcrumb as it may leave the process: its texts scrubbed, a URL reduced to its path. */
export function scrubBreadcrumb<B extends ReportBreadcrumb>(crumb: B): B {
  if (typeof crumb.message === "string") crumb.message = scrubText(crumb.message);
  if (crumb.data) {
    const data = scrubValue(crumb.data) as Record<string, unknown>;
    if (typeof crumb.data.url === "string") data.url = scrubText(pathOnly(crumb.data.url));
    for (const key of ["http.query", "http.fragment", "arguments"]) delete data[key];
    crumb.data = data;
  }
  return crumb;
}
