import { LOCALES } from "@souls/core/locales";
import { ADMIN_EMAIL_LINKS, adminOrderUrl, EMAIL_LINKS } from "@souls/emails/links";
import { describe, expect, it } from "vitest";
import {
  ADMIN_PAGES,
  alternatePath,
  articleAddressLocale,
  articlePage,
  localeForPath,
  orderPagePath,
  PAGE_IDS,
  PAGES,
  pageForPath,
  pathOf,
  productAddressLocale,
  routeTable,
  seriesAddressLocale,
  seriesPath,
} from "./screens";

describe("the screens map", () => {
  it("gives every page a French path without prefix and an English path under /en", () => {
    for (const page of PAGE_IDS) {
      expect(pathOf(page, "fr")).not.toMatch(/^\/en(\/|$)/);
      expect(pathOf(page, "en")).toMatch(/^\/en(\/|$)/);
    }
  });

  it("never gives two pages the same path", () => {
    const paths = PAGE_IDS.flatMap((page) => LOCALES.map((locale) => pathOf(page, locale)));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(PAGE_IDS)("round-trips %s between French and English", (page) => {
    const fr = pathOf(page, "fr");
    const en = pathOf(page, "en");
    expect(alternatePath(fr, "en")).toBe(en);
    expect(alternatePath(en, "fr")).toBe(fr);
    expect(pageForPath(fr)).toEqual({ page, locale: "fr" });
    expect(pageForPath(en)).toEqual({ page, locale: "en" });
  });

  it("gives an early-access link its token under each language's address (decision 039)", () => {
    expect(routeTable().filter((route) => route.id.startsWith("earlyAccess."))).toEqual([
      { id: "earlyAccess.fr", path: "/acces-anticipe/:token", module: "routes/early-access/route.tsx" },
      { id: "earlyAccess.en", path: "/en/early-access/:token", module: "routes/early-access/route.tsx" },
    ]);
    expect(alternatePath("/acces-anticipe/e.1.2.abc", "en")).toBe("/en/early-access/e.1.2.abc");
    expect(alternatePath("/en/early-access/e.1.2.abc", "fr")).toBe("/acces-anticipe/e.1.2.abc");
  });

  it("has the addresses of ARCHITECTURE.md §3, a model's page under its language's prefix", () => {
    expect(routeTable().filter((route) => route.id.startsWith("product."))).toEqual([
      { id: "product.fr", path: "/produit/:address", module: "routes/product/route.tsx" },
      { id: "product.en", path: "/en/product/:address", module: "routes/product/route.tsx" },
    ]);
    expect(productAddressLocale("/produit/sac-banane-aicha")).toBe("fr");
    expect(productAddressLocale("/en/product/aicha-fanny-pack")).toBe("en");
    for (const path of ["/produit/", "/produit/a/b", "/en/product", "/panier"]) {
      expect(productAddressLocale(path), path).toBeUndefined();
    }
    expect(routeTable().filter((route) => route.id.startsWith("series."))).toEqual([
      { id: "series.fr", path: "/collections/:slug", module: "routes/series/route.tsx" },
      { id: "series.en", path: "/en/collections/:slug", module: "routes/series/route.tsx" },
    ]);
    expect(seriesAddressLocale("/collections/premiere-collection")).toBe("fr");
    expect(seriesAddressLocale("/en/collections/first-collection")).toBe("en");
    for (const path of ["/collections/", "/collections/a/b", "/en/collections", "/produit/x"]) {
      expect(seriesAddressLocale(path), path).toBeUndefined();
    }
    expect(seriesPath("atlas", "en")).toBe("/en/collections/atlas");
    expect(PAGES.allPieces.paths).toEqual({ fr: "/toutes-les-pieces", en: "/en/all-pieces" });
    expect(PAGES.cart.paths).toEqual({ fr: "/panier", en: "/en/cart" });
    // The magazine's articles are at the owner's addresses (decision 052), under one prefix each.
    expect(routeTable().filter((route) => route.id.startsWith("article."))).toEqual([
      { id: "article.fr", path: "/magazine/:slug", module: "routes/article/route.tsx" },
      { id: "article.en", path: "/en/magazine/:slug", module: "routes/article/route.tsx" },
    ]);
    expect(articleAddressLocale("/magazine/comment-porter-sac-banane-style")).toBe("fr");
    expect(articleAddressLocale("/en/magazine/how-to-wear-fanny-pack-with-style")).toBe("en");
    for (const path of ["/magazine", "/magazine/", "/magazine/a/b", "/en/magazine", "/en/magazine/"]) {
      expect(articleAddressLocale(path), path).toBeUndefined();
    }
    expect(pathOf(articlePage("fabrics"), "en")).toBe("/en/magazine/traditional-moroccan-fabrics");
    expect(PAGES.terms.paths).toEqual({ fr: "/cgv", en: "/en/terms-of-sale" });
  });

  it("treats a trailing slash as the same page", () => {
    expect(pageForPath("/en/")).toEqual({ page: "home", locale: "en" });
    expect(pageForPath("/panier/")).toEqual({ page: "cart", locale: "fr" });
  });

  it("reads the locale of unknown paths from the /en prefix only", () => {
    expect(localeForPath("/en/nowhere")).toBe("en");
    expect(localeForPath("/english-tea")).toBe("fr");
    expect(localeForPath("/nowhere")).toBe("fr");
    expect(localeForPath("/en")).toBe("en");
  });

  it("toggles the /en prefix on paths outside the map", () => {
    expect(alternatePath("/nowhere", "en")).toBe("/en/nowhere");
    expect(alternatePath("/en/nowhere", "fr")).toBe("/nowhere");
    expect(alternatePath("/en/nowhere", "en")).toBe("/en/nowhere");
  });

  it("answers every address the e-mails link to, on the same page in both languages", () => {
    for (const [page, paths] of Object.entries(EMAIL_LINKS)) {
      expect(pageForPath(paths.fr)).toEqual({ page, locale: "fr" });
      expect(pageForPath(paths.en)).toEqual({ page, locale: "en" });
    }
  });

  it("answers every owner's page her own e-mails link to, and the order they open", () => {
    for (const [page, path] of Object.entries(ADMIN_EMAIL_LINKS)) {
      expect(ADMIN_PAGES[page as keyof typeof ADMIN_PAGES], page).toBe(path);
    }
    expect(adminOrderUrl("https://souls.example", "SOULS-123456ABCD")).toBe(
      `https://souls.example${orderPagePath("SOULS-123456ABCD")}`,
    );
  });

  it("routes the tracking page in both languages", () => {
    expect(pageForPath("/suivi-commande")).toEqual({ page: "tracking", locale: "fr" });
    expect(alternatePath("/suivi-commande", "en")).toBe("/en/track-order");
  });
});
