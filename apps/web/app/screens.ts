/**
 * Every page of the shop with its route module and its French and English paths. This one
 * map drives the route config, links, the language toggle, canonical/hreflang and the sitemap.
 * The locale of a request is the locale of the page it matched (French has no prefix).
 */
export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "fr";

export function isLocale(value: unknown): value is Locale {
  return value === "fr" || value === "en";
}

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

const MODELS = ["aicha", "nadia", "bilin", "ilian"] as const;
const ARTICLES = {
  fabrics: { fr: "tissus-marocains-traditionnels", en: "traditional-moroccan-fabrics" },
  style: { fr: "comment-porter-sac-banane-style", en: "how-to-wear-fanny-pack-with-style" },
} as const;
export type ArticleId = keyof typeof ARTICLES;
export const ARTICLE_IDS = Object.keys(ARTICLES) as ArticleId[];

export const PAGES = {
  home: { module: "routes/home.tsx", paths: { fr: "/", en: "/en" }, sitemapPriority: 1.0 },
  ...(Object.fromEntries(
    MODELS.map((model) => [
      `product.${model}`,
      {
        module: "routes/product.tsx",
        paths: { fr: `/produit/sac-banane-${model}`, en: `/en/product/${model}-fanny-pack` },
        sitemapPriority: 0.8,
      },
    ]),
  ) as Record<`product.${(typeof MODELS)[number]}`, PageDefinition>),
  cart: { module: "routes/cart.tsx", paths: { fr: "/panier", en: "/en/cart" }, sitemapPriority: 0.6 },
  // Pages of a purchase in progress: never indexed, never in the sitemap.
  checkout: { module: "routes/checkout.tsx", paths: { fr: "/checkout", en: "/en/checkout" }, private: true },
  testPayment: {
    module: "routes/test-payment.tsx",
    paths: { fr: "/paiement-test", en: "/en/test-payment" },
    private: true,
  },
  thankYou: { module: "routes/thank-you.tsx", paths: { fr: "/merci", en: "/en/thank-you" }, private: true },
  // Opened with a secret token: never indexed, so never in the sitemap.
  tracking: {
    module: "routes/tracking.tsx",
    paths: { fr: "/suivi-commande", en: "/en/track-order" },
    private: true,
  },
  signupConfirm: {
    module: "routes/signup-confirm.tsx",
    paths: { fr: "/inscription/confirmer", en: "/en/signup/confirm" },
    private: true,
  },
  unsubscribe: {
    module: "routes/unsubscribe.tsx",
    paths: { fr: "/desinscription", en: "/en/unsubscribe" },
    private: true,
  },
  magazine: {
    module: "routes/magazine.tsx",
    paths: { fr: "/magazine", en: "/en/magazine" },
    sitemapPriority: 0.7,
  },
  ...(Object.fromEntries(
    ARTICLE_IDS.map((article) => [
      `article.${article}`,
      {
        module: "routes/article.tsx",
        paths: { fr: `/magazine/${ARTICLES[article].fr}`, en: `/en/magazine/${ARTICLES[article].en}` },
        sitemapPriority: 0.6,
      },
    ]),
  ) as Record<`article.${ArticleId}`, PageDefinition>),
  legalNotice: {
    module: "routes/legal.tsx",
    paths: { fr: "/mentions-legales", en: "/en/legal-notice" },
    sitemapPriority: 0.4,
  },
  privacy: {
    module: "routes/legal.tsx",
    paths: { fr: "/politique-confidentialite", en: "/en/privacy-policy" },
    sitemapPriority: 0.4,
  },
  terms: { module: "routes/legal.tsx", paths: { fr: "/cgv", en: "/en/terms-of-sale" }, sitemapPriority: 0.4 },
} satisfies Record<string, PageDefinition>;

export type PageId = keyof typeof PAGES;
export const PAGE_IDS = Object.keys(PAGES) as PageId[];

export function pathOf(page: PageId, locale: Locale): string {
  return PAGES[page].paths[locale];
}

/** `/en/` and `/panier/` are the same pages as `/en` and `/panier`. */
function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
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
  const bare = pathname.replace(/^\/en(?=\/|$)/, "") || "/";
  return target === "en" ? (bare === "/" ? "/en" : `/en${bare}`) : bare;
}

export function modelOfPage(page: PageId): (typeof MODELS)[number] | undefined {
  return page.startsWith("product.") ? (page.slice("product.".length) as (typeof MODELS)[number]) : undefined;
}

export function productPage(model: (typeof MODELS)[number]): PageId {
  return `product.${model}`;
}

export function articlePage(article: ArticleId): PageId {
  return `article.${article}`;
}

/** Whether a route id (`<page>.<locale>`) is one of a shopper's own pages (never cached). */
export function isPrivateRoute(routeId: string): boolean {
  const page = PAGES[routeId.slice(0, routeId.lastIndexOf(".")) as PageId] as PageDefinition | undefined;
  return page?.private === true;
}

/** Route ids are `<page>.<locale>`, e.g. `cart.en`. */
export function routeId(page: PageId, locale: Locale): string {
  return `${page}.${locale}`;
}

/** The owner's pages, French only, outside the shop's map (never in the sitemap, never indexed). */
export const ADMIN_PAGES = {
  tests: "/admin",
  orders: "/admin-orders",
  emails: "/admin-email",
  stock: "/admin-stock",
} as const;

export function isAdminPath(pathname: string): boolean {
  return Object.values(ADMIN_PAGES).some((path) => pathname === path || pathname === `${path}/`);
}
