/**
 * JavaScript a browser fetches on a page's first load: every script the page's HTML references
 * (`<script src>`, `<link rel="modulepreload">`, the inline module's imports) with their static
 * imports, plus what headless Chromium really fetches until the network is idle (the translation
 * chunks i18next imports while hydrating). Each file is read from the built client folder and
 * gzipped with node:zlib at level 9. Chunks imported later (the Stripe payment step) are not
 * first-load bytes.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import puppeteer, { type Browser } from "puppeteer-core";
import { cleanup } from "./processes.mts";
import { type Figure, kb } from "./table.mts";

export interface JsPage {
  name: string;
  path: string;
  /** Bytes of gzip; absent: reported without a budget. */
  budgetBytes?: number;
  /** Budget cell for a page without a byte budget. */
  budgetText?: string;
  /** What the figure leaves out, printed under the table. */
  caveat?: string;
  /** The page's status, when not 200 (the 404 page). */
  status?: number;
}

export const GZIP_LEVEL = 9;
/** Issue 28: a shopper's page carries at most a few small scripts of the shop's own. */
const BUDGET_BYTES = 5 * 1024;

/**
 * The reference: Shopify's own theme, Dawn, loads about 12.3 KB of JavaScript on every page and
 * 17.2 KB with its cart drawer and search (gzip -9 of its scripts, measured from its repository).
 */
export const DAWN = { everyPage: 12.3 * 1024, withCartAndSearch: 17.2 * 1024 };

export const JS_PAGES: JsPage[] = [
  { name: "home", path: "/", budgetBytes: BUDGET_BYTES },
  { name: "product", path: "/produit/sac-banane-aicha", budgetBytes: BUDGET_BYTES },
  { name: "cart", path: "/panier", budgetBytes: BUDGET_BYTES },
  { name: "magazine", path: "/magazine", budgetBytes: BUDGET_BYTES },
  { name: "article", path: "/magazine/tissus-marocains-traditionnels", budgetBytes: 0 },
  { name: "legal (terms of sale)", path: "/cgv", budgetBytes: BUDGET_BYTES },
  { name: "order tracking", path: "/suivi-commande", budgetBytes: 0 },
  { name: "not found (404)", path: "/nulle-part", budgetBytes: 0, status: 404 },
  {
    name: "checkout",
    path: "/checkout?product=aicha&qty=1",
    budgetText: "— (Stripe.js only here)",
    caveat:
      "Stripe.js (js.stripe.com) is loaded only in the Stripe payment step and is not counted; this run uses the offline test gateway.",
  },
];

interface Asset {
  path: string;
  bytes: number;
  gzipBytes: number;
  /** Holds Stripe's loader (it names js.stripe.com). */
  stripe: boolean;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];

/** Script URLs the HTML makes the browser fetch at once. */
export function scriptsReferencedBy(html: string): { local: string[]; external: string[] } {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) found.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\srel\s*=\s*["']?modulepreload/i.test(tag)) {
      const href = attribute(tag, "href");
      if (href) found.add(href);
    }
  }
  // Inline modules: `import * as route0 from "/assets/…"` and `import("/assets/entry.client-….js")`.
  for (const [, type = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/application\/(ld\+)?json/i.test(type)) continue;
    for (const match of body.matchAll(
      /\bimport\s*(?:[\w*{}\s,$]*?\bfrom\s*)?\(?\s*["']([^"']+\.m?js)["']/g,
    )) {
      if (match[1]) found.add(match[1]);
    }
  }
  const local: string[] = [];
  const external: string[] = [];
  for (const url of found) {
    if (/^(https?:)?\/\//i.test(url)) external.push(url);
    else local.push(new URL(url, "http://shop.invalid/").pathname);
  }
  return { local, external };
}

/** Static `import … from "./x.js"` / `export … from` / `import "./x.js"` of a built chunk. */
function staticImportsOf(code: string, from: string): string[] {
  const imports: string[] = [];
  for (const match of code.matchAll(
    /\b(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g,
  )) {
    if (match[1]) imports.push(new URL(match[1], `http://shop.invalid${from}`).pathname);
  }
  return imports;
}

function readAsset(clientDir: string, urlPath: string): Asset & { code: string } {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  const bytes = readFileSync(file);
  const code = bytes.toString("utf8");
  return {
    path: urlPath,
    bytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: GZIP_LEVEL }).length,
    stripe: code.includes("js.stripe.com"),
    code,
  };
}

export interface PageJs {
  page: JsPage;
  assets: Asset[];
  external: string[];
  /** Files reached only through static imports, not named in the HTML. */
  notInHtml: string[];
  /** Files the browser fetched beyond the HTML's (dynamic imports at start-up). */
  loadedLater: string[];
  /** Gzip bytes of what the HTML names, with static imports. */
  htmlGzipBytes: number;
  totalBytes: number;
  totalGzipBytes: number;
}

/**
 * Same-origin script paths a real page load fetches: up to the load event, then until no script
 * has arrived for a second (product pages keep a live stream open, so the network never idles).
 */
async function scriptsFetchedBy(browser: Browser, url: string): Promise<string[]> {
  const page = await browser.newPage();
  const origin = new URL(url).origin;
  const fetched = new Set<string>();
  let lastScriptAt = performance.now();
  page.on("response", (response) => {
    const address = new URL(response.url());
    if (response.request().resourceType() === "script" && address.origin === origin) {
      fetched.add(address.pathname);
      lastScriptAt = performance.now();
    }
  });
  try {
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const deadline = performance.now() + 10_000;
    while (performance.now() - lastScriptAt < 1_000 && performance.now() < deadline) await sleep(100);
  } finally {
    await page.close();
  }
  return [...fetched];
}

export async function measurePageJs(
  baseUrl: string,
  clientDir: string,
  page: JsPage,
  browser: Browser | undefined,
): Promise<PageJs> {
  const url = new URL(page.path, baseUrl).href;
  const response = await fetch(url);
  if (response.status !== (page.status ?? 200)) throw new Error(`${page.path} answered ${response.status}`);
  const { local, external } = scriptsReferencedBy(await response.text());
  const named = new Set(local);
  const seen = new Map<string, Asset>();
  const walk = (start: string[]) => {
    const queue = [...start];
    while (queue.length > 0) {
      const next = queue.shift() as string;
      if (seen.has(next)) continue;
      const { code, ...asset } = readAsset(clientDir, next);
      seen.set(next, asset);
      queue.push(...staticImportsOf(code, next));
    }
  };
  walk(local);
  const fromHtml = new Set(seen.keys());
  const fetched = browser ? await scriptsFetchedBy(browser, url) : [];
  walk(fetched);
  const assets = [...seen.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    page,
    assets,
    external,
    notInHtml: [...fromHtml].filter((file) => !named.has(file)),
    loadedLater: assets.map((asset) => asset.path).filter((file) => !fromHtml.has(file)),
    htmlGzipBytes: assets
      .filter((asset) => fromHtml.has(asset.path))
      .reduce((sum, asset) => sum + asset.gzipBytes, 0),
    totalBytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
    totalGzipBytes: assets.reduce((sum, asset) => sum + asset.gzipBytes, 0),
  };
}

const shortName = (file: string) => path.basename(file).replace(/-[\w-]{8}\.js$/, ".js");

/**
 * `chromePath` undefined: only what the HTML names is counted (no browser to see the rest).
 */
export async function measureJs(
  baseUrl: string,
  clientDir: string,
  chromePath: string | undefined,
  pages = JS_PAGES,
): Promise<Figure[]> {
  const browser = chromePath
    ? await puppeteer.launch({
        executablePath: chromePath,
        headless: true,
        args: ["--no-sandbox", "--disable-gpu"],
      })
    : undefined;
  const forget = cleanup.add("Chromium (JS sizes)", () => browser?.close());
  const figures: Figure[] = [];
  try {
    for (const page of pages)
      figures.push(figureFor(await measurePageJs(baseUrl, clientDir, page, browser), !browser));
  } finally {
    forget();
    await browser?.close();
  }
  const dawn = (figure: string, bytes: number) => ({
    section: "js" as const,
    figure: `reference: Dawn, Shopify's theme, ${figure}`,
    value: kb(bytes),
    budget: "—",
    met: null,
    data: { bytes },
    note: "gzip -9 of Dawn's own scripts, measured from its repository (issue 28); not measured here",
  });
  figures.push(
    dawn("on every page", DAWN.everyPage),
    dawn("with its cart drawer and search", DAWN.withCartAndSearch),
  );
  return figures;
}

function figureFor(measured: PageJs, withoutBrowser: boolean): Figure {
  const { page } = measured;
  const heaviest = measured.assets
    .slice(0, 4)
    .map((asset) => `${shortName(asset.path)} ${kb(asset.gzipBytes)}`)
    .join(", ");
  const stripe = measured.assets.filter((asset) => asset.stripe).map((asset) => shortName(asset.path));
  const met = page.budgetBytes === undefined ? null : measured.totalGzipBytes <= page.budgetBytes;
  const notes = [
    `heaviest: ${heaviest}`,
    measured.loadedLater.length > 0
      ? `of which imported by the page as it starts (not named in its HTML): ${measured.loadedLater.map(shortName).join(", ")}, ${kb(measured.totalGzipBytes - measured.htmlGzipBytes)}`
      : "",
    withoutBrowser ? "no Chromium: only the scripts the HTML names are counted" : "",
    stripe.length > 0 ? `chunks naming js.stripe.com: ${stripe.join(", ")}` : "",
    measured.external.length > 0 ? `external scripts not counted: ${measured.external.join(", ")}` : "",
    measured.notInHtml.length > 0
      ? `reached by static imports only: ${measured.notInHtml.map(shortName).join(", ")}`
      : "",
    page.caveat ?? "",
  ].filter(Boolean);
  return {
    section: "js",
    figure: `JS on first load, ${page.name} (gzip -${GZIP_LEVEL})`,
    value: `${kb(measured.totalGzipBytes)} (${measured.assets.length} files, ${kb(measured.totalBytes)} raw)`,
    budget:
      page.budgetBytes === undefined
        ? (page.budgetText ?? "—")
        : page.budgetBytes === 0
          ? "0 (nothing needed)"
          : `≤ ${page.budgetBytes / 1024} KB`,
    met,
    data: {
      path: page.path,
      gzipBytes: measured.totalGzipBytes,
      htmlNamedGzipBytes: measured.htmlGzipBytes,
      rawBytes: measured.totalBytes,
      gzipLevel: GZIP_LEVEL,
      files: measured.assets,
      loadedLater: measured.loadedLater,
      external: measured.external,
      countedWithBrowser: !withoutBrowser,
    },
    note: notes.join("; "),
  };
}
