/**
 * The series' pages and « Toutes les pièces » as their loaders answer, on real PostgreSQL: once a
 * second series is featured, the first one's models (Aicha among them) stay on the « all pieces »
 * page, on their series' page and in the menus; an unpublished model never shows; an unknown
 * series is a 404; the root gives both languages' addresses of a series' page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { createModel, createSeries, featureSeries, publishModel, updateModelTexts } from "@souls/shop/admin";
import { completeTexts, insertDescribedPhoto } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
let loaders: { series: Loader; allPieces: Loader; root: Loader; home: Loader };

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  loaders = {
    series: (await import("~/routes/series/route")).loader,
    allPieces: (await import("~/routes/all-pieces/route")).loader,
    home: (await import("~/routes/home/route")).loader,
    root: (await import("~/root")).loader as Loader,
  };
  // A second series, featured, with one published model and one draft.
  const second = await createSeries(t.db, { titleFr: "Atlas d'hiver", titleEn: "Winter Atlas" });
  for (const [name, publish] of [
    ["Zora", true],
    ["Brouillon", false],
  ] as const) {
    const model = await createModel(t.db, { name, priceCents: 17900, stock: 3, seriesId: second.id });
    await updateModelTexts(t.db, model.id, "fr", completeTexts("fr"));
    await updateModelTexts(t.db, model.id, "en", completeTexts("en"));
    await insertDescribedPhoto(t.db, model.id);
    if (publish) await publishModel(t.db, model.id);
  }
  await featureSeries(t.db, second.id);
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** A loader's answer for a path: its data, or the status it threw. */
async function load(loader: Loader, path: string, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${path}`);
  try {
    const result = await loader({ request, params, context: {} });
    if (result instanceof Response) return { status: result.status, data: await result.json() };
    const init = (result as { init?: { status?: number } }).init;
    const data = (result as { data?: unknown }).data ?? result;
    return { status: init?.status ?? 200, data: data as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: null };
    throw thrown;
  }
}

interface SeriesData {
  title: string;
  path: string;
  featured: boolean;
  models: { model: string; name: string }[];
}

describe("« Toutes les pièces »", () => {
  it("shows every published model by series, the featured first, the first collection's Aicha still there", async () => {
    const { status, data } = await load(loaders.allPieces, "/toutes-les-pieces");
    expect(status).toBe(200);
    const series = (data as { series: SeriesData[] }).series;
    expect(series.map((one) => one.title)).toEqual(["Atlas d'hiver", "Première collection"]);
    expect(series[0]?.featured).toBe(true);
    expect(series[0]?.models.map((model) => model.name)).toEqual(["Zora"]);
    expect(series[1]?.models.map((model) => model.model)).toContain("aicha");
    expect(series[1]?.path).toBe("/collections/premiere-collection");
    const names = series.flatMap((one) => one.models.map((model) => model.name));
    expect(names).not.toContain("Brouillon");
    expect((data as { title: string }).title).toBe(
      "Toutes les pièces – Sacs banane SOULS en séries limitées",
    );
  });

  it("answers in English at /en/all-pieces with the English addresses", async () => {
    const { data } = await load(loaders.allPieces, "/en/all-pieces");
    const series = (data as { series: SeriesData[] }).series;
    expect(series.map((one) => one.path)).toEqual([
      "/en/collections/winter-atlas",
      "/en/collections/first-collection",
    ]);
  });
});

describe("a series' page", () => {
  it("shows the earlier series with Aicha after another is featured", async () => {
    const { status, data } = await load(loaders.series, "/collections/premiere-collection", {
      slug: "premiere-collection",
    });
    expect(status).toBe(200);
    const series = (data as { series: SeriesData }).series;
    expect(series.title).toBe("Première collection");
    expect(series.featured).toBe(false);
    expect(series.models.map((model) => model.model)).toEqual(
      expect.arrayContaining(["aicha", "nadia", "bilin", "ilian"]),
    );
  });

  it("never shows an unpublished model", async () => {
    const { data } = await load(loaders.series, "/en/collections/winter-atlas", { slug: "winter-atlas" });
    const series = (data as { series: SeriesData }).series;
    expect(series.title).toBe("Winter Atlas");
    expect(series.models.map((model) => model.name)).toEqual(["Zora"]);
  });

  it.each([
    ["an unknown series", "/collections/nulle-part", "nulle-part"],
    ["the English slug under the French prefix", "/collections/winter-atlas", "winter-atlas"],
    ["a slug in capitals", "/collections/ATLAS-D-HIVER", "ATLAS-D-HIVER"],
    ["an English unknown series", "/en/collections/nowhere", "nowhere"],
  ])("is a 404 for %s", async (_name, path, slug) => {
    expect((await load(loaders.series, path, { slug })).status).toBe(404);
  });
});

describe("the menus and addresses", () => {
  it("lead to every series from every page, the featured first", async () => {
    const { data } = await load(loaders.root, "/magazine");
    expect((data as { series: { title: string; path: string }[] }).series).toEqual([
      { title: "Atlas d'hiver", path: "/collections/atlas-d-hiver" },
      { title: "Première collection", path: "/collections/premiere-collection" },
    ]);
  });

  it("give a series' page its address in both languages (canonical, hreflang, language toggle)", async () => {
    const { data } = await load(loaders.root, "/en/collections/first-collection");
    const addresses = (data as { addresses: { paths?: Record<string, string>; canonical?: string } })
      .addresses;
    expect(addresses.paths).toEqual({
      fr: "/collections/premiere-collection",
      en: "/en/collections/first-collection",
    });
    expect(addresses.canonical).toMatch(/\/en\/collections\/first-collection$/);
  });

  it("show the featured series' title on the home page, with the drawing while it has no picture", async () => {
    const { data } = await load(loaders.home, "/");
    const home = data as { series: { title: string }; picture: unknown };
    expect(home.series).toMatchObject({ title: "Atlas d'hiver" });
    // Nor a picture of the owner's beside her words (decision 051): the drawing.
    expect(home.picture).toBeNull();
  });
});
