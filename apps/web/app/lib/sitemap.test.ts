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
      held: 0,
      state: index === 1 ? "draft" : index === 2 ? "archived" : "published",
      seriesId: 1,
      position: model.position,
      beforePriceCents: null,
      texts: model.texts,
      photos: [],
      launch: null,
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
      launch: { opensAt: null, earlyAccessMinutes: 0, launchLimitPieces: 1, launchLimitHours: 24 },
    },
    // Nothing published in it yet: no page.
    {
      id: 2,
      title: { fr: "Atlas", en: "Atlas" },
      subtitle: { fr: "", en: "" },
      featured: true,
      slug: { fr: "atlas", en: "atlas" },
      picture: null,
      launch: { opensAt: null, earlyAccessMinutes: 0, launchLimitPieces: 1, launchLimitHours: 24 },
    },
  ],
  retiredPaths: [],
};

describe("the sitemap", () => {
  // The magazine's articles out now, as the sitemap's route reads them (decision 052).
  const articles = [
    { slug: { fr: "tissus-marocains-traditionnels", en: "traditional-moroccan-fabrics" } },
    { slug: { fr: "comment-porter-sac-banane-style", en: "how-to-wear-fanny-pack-with-style" } },
  ];
  const xml = buildSitemap(origin, catalogue, articles);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it("lists every public page, model, series and article shoppers may find, in both languages", () => {
    expect(locs).toHaveLength((sitemapPages().length + 3 + 1 + 2) * 2);
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
    expect(locs).toContain(`${origin}/en/magazine/traditional-moroccan-fabrics`);
    // Right after the magazine's page, as when they were pages of the map.
    const magazine = locs.indexOf(`${origin}/en/magazine`);
    expect(locs.slice(magazine + 1, magazine + 3)).toEqual([
      `${origin}/magazine/tissus-marocains-traditionnels`,
      `${origin}/en/magazine/traditional-moroccan-fabrics`,
    ]);
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
