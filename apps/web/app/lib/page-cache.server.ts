/**
 * The shop's public pages (home, products, series, cart, magazine, legal) depend only on the catalogue
 * and the language for a visitor with no cart and no message: such a page is rendered once per
 * catalogue version and then served from memory, compressed once (decision 013).
 *
 * Never wrong about the last piece: a page is kept only if the catalogue version did not change
 * while it was rendered, every kept page goes at the next change this server hears (a sale, a
 * released hold, an edit, made through any server), a page is served only once every change
 * committed before the request is heard (CatalogueVersion.current), and nothing is kept or served
 * while the LISTEN connection is down (a change could not be heard).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { shopMonth } from "@souls/core/format";
// The parser Remix's cookies use (@remix-run/server-runtime): the cache sees a cookie exactly
// when the app would read it (`cart =x` is the cart `cart` to both).
import { parse as parseCookies } from "cookie";
import {
  articleAddressLocale,
  isPrivatePage,
  PAGES,
  pageForPath,
  productAddressLocale,
  seriesAddressLocale,
} from "~/screens";
import { type CatalogueVersion, catalogueVersion, shownCatalogue } from "./catalogue.server";
import { isShopCookie } from "./cookies.server";
import { offersEnglish } from "./english-offer";
import { launchGeneration, watchLaunches } from "./launch.server";
import { magazineGeneration } from "./magazine.server";

export interface CachedPage {
  /** Content-Type, Content-Security-Policy (hashes, no nonce) and the page's own headers. */
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** What server.mjs passes to the app for a request the cache may keep (its load context). */
export interface CacheTicket {
  key: string;
  version: string;
}

/** Query parameters that links from social networks and newsletters add: the page is the same. */
const TRACKING_PARAMETERS = /^(utm_\w+|fbclid|gclid|igshid|mc_cid|mc_eid|msclkid|ttclid)$/;

/**
 * What a public page reads of its query: a model's page its gallery's photo and its reviews shown
 * in full; the others nothing. Remix's own (`_data`, `_routes`, `index`) are the framework's.
 */
const READ_PARAMETERS = new Set(["photo", "reviews", "_data", "_routes", "index"]);

/** Longer than any browser sends: such a request is answered by the app, not read here. */
const MAX_COOKIE_HEADER = 8192;

/** Whether the request carries a cookie the app reads: its page may be this visitor's own. */
function carriesShopCookie(cookie: string): boolean {
  if (cookie.length > MAX_COOKIE_HEADER) return true;
  return Object.keys(parseCookies(cookie)).some(isShopCookie);
}

/** The path and query of an origin-form request target (`/…`), or null for anything else. */
function pathAndQuery(url: string): URL | null {
  if (!url.startsWith("/")) return null;
  try {
    // Joined to a fixed origin, never resolved against it: `//x:99999/` is a path here, as it is
    // to the app, not another host.
    return new URL(`http://shop${url}`);
  } catch {
    return null;
  }
}

/** Whether a path is one of the public pages a first-time visitor may be answered from memory. */
function isPublicPage(pathname: string): boolean {
  if (productAddressLocale(pathname) || seriesAddressLocale(pathname) || articleAddressLocale(pathname))
    return true;
  const match = pageForPath(pathname);
  return match !== undefined && !isPrivatePage(match.page);
}

/**
 * The clean address of a public page asked for with parameters it does not read (`/magazine?x=1`),
 * or null. Each such address was a page rendered for nobody, 10 times the cost of a kept one, for
 * any script to ask: it is answered by a redirect that costs nothing. Tracking parameters stay
 * (the page is the same for them, and the audience count reads them).
 */
export function cleanAddress(method: string, url: string): string | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const target = pathAndQuery(url);
  if (!target?.search || !isPublicPage(target.pathname)) return null;
  const kept = [...target.searchParams].filter(
    ([name]) => READ_PARAMETERS.has(name) || TRACKING_PARAMETERS.test(name),
  );
  if (kept.length === [...target.searchParams].length) return null;
  const query = new URLSearchParams(kept).toString();
  return `${target.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The kept pages' generation: the catalogue version, the year it is in Paris (the footer's
 * « © year »): a page kept on 31 December is not served on 1 January — and the series' launch
 * moments passed (decision 039): a page that said "opens at 18:00" is not served at 18:00 — and
 * the magazine's articles out (decision 052): a scheduled article is on its pages from its moment.
 */
function generationAt(version: string | null, now: Date, launch: string): string | null {
  return version === null ? null : `${version}@${parisYear(now)}#${launch}`;
}

/** The minute the year was last read in: it turns on a minute in Paris, and reading it costs. */
let yearReadAt = Number.NaN;
let year = "";
function parisYear(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== yearReadAt) {
    yearReadAt = minute;
    year = shopMonth(now).slice(0, 4);
  }
  return year;
}

/** What a render's waiters are told: its page, a change came meanwhile, or nothing to keep. */
type RenderOutcome = CachedPage | "moved" | undefined;

/** How many successive renders a request waits for while changes keep coming, before its own. */
const MAX_REJOINS = 3;

export function createPageCache(
  version: CatalogueVersion,
  now: () => Date = () => new Date(),
  launch: () => string = () => "",
) {
  const generationOf = (current: string | null) => generationAt(current, now(), launch());
  let keptVersion: string | null = null;
  const pages = new Map<string, CachedPage>();
  /**
   * The page being rendered for a key, in the generation it is rendered for: the requests that
   * ask for it meanwhile wait for that one render. Without it, a change heard in a rush (a hold,
   * a sale) let every shopper of the moment render the same page again, hundreds of renders
   * for one page, and the server fell minutes behind (the launch bench, issue 33).
   */
  const rendering = new Map<
    string,
    { version: string; settle: (outcome: RenderOutcome) => void; page: Promise<RenderOutcome> }
  >();

  /**
   * Ends a render's wait: its waiters get the page; or, if a change came meanwhile (`"moved"`),
   * wait for the next generation's render; or render their own (the page is not one to keep).
   */
  function settle(key: string, version: string, page: RenderOutcome) {
    const pending = rendering.get(key);
    if (!pending || pending.version !== version) return;
    rendering.delete(key);
    pending.settle(page);
  }

  /** The pages of `version`; all others are gone. */
  function pagesOf(current: string | null): Map<string, CachedPage> {
    if (current !== keptVersion) {
      pages.clear();
      keptVersion = current;
    }
    return pages;
  }

  return {
    /**
     * The key of a request a kept page may answer, or null (not a public page, a visitor's own
     * page, or a French page offering the English one to this browser: decision 033).
     */
    keyOf(
      method: string,
      url: string,
      cookie: string | undefined,
      acceptLanguage?: string | undefined,
    ): string | null {
      if (method !== "GET" && method !== "HEAD") return null;
      if (cookie && carriesShopCookie(cookie)) return null;
      const target = pathAndQuery(url);
      if (!target) return null;
      const { pathname, searchParams } = target;
      // `//` is the home page to the router, but a page rendered for it is kept under no key.
      if (pathname.includes("//")) return null;
      for (const name of searchParams.keys()) if (!TRACKING_PARAMETERS.test(name)) return null;
      // A French page for a browser asking for English first carries the offer of the English
      // page (decision 033): kept as a variant of its own, never served to anyone else — and not
      // rendered per request, which any script could ask for with one header.
      const variant = offersEnglish(pathname, acceptLanguage) ? "#english-offered" : "";
      // A model's page is kept under its address; the app answers what is there (a 404 or a 301
      // is never kept, nor a draft's preview: only the owner's session sees it).
      if (productAddressLocale(pathname) || seriesAddressLocale(pathname) || articleAddressLocale(pathname)) {
        return pathname + variant;
      }
      const match = pageForPath(pathname);
      if (!match || isPrivatePage(match.page)) return null;
      return PAGES[match.page].paths[match.locale] + variant;
    },

    /** The kept page for `key`, or what the app needs to keep the page it is about to render. */
    async lookUp(key: string): Promise<{ page: CachedPage } | { ticket: CacheTicket | null }> {
      for (let attempt = 0; ; attempt++) {
        const current = generationOf(await version.current());
        if (current === null) return { ticket: null };
        const page = pagesOf(current).get(key);
        if (page) return { page };
        const pending = rendering.get(key);
        if (pending?.version === current) {
          const rendered = await pending.page;
          if (rendered && rendered !== "moved") return { page: rendered };
          // A change came while it rendered: the next generation's render is waited for in turn
          // (a few times at most), not one render per waiting shopper — in a launch's rush the
          // holds come faster than a page renders (issue 33).
          if (rendered === "moved" && attempt < MAX_REJOINS) continue;
          // Not kept (a 404, a page with a cookie): this request renders its own, as before the wait.
          return { ticket: { key, version: current } };
        }
        if (pending) settle(key, pending.version, "moved");
        let resolve: (outcome: RenderOutcome) => void = () => {};
        const rendered = new Promise<RenderOutcome>((done) => {
          resolve = done;
        });
        rendering.set(key, { version: current, settle: resolve, page: rendered });
        return { ticket: { key, version: current } };
      }
    },

    /**
     * The request holding `ticket` is over (server.mjs, when its response closes): if its page was
     * not kept, the requests waiting for it render their own.
     */
    release(ticket: CacheTicket): void {
      settle(ticket.key, ticket.version, undefined);
    },

    /** Keeps a page rendered under `ticket`, unless the catalogue changed meanwhile. */
    keep(ticket: CacheTicket, headers: Record<string, string>, html: string): void {
      if (generationOf(version.heard()) !== ticket.version) {
        settle(ticket.key, ticket.version, "moved");
        return;
      }
      const body = Buffer.from(html);
      const page: CachedPage = {
        headers,
        body,
        // Settings that take a few milliseconds: each catalogue change means compressing again.
        gzip: gzipSync(body, { level: 6 }),
        br: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      };
      pagesOf(ticket.version).set(ticket.key, page);
      settle(ticket.key, ticket.version, page);
    },

    /** How many pages are kept (tests, the memory bench). */
    get size(): number {
      return pagesOf(generationOf(version.heard())).size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** This web server's cache (one per process, like its LISTEN connection). */
export const pageCache = createPageCache(catalogueVersion, undefined, () => {
  // From the first page asked: this server waits for every series' launch moments by itself.
  watchLaunches(shownCatalogue);
  // And the magazine's scheduled articles: a page of before one came out is not served after.
  return `${launchGeneration()}~${magazineGeneration()}`;
});

/** Longer than any browser sends: such a client gets the page uncompressed. */
const MAX_ACCEPT_ENCODING = 256;

/**
 * The compression a kept page is sent with: brotli, else gzip, else none, as the client's
 * Accept-Encoding allows (a coding named without `q=0`). Read in one pass over a bounded header:
 * no regular expression, so no input takes more than linear time.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header || header.length > MAX_ACCEPT_ENCODING) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [coding = "", ...parameters] = part.split(";");
    const refused = parameters.some((parameter) => {
      const [name = "", value = ""] = parameter.split("=");
      return name.trim().toLowerCase() === "q" && !(Number(value.trim()) > 0);
    });
    if (!refused) accepted.add(coding.trim().toLowerCase());
  }
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined;
}

/**
 * The sources a kept page's policy allows by hash: each inline script and style it holds, as
 * rendered (no nonce can be reused by the next visitor). Data blocks (JSON) are not scripts.
 */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const scripts: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(attributes) || /type="application\/(?:ld\+)?json"/.test(attributes)) continue;
    scripts.push(hash(text));
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text = ""]) => hash(text));
  return { scripts, styles };
}
