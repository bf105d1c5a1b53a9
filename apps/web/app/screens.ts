/**
 * Every page of the shop with its route module and its French and English paths. This one
 * map drives the route config, links, the language toggle, canonical/hreflang and the sitemap.
 * The locale of a request is the locale of the page it matched (French has no prefix).
 */

import type { AdminRole } from "@souls/core/admin-roles";
import { LOCALES, type Locale } from "@souls/core/locales";
import { ARTICLE_ADDRESS_PREFIXES } from "@souls/core/magazine";
import { MODEL_ADDRESS_PREFIXES } from "@souls/core/model-addresses";

type Paths = Record<Locale, string>;

interface PageDefinition {
  /** Route module, relative to `app/`. */
  module: string;
  paths: Paths;
  /** Listed in the sitemap with this priority; absent for pages search engines must not see. */
  sitemapPriority?: number;
  /** A shopper's own page (her order, her e-mail address): never stored by a cache, never indexed. */
  private?: true;
}

export const PAGES = {
  home: { module: "routes/home/route.tsx", paths: { fr: "/", en: "/en" }, sitemapPriority: 1.0 },
  cart: { module: "routes/cart/route.tsx", paths: { fr: "/panier", en: "/en/cart" }, sitemapPriority: 0.6 },
  // Pages of a purchase in progress: never indexed, never in the sitemap.
  checkout: {
    module: "routes/checkout/route.tsx",
    paths: { fr: "/checkout", en: "/en/checkout" },
    private: true,
  },
  offlinePayment: {
    module: "routes/offline-payment/route.tsx",
    paths: { fr: "/paiement-test", en: "/en/test-payment" },
    private: true,
  },
  thankYou: {
    module: "routes/thank-you/route.tsx",
    paths: { fr: "/merci", en: "/en/thank-you" },
    private: true,
  },
  // Opened with a secret token: never indexed, so never in the sitemap.
  tracking: {
    module: "routes/tracking/route.tsx",
    paths: { fr: "/suivi-commande", en: "/en/track-order" },
    private: true,
  },
  signupConfirm: {
    module: "routes/signup-confirm/route.tsx",
    paths: { fr: "/inscription/confirmer", en: "/en/signup/confirm" },
    private: true,
  },
  unsubscribe: {
    module: "routes/unsubscribe/route.tsx",
    paths: { fr: "/desinscription", en: "/en/unsubscribe" },
    private: true,
  },
  // A buyer's review of her order, through the signed link of her invitation.
  review: {
    module: "routes/review/route.tsx",
    paths: { fr: "/donner-mon-avis", en: "/en/write-a-review" },
    private: true,
  },
  reviewOptOut: {
    module: "routes/review-opt-out/route.tsx",
    paths: { fr: "/avis/desinscription", en: "/en/reviews/unsubscribe" },
    private: true,
  },
  magazine: {
    module: "routes/magazine/route.tsx",
    paths: { fr: "/magazine", en: "/en/magazine" },
    sitemapPriority: 0.7,
  },
  // Every piece on sale, by series: earlier series stay one click from every page (decision 040).
  allPieces: {
    module: "routes/all-pieces/route.tsx",
    paths: { fr: "/toutes-les-pieces", en: "/en/all-pieces" },
    sitemapPriority: 0.8,
  },
  legalNotice: {
    module: "routes/legal/route.tsx",
    paths: { fr: "/mentions-legales", en: "/en/legal-notice" },
    sitemapPriority: 0.4,
  },
  privacy: {
    module: "routes/legal/route.tsx",
    paths: { fr: "/politique-confidentialite", en: "/en/privacy-policy" },
    sitemapPriority: 0.4,
  },
  terms: {
    module: "routes/legal/route.tsx",
    paths: { fr: "/cgv", en: "/en/terms-of-sale" },
    sitemapPriority: 0.4,
  },
} satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof PAGES;
export const PAGE_IDS = Object.keys(PAGES) as PageId[];

/**
 * The article the home page and the model pages' story invite to read, at the address it opened
 * with: the owner may move it (that address then answers a 301 to the new one, decision 052).
 */
const LINKED_ARTICLES = {
  fabrics: {
    fr: "/magazine/tissus-marocains-traditionnels",
    en: "/en/magazine/traditional-moroccan-fabrics",
  },
} as const satisfies Record<string, Paths>;
type LinkedArticle = `article.${keyof typeof LINKED_ARTICLES}`;

export function articlePage(article: keyof typeof LINKED_ARTICLES): LinkedArticle {
  return `article.${article}`;
}

export function pathOf(page: PageId | LinkedArticle, locale: Locale): string {
  if (page.startsWith("article.")) {
    return LINKED_ARTICLES[page.slice("article.".length) as keyof typeof LINKED_ARTICLES][locale];
  }
  return PAGES[page as PageId].paths[locale];
}

/** `/en/` and `/panier/` are the same pages as `/en` and `/panier`. */
/**
 * Without its trailing slashes (`/` stays). A loop, not `/\/+$/`: that expression takes quadratic
 * time on a path of many slashes (0.66 s for 16,000), and a client chooses the path.
 */
function normalize(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === "/") end--;
  return pathname.slice(0, end);
}

const pageByPath = new Map<string, { page: PageId; locale: Locale }>(
  PAGE_IDS.flatMap((page) => LOCALES.map((locale) => [PAGES[page].paths[locale], { page, locale }] as const)),
);

/** The page a path shows, if any. */
export function pageForPath(pathname: string): { page: PageId; locale: Locale } | undefined {
  const match = pageByPath.get(normalize(pathname));
  return match;
}

/** A path outside the map (a not-found page) is English under `/en`, French elsewhere. */
export function localeForPath(pathname: string): Locale {
  const match = pageForPath(pathname);
  if (match) return match.locale;
  return /^\/en(\/|$)/.test(pathname) ? "en" : "fr";
}

/**
 * Where the language toggle leads: the same page in the other language, or, for a path
 * outside the map, the same path with the `/en` prefix added or removed.
 */
export function alternatePath(pathname: string, target: Locale): string {
  const match = pageByPath.get(normalize(pathname));
  if (match) return pathOf(match.page, target);
  // An early-access link (decision 039): the same token under the other language's path.
  for (const locale of LOCALES) {
    const prefix = `${EARLY_ACCESS_PATHS[locale]}/`;
    if (pathname.startsWith(prefix)) return `${EARLY_ACCESS_PATHS[target]}/${pathname.slice(prefix.length)}`;
  }
  const bare = pathname.replace(/^\/en(?=\/|$)/, "") || "/";
  return target === "en" ? (bare === "/" ? "/en" : `/en${bare}`) : bare;
}

/*
 * A model's page lives under MODEL_ADDRESS_PREFIXES; the rest of its address is the catalogue's
 * (the owner edits it: `/produit/sac-banane-aicha`, `/en/product/aicha-fanny-pack`).
 */
export const PRODUCT_MODULE = "routes/product/route.tsx";
/** In the sitemap, a model's page comes after the home page. */
export const PRODUCT_SITEMAP_PRIORITY = 0.8;

/** The language of a model page's address, when `pathname` has the shape of one (one segment after its prefix). */
export function productAddressLocale(pathname: string): Locale | undefined {
  return LOCALES.find((locale) => {
    const prefix = MODEL_ADDRESS_PREFIXES[locale];
    return (
      pathname.startsWith(prefix) && pathname.length > prefix.length && !pathname.includes("/", prefix.length)
    );
  });
}

/*
 * A series' page: `/collections/<slug>`, `/en/collections/<slug>`, its slug made from its title
 * when it was created and kept for good (decision 040).
 */
export const SERIES_ADDRESS_PREFIXES: Record<Locale, string> = {
  fr: "/collections/",
  en: "/en/collections/",
};
export const SERIES_MODULE = "routes/series/route.tsx";
/** In the sitemap, a series' page comes with its models. */
export const SERIES_SITEMAP_PRIORITY = 0.7;

export function seriesPath(slug: string, locale: Locale): string {
  return `${SERIES_ADDRESS_PREFIXES[locale]}${slug}`;
}

/** The language of a series page's address, when `pathname` has the shape of one (one segment after its prefix). */
export function seriesAddressLocale(pathname: string): Locale | undefined {
  return LOCALES.find((locale) => {
    const prefix = SERIES_ADDRESS_PREFIXES[locale];
    return (
      pathname.startsWith(prefix) && pathname.length > prefix.length && !pathname.includes("/", prefix.length)
    );
  });
}

/*
 * An article of the magazine: `/magazine/<slug>`, `/en/magazine/<slug>`, at the addresses the owner
 * chooses in the panel (decision 052; @souls/core/magazine).
 */
export { ARTICLE_ADDRESS_PREFIXES, articleAddressLocale, articlePath } from "@souls/core/magazine";
export const ARTICLE_MODULE = "routes/article/route.tsx";
/** In the sitemap, an article comes after the magazine's page. */
export const ARTICLE_SITEMAP_PRIORITY = 0.6;

/** Whether a page is one of a shopper's own pages (never cached, never indexed). */
export function isPrivatePage(page: PageId): boolean {
  return (PAGES[page] as PageDefinition).private === true;
}

/** Whether a route id (`<page>.<locale>`) is a model's page. */
export function isProductRoute(routeId: string): boolean {
  return routeId === "product.fr" || routeId === "product.en";
}

/** Whether a route id (`<page>.<locale>`) is one of a shopper's own pages. */
export function isPrivateRoute(routeId: string): boolean {
  const page = routeId.slice(0, routeId.lastIndexOf(".")) as PageId;
  return page in PAGES && isPrivatePage(page);
}

/** Route ids are `<page>.<locale>`, e.g. `cart.en`. */
export function routeId(page: PageId, locale: Locale): string {
  return `${page}.${locale}`;
}

/**
 * The owner's pages: French only, outside the shop's map (never in the sitemap, never indexed).
 * `/admin` is where she logs in and lands: her home page (decision 026); the spec's test page is
 * one click away.
 */
export const ADMIN_PAGES = {
  home: "/admin",
  tests: "/admin-tests",
  orders: "/admin-orders",
  emails: "/admin-email",
  stock: "/admin-stock",
  seller: "/admin-boutique",
  words: "/admin-textes",
  carriers: "/admin-transporteurs",
  catalogue: "/admin-catalogue",
  reviews: "/admin-avis",
  signups: "/admin-inscriptions",
  announcements: "/admin-annonces",
  settings: "/admin-reglages",
  delivery: "/admin-livraison",
  access: "/admin-acces",
  magazine: "/admin-magazine",
} as const;

/** A model's editor, a page of its own under the catalogue's: `/admin-catalogue/12`. */
export function catalogueModelPath(id: string | number): string {
  return `${ADMIN_PAGES.catalogue}/${id}`;
}
const CATALOGUE_MODEL_PATH = /^\/admin-catalogue\/\d{1,10}\/?$/;

/** The home page and the titles with her draft of the shop's words, `?langue=fr|en` (decision 051). */
export function wordsPreviewPath(locale: Locale): string {
  return `${ADMIN_PAGES.words}/apercu?langue=${locale}`;
}
const WORDS_PREVIEW_PATH = /^\/admin-textes\/apercu\/?$/;

/**
 * An order's own page, `/admin-orders/SOULS-…`: the address she bookmarks or sends, and what the
 * orders list opens on a phone (on a laptop the list's dialog shows the same order).
 */
export function orderPath(orderNumber: string): string {
  return `${ADMIN_PAGES.orders}/${encodeURIComponent(orderNumber)}`;
}
/** One segment after the orders page, never its export (`export-comptable` has its own route). */
const ORDER_PATH = /^\/admin-orders\/[^/]{1,64}\/?$/;

export function isAdminPath(pathname: string): boolean {
  return (
    Object.values(ADMIN_PAGES).some((path) => pathname === path || pathname === `${path}/`) ||
    CATALOGUE_MODEL_PATH.test(pathname) ||
    WORDS_PREVIEW_PATH.test(pathname) ||
    ORDER_PATH.test(pathname)
  );
}

/**
 * The addresses a helper with the role "packing" may open (decision 043): her home (which sends
 * her to the orders), the orders and each order's page, its packing slip, her own access, and the
 * admin API (which checks each procedure itself, @souls/core/admin-roles). Everything else — the
 * owner's pages, exports, invoices, uploads, previews — answers 403. The owner opens everything.
 */
const PACKING_PATHS: readonly RegExp[] = [
  /^\/admin\/?$/,
  /^\/admin-orders\/?$/,
  ORDER_PATH,
  /^\/admin-orders\/[^/]{1,64}\/bon-de-livraison\/?$/,
  /^\/admin-acces\/?$/,
  /^\/trpc(\/|$)/,
];

export function mayOpen(role: AdminRole, pathname: string): boolean {
  return role === "owner" || PACKING_PATHS.some((path) => path.test(pathname));
}

/** An admin e-mail's preview, framed by the e-mail queue page. */
export function emailPreviewPath(id: string | number): string {
  return `${ADMIN_PAGES.emails}/preview/${id}`;
}

/**
 * The accountant's CSV of a period (`?from=YYYY-MM&to=YYYY-MM`), downloaded from the orders page:
 * streamed as it is read, never through the admin's API.
 */
export const ACCOUNTING_EXPORT_PATH = `${ADMIN_PAGES.orders}/export-comptable`;

/** An order's papers, downloaded from its detail (PDF): a packing slip, its invoice, a credit note. */
export const PAPER_PATHS = {
  packingSlip: "bon-de-livraison",
  invoice: "facture",
  /** Followed by the credit note's number: `avoir-AV-000007`. */
  creditNote: "avoir-",
} as const;

/** `/admin-orders/SOULS-…/facture`: a paper of an order, for the owner alone. */
export function paperPath(orderNumber: string, paper: string): string {
  return `${ADMIN_PAGES.orders}/${encodeURIComponent(orderNumber)}/${paper}`;
}

/** The orders page with one order open (the owner's new-order e-mail links here). */
export function orderPagePath(orderNumber: string): string {
  return `${ADMIN_PAGES.orders}?commande=${encodeURIComponent(orderNumber)}`;
}

/** An announcement's e-mail as a subscriber reads it, `?langue=fr|en`, framed by « Annonces ». */
export function announcementPreviewPath(id: string | number): string {
  return `${ADMIN_PAGES.announcements}/apercu/${id}`;
}

/** The confirmed addresses of the sign-up lists, as a CSV (`?list=newsletter`): streamed. */
export const SIGNUPS_EXPORT_PATH = `${ADMIN_PAGES.signups}/export`;

/** Where the owner's panel posts a model's new photo, one file per request (never through the API). */
export const PHOTO_UPLOAD_PATH = "/admin-photos";

/**
 * Where « Ma boutique » posts the Commission's notice on the legal guarantee (a file per language)
 * or its removal; answers the page (303) or, to the panel's script, JSON.
 */
export const GUARANTEE_NOTICE_UPLOAD_PATH = "/admin-garantie";

/** Addresses that answer without a page: files for robots, hooks, streams and the admin's API. */
export const ENDPOINTS = {
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  stripeWebhook: "/webhooks/stripe",
  healthz: "/healthz",
  liveAvailability: "/live/availability",
  trpc: "/trpc",
  /** A model's photos, `/photos/<hash>-<width>.<avif|webp|jpg>` (@souls/core/photos): files, cached a year. */
  photos: "/photos",
  /** The notice on the legal guarantee as uploaded, `/avis-garantie/<hash>.<png|jpg|webp|pdf>`: cached a year. */
  guaranteeNotices: "/avis-garantie",
  /** The product feeds, `/flux/<FEED_FILES>`: fetched by Google Merchant Center and Meta's catalogue. */
  feeds: "/flux",
} as const;

/** An early-notice subscriber's early-access link, `<path>/<token>` (decision 039). */
export const EARLY_ACCESS_PATHS: Paths = { fr: "/acces-anticipe", en: "/en/early-access" };

/** The product feeds, one per platform and language, at addresses that never change (decision 046). */
export const FEED_FILES = {
  "google-fr.xml": { platform: "google", locale: "fr" },
  "google-en.xml": { platform: "google", locale: "en" },
  "meta-fr.csv": { platform: "meta", locale: "fr" },
  "meta-en.csv": { platform: "meta", locale: "en" },
} as const satisfies Record<string, { platform: "google" | "meta"; locale: Locale }>;
export type FeedFile = keyof typeof FEED_FILES;
export const FEED_FILE_NAMES = Object.keys(FEED_FILES) as FeedFile[];

export function feedPath(file: FeedFile): string {
  return `${ENDPOINTS.feeds}/${file}`;
}

interface Route {
  id: string;
  /** Remix path pattern. */
  path: string;
  /** Route module, relative to `app/`. */
  module: string;
}

/**
 * The route table Remix is configured with (vite.config.ts): the shop's pages in both languages,
 * the owner's pages, the endpoints, then the not-found page (English under /en).
 */
export function routeTable(): Route[] {
  return [
    ...PAGE_IDS.flatMap((page) =>
      LOCALES.map((locale) => ({
        id: routeId(page, locale),
        path: PAGES[page].paths[locale],
        module: PAGES[page].module,
      })),
    ),
    ...LOCALES.map((locale) => ({
      id: `product.${locale}`,
      path: `${MODEL_ADDRESS_PREFIXES[locale]}:address`,
      module: PRODUCT_MODULE,
    })),
    ...LOCALES.map((locale) => ({
      id: `earlyAccess.${locale}`,
      path: `${EARLY_ACCESS_PATHS[locale]}/:token`,
      module: "routes/early-access/route.tsx",
    })),
    ...LOCALES.map((locale) => ({
      id: `article.${locale}`,
      path: `${ARTICLE_ADDRESS_PREFIXES[locale]}:slug`,
      module: ARTICLE_MODULE,
    })),
    ...LOCALES.map((locale) => ({
      id: `series.${locale}`,
      path: `${SERIES_ADDRESS_PREFIXES[locale]}:slug`,
      module: SERIES_MODULE,
    })),
    { id: "admin", path: ADMIN_PAGES.home, module: "routes/admin/route.tsx" },
    { id: "admin.tests", path: ADMIN_PAGES.tests, module: "routes/admin-tests/route.tsx" },
    { id: "admin.orders", path: ADMIN_PAGES.orders, module: "routes/admin-orders/route.tsx" },
    { id: "admin.emails", path: ADMIN_PAGES.emails, module: "routes/admin-email/route.tsx" },
    {
      id: "admin.emails.preview",
      path: emailPreviewPath(":id"),
      module: "routes/admin-email-preview/route.ts",
    },
    {
      id: "admin.orders.accountingExport",
      path: ACCOUNTING_EXPORT_PATH,
      module: "routes/admin-orders-export/route.ts",
    },
    {
      id: "admin.orders.order",
      path: `${ADMIN_PAGES.orders}/:orderNumber`,
      module: "routes/admin-order/route.tsx",
    },
    {
      id: "admin.orders.paper",
      path: `${ADMIN_PAGES.orders}/:orderNumber/:paper`,
      module: "routes/admin-papers/route.ts",
    },
    { id: "admin.stock", path: ADMIN_PAGES.stock, module: "routes/admin-stock/route.tsx" },
    { id: "admin.signups", path: ADMIN_PAGES.signups, module: "routes/admin-signups/route.tsx" },
    { id: "admin.signups.export", path: SIGNUPS_EXPORT_PATH, module: "routes/admin-signups-export/route.ts" },
    {
      id: "admin.announcements",
      path: ADMIN_PAGES.announcements,
      module: "routes/admin-announcements/route.tsx",
    },
    {
      id: "admin.announcements.preview",
      path: announcementPreviewPath(":id"),
      module: "routes/admin-announcement-preview/route.ts",
    },
    { id: "admin.settings", path: ADMIN_PAGES.settings, module: "routes/admin-settings/route.tsx" },
    { id: "admin.delivery", path: ADMIN_PAGES.delivery, module: "routes/admin-delivery/route.tsx" },
    { id: "admin.access", path: ADMIN_PAGES.access, module: "routes/admin-access/route.tsx" },
    { id: "admin.seller", path: ADMIN_PAGES.seller, module: "routes/admin-seller/route.tsx" },
    { id: "admin.words", path: ADMIN_PAGES.words, module: "routes/admin-words/route.tsx" },
    {
      id: "admin.words.preview",
      path: `${ADMIN_PAGES.words}/apercu`,
      module: "routes/admin-words-preview/route.tsx",
    },
    { id: "admin.carriers", path: ADMIN_PAGES.carriers, module: "routes/admin-carriers/route.tsx" },
    { id: "admin.reviews", path: ADMIN_PAGES.reviews, module: "routes/admin-reviews/route.tsx" },
    { id: "admin.magazine", path: ADMIN_PAGES.magazine, module: "routes/admin-magazine/route.tsx" },
    { id: "admin.catalogue", path: ADMIN_PAGES.catalogue, module: "routes/admin-catalogue/route.tsx" },
    {
      id: "admin.catalogue.model",
      path: catalogueModelPath(":id"),
      module: "routes/admin-catalogue-model/route.tsx",
    },
    { id: "sitemap", path: ENDPOINTS.sitemap, module: "routes/sitemap/route.ts" },
    { id: "robots", path: ENDPOINTS.robots, module: "routes/robots/route.ts" },
    { id: "feeds", path: `${ENDPOINTS.feeds}/:file`, module: "routes/feeds/route.ts" },
    { id: "webhooks.stripe", path: ENDPOINTS.stripeWebhook, module: "routes/stripe-webhook/route.ts" },
    { id: "healthz", path: ENDPOINTS.healthz, module: "routes/healthz/route.ts" },
    {
      id: "live.availability",
      path: ENDPOINTS.liveAvailability,
      module: "routes/live-availability/route.ts",
    },
    { id: "trpc", path: `${ENDPOINTS.trpc}/*`, module: "routes/trpc/route.ts" },
    { id: "photos", path: `${ENDPOINTS.photos}/*`, module: "routes/photos/route.ts" },
    { id: "admin.photos.upload", path: PHOTO_UPLOAD_PATH, module: "routes/admin-photos/route.ts" },
    {
      id: "guaranteeNotices",
      path: `${ENDPOINTS.guaranteeNotices}/*`,
      module: "routes/guarantee-notice/route.ts",
    },
    {
      id: "admin.guaranteeNotice.upload",
      path: GUARANTEE_NOTICE_UPLOAD_PATH,
      module: "routes/admin-guarantee-notice/route.ts",
    },
    { id: "notFound.en", path: "/en/*", module: "routes/not-found/route.tsx" },
    { id: "notFound.fr", path: "*", module: "routes/not-found/route.tsx" },
  ];
}
