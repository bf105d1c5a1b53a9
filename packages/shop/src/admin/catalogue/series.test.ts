import { CATALOGUE_LIMITS } from "@souls/core/catalogue-rules";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { productHistory } from "../../product-history";
import { CatalogueRefusedError, ModelTextRefusedError, SeriesNotFoundError } from "./errors";
import { createModel } from "./models";
import { catalogueOverview } from "./overview";
import { createSeries, deleteSeries, featureSeries, moveModel, updateSeries } from "./series";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("products").execute();
  await t.db.deleteFrom("series").execute();
  await seedProducts(t.db);
});

const featured = async () =>
  (await t.db.selectFrom("series").select("id").where("featured", "=", true).execute()).map((row) => row.id);
const launchSeries = async () =>
  (
    await t.db
      .selectFrom("series")
      .select("id")
      .where("titleFr", "=", "Première collection")
      .executeTakeFirstOrThrow()
  ).id;
const order = async (seriesId: number) =>
  (
    await t.db
      .selectFrom("products")
      .select(["slug", "position"])
      .where("seriesId", "=", seriesId)
      .orderBy("position")
      .execute()
  ).map((row) => `${row.position}:${row.slug}`);

describe("series", () => {
  it("has exactly one shown on the home page once one is chosen", async () => {
    const first = await launchSeries();
    expect(await featured()).toEqual([first]);
    const second = await createSeries(t.db, { titleFr: " Deuxième série ", titleEn: "Second series" });
    expect(second).toMatchObject({ titleFr: "Deuxième série", featured: false });
    expect(await featured()).toEqual([first]);
    await featureSeries(t.db, second.id);
    expect(await featured()).toEqual([second.id]);
    await Promise.all([featureSeries(t.db, first), featureSeries(t.db, second.id)]);
    expect(await featured()).toHaveLength(1);
  });

  it("is the home page's when it is the shop's first", async () => {
    await t.db.deleteFrom("products").execute();
    await t.db.deleteFrom("series").execute();
    const first = await createSeries(t.db, { titleFr: "Une", titleEn: "One" });
    expect(first.featured).toBe(true);
  });

  it("goes only when empty and not the home page's", async () => {
    const first = await launchSeries();
    await expect(deleteSeries(t.db, first)).rejects.toMatchObject(
      new CatalogueRefusedError("series_not_empty"),
    );
    const empty = await createSeries(t.db, { titleFr: "Vide", titleEn: "Empty" });
    await featureSeries(t.db, empty.id);
    await expect(deleteSeries(t.db, empty.id)).rejects.toMatchObject(
      new CatalogueRefusedError("series_featured"),
    );
    await featureSeries(t.db, first);
    await deleteSeries(t.db, empty.id);
    await expect(deleteSeries(t.db, empty.id)).rejects.toBeInstanceOf(SeriesNotFoundError);
    // An archived model still holds its series: its page names it.
    const other = await createSeries(t.db, { titleFr: "Passée", titleEn: "Past" });
    const kept = await createModel(t.db, { name: "Ancienne", priceCents: 100, seriesId: other.id });
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("id", "=", kept.id).execute();
    await expect(deleteSeries(t.db, other.id)).rejects.toMatchObject({ reason: "series_not_empty" });
  });

  it("has titles of 1 to 80 characters and subtitles of 400 at most, in both languages", async () => {
    await expect(createSeries(t.db, { titleFr: " ", titleEn: "Second" })).rejects.toMatchObject(
      new ModelTextRefusedError("titleFr", "required"),
    );
    await expect(createSeries(t.db, { titleFr: "x".repeat(81), titleEn: "Second" })).rejects.toMatchObject({
      reason: "too_long",
      max: 80,
    });
    await expect(
      createSeries(t.db, { titleFr: "Deux", titleEn: "Two", subtitleEn: "x".repeat(401) }),
    ).rejects.toMatchObject({ field: "subtitleEn", max: 400 });
    const series = await createSeries(t.db, { titleFr: "Deux", titleEn: "Two" });
    const updated = await updateSeries(t.db, series.id, {
      titleFr: "Deuxième série",
      titleEn: "Second series",
      subtitleFr: "Trois pièces.\r\n\r\nBrodées.",
      subtitleEn: "Three pieces.",
    });
    expect(updated).toMatchObject({ titleFr: "Deuxième série", subtitleFr: "Trois pièces.\n\nBrodées." });
  });

  it(`is refused past ${CATALOGUE_LIMITS.series} series`, async () => {
    for (let n = 1; n < CATALOGUE_LIMITS.series; n++) {
      await createSeries(t.db, { titleFr: `Série ${n}`, titleEn: `Series ${n}` });
    }
    await expect(createSeries(t.db, { titleFr: "De trop", titleEn: "Too many" })).rejects.toMatchObject(
      new CatalogueRefusedError("too_many_series", CATALOGUE_LIMITS.series),
    );
  });
});

describe("a model's place", () => {
  it("moves up and down its series, the others numbered around it, with a line in its history", async () => {
    const series = await launchSeries();
    expect(await order(series)).toEqual(["1:aicha", "2:nadia", "3:bilin", "4:ilian"]);
    const bilin = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "bilin")
      .executeTakeFirstOrThrow();
    await moveModel(t.db, bilin.id, series, 1);
    expect(await order(series)).toEqual(["1:bilin", "2:aicha", "3:nadia", "4:ilian"]);
    await moveModel(t.db, bilin.id, series, 99);
    expect(await order(series)).toEqual(["1:aicha", "2:nadia", "3:ilian", "4:bilin"]);
    expect((await productHistory(t.db, bilin.id))[0]).toMatchObject({
      kind: "series_changed",
      fromValue: "Première collection · 1",
      toValue: "Première collection · 4",
    });
  });

  it("moves to another series, which the catalogue shows in its order", async () => {
    const first = await launchSeries();
    const second = await createSeries(t.db, { titleFr: "Deuxième série", titleEn: "Second series" });
    const zora = await createModel(t.db, { name: "Zora", priceCents: 100, seriesId: second.id });
    const nadia = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    await moveModel(t.db, nadia.id, second.id, 1);
    expect(await order(second.id)).toEqual(["1:nadia", "2:zora"]);
    expect(await order(first)).toEqual(["1:aicha", "2:bilin", "3:ilian"]);
    const overview = await catalogueOverview(t.db);
    expect(overview.series.map((row) => [row.titleFr, row.models.map((model) => model.code)])).toEqual([
      ["Deuxième série", ["nadia", "zora"]],
      ["Première collection", ["aicha", "bilin", "ilian"]],
    ]);
    expect((await productHistory(t.db, nadia.id))[0]).toMatchObject({
      fromValue: "Première collection · 2",
      toValue: "Deuxième série · 1",
    });
    await expect(moveModel(t.db, zora.id, 999_999, 1)).rejects.toBeInstanceOf(SeriesNotFoundError);
  });
});
