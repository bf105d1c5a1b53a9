import { LAUNCH_MODELS } from "@souls/db";
import type { Catalogue, CatalogueModel } from "@souls/shop/catalogue";
import { describe, expect, it } from "vitest";
import { buildRobots, buildSitemap, sitemapPages } from "./sitemap";

const origin = "https://souls.example";

/** The launch models as the catalogue gives them, one a draft (never listed) and one archived (listed). */
const catalogue: Catalogue = {
  models: LAUNCH_MODELS.map(
    (model, index): CatalogueModel => ({
      id: index + 1,
      model: model.code,
      name: model.name,
      reference: model.reference,
      priceCents: model.priceCents,
      currency: "EUR",
      available: 3,
      state: index === 1 ? "draft" : index === 2 ? "archived" : "published",
      seriesId: 1,
      position: model.position,
      beforePriceCents: null,
      texts: model.texts,
      photos: [],
    }),
  ),
  series: [
    {
      id: 1,
      title: { fr: "Première collection", en: "First collection" },
      subtitle: { fr: "", en: "" },
      featured: false,
      slug: { fr: "premiere-collection", en: "first-collection" },
      picture: null,
    },
    // Nothing published in it yet: no page.
    {
      id: 2,
      title: { fr: "Atlas", en: "Atlas" },
      subtitle: { fr: "", en: "" },
      featured: true,
      slug: { fr: "atlas", en: "atlas" },
      picture: null,
    },
  ],
  retiredPaths: [],
};

describe("the sitemap", () => {
  const xml = buildSitemap(origin, catalogue);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("lists every public page, model and series shoppers may find, in both languages", () => {
    expect(locs).toHaveLength((sitemapPages().length + 3 + 1) * 2);
    expect(locs).toContain(`${origin}/collections/premiere-collection`);
    expect(locs).toContain(`${origin}/en/collections/first-collection`);
    expect(locs).not.toContain(`${origin}/collections/atlas`);
    expect(locs).toContain(`${origin}/toutes-les-pieces`);
    expect(locs).toContain(`${origin}/en/all-pieces`);
    expect(locs).not.toContain(`${origin}/produit/sac-banane-nadia`);
    expect(locs).toContain(`${origin}/`);
    expect(locs).toContain(`${origin}/en`);
    expect(locs).toContain(`${origin}/produit/sac-banane-bilin`);
    expect(locs).toContain(`${origin}/en/product/bilin-fanny-pack`);
    expect(locs).toContain(`${origin}/magazine/comment-porter-sac-banane-style`);
    expect(locs).toContain(`${origin}/en/terms-of-sale`);
  });

  it("leaves out the admin, tracking and checkout", () => {
    expect(xml).not.toMatch(/admin|suivi-commande|track-order|checkout/);
  });

  it("gives each address its fr, en and x-default alternates and the spec's priorities", () => {
    const entry = xml.split("<url>").find((block) => block.includes(`<loc>${origin}/panier</loc>`)) ?? "";
    expect(entry).toContain(`hreflang="fr" href="${origin}/panier"`);
    expect(entry).toContain(`hreflang="en" href="${origin}/en/cart"`);
    expect(entry).toContain(`hreflang="x-default" href="${origin}/panier"`);
    expect(entry).toContain("<priority>0.6</priority>");
    expect(xml).toMatch(/<loc>https:\/\/souls\.example\/<\/loc>[\s\S]*?<priority>1\.0<\/priority>/);
  });

  it("is well-formed XML with the sitemap and xhtml namespaces", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });
});

describe("robots.txt", () => {
  it("points to the sitemap and keeps the admin and tracking out", () => {
    const robots = buildRobots(origin);
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /suivi-commande");
    expect(robots).toContain("Disallow: /en/track-order");
  });
});
