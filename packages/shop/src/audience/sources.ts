/**
 * Where a visit came from, read off its landing request (decision 047): the referring site's host
 * only (never its path or query) and the campaign's `utm_source` / `utm_medium` / `utm_campaign`,
 * each normalized and bounded, so what is stored is a label many visitors share, never one of them.
 */

/** The longest host kept (a longer one is no source). */
export const MAX_HOST_LENGTH = 100;
/** The longest campaign value kept, cut there. */
export const MAX_UTM_LENGTH = 50;
/** What sources and pages beyond a day's cap are counted as. */
export const OTHER = "(autre)";
/** A visit with no referrer and no campaign: typed, bookmarked, or from an app that says nothing. */
export const DIRECT = "direct";

export interface Source {
  /** The referring site's host without `www.` (`instagram.com`), or '' (none, or the shop itself). */
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
/** Mobile and link-shim sub-domains of one site: `l.instagram.com`, `m.facebook.com` → the site. */
const SITE_PREFIX = /^(?:www\d?|m|l|lm|mobile|out)\./;

/** A referrer's host, normalized; '' when it is absent, not http(s), malformed or too long. */
export function referrerHostOf(referrer: string | null | undefined): string {
  if (!referrer || referrer.length > 2048) return "";
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  let host = url.hostname.toLowerCase().replace(/\.$/, "");
  while (SITE_PREFIX.test(host) && host.split(".").length > 2) host = host.replace(SITE_PREFIX, "");
  // A site has a name: an address (a home server, someone's box) is no source to keep.
  const address = /^[\d.]+$/.test(host);
  return !address && host.length <= MAX_HOST_LENGTH && HOST.test(host) ? host : "";
}

/**
 * A campaign value as the owner would read it: Unicode-normalized, lower case, letters, digits and
 * `. _ - +` only (anything else a dash), runs of dashes collapsed, cut to MAX_UTM_LENGTH.
 */
export function utmValueOf(value: string | null | undefined): string {
  if (!value) return "";
  return value
    .slice(0, 4 * MAX_UTM_LENGTH)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._+-]+/gu, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, MAX_UTM_LENGTH)
    .replace(/-$/, "");
}

/**
 * The source of a request for a page: its campaign parameters and its referrer's host. A referrer
 * from the shop itself (`ownHosts`) is a step inside a visit, not a source: null then, unless the
 * address carries a campaign.
 */
/** The shop's own hosts as sites, read once each (every page view asks). */
const ownSites = new Map<string, string>();
function siteOf(host: string): string {
  let site = ownSites.get(host);
  if (site === undefined) {
    site = referrerHostOf(`https://${host}/`);
    // Bounded: the Host header is the client's to choose.
    if (ownSites.size >= 16) ownSites.clear();
    ownSites.set(host, site);
  }
  return site;
}

export function sourceOf(
  search: string,
  referrer: string | null,
  ownHosts: readonly string[],
): Source | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search.length > 4096 ? "" : search);
  } catch {
    params = new URLSearchParams();
  }
  const utm = {
    utmSource: utmValueOf(params.get("utm_source")),
    utmMedium: utmValueOf(params.get("utm_medium")),
    utmCampaign: utmValueOf(params.get("utm_campaign")),
  };
  const host = referrerHostOf(referrer);
  const own = host !== "" && ownHosts.some((mine) => siteOf(mine) === host);
  const tagged = utm.utmSource !== "" || utm.utmMedium !== "" || utm.utmCampaign !== "";
  if (own && !tagged) return null;
  return { referrerHost: own ? "" : host, ...utm };
}

/** The one name of a source in the path per source: its campaign's source, else its site, else « direct ». */
export function sourceLabel(source: Source): string {
  return source.utmSource || source.referrerHost || DIRECT;
}

/** The key of a source in a day's counts. */
export const sourceKey = (source: Source) =>
  [source.referrerHost, source.utmSource, source.utmMedium, source.utmCampaign].join("\t");

export const OTHER_SOURCE: Source = { referrerHost: OTHER, utmSource: "", utmMedium: "", utmCampaign: "" };

/**
 * Obvious robots, by what they say they are: crawlers, link previews, monitors, HTTP libraries. A
 * request without a user agent is one too. (A robot posing as a browser is counted: nothing here
 * tries to recognise anyone.)
 */
const ROBOT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|fetch|preview|facebookexternalhit|embedly|whatsapp|telegram|discord|skype|lighthouse|pingdom|uptime|monitor|curl\/|wget|python|httpclient|http-client|okhttp|java\/|go-http|axios|node-fetch|undici|autocannon|k6\/|headlesschrome.*lighthouse|bingpreview|yandex|baidu|semrush|ahrefs|petal/i;

export function isRobot(userAgent: string | null | undefined): boolean {
  return !userAgent || userAgent.length > 1024 || ROBOT.test(userAgent);
}
