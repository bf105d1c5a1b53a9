/**
 * A series' address and picture on real PostgreSQL: the address made from its title once and
 * kept, the picture judged and cut as a model's photo and served by the photo route's lookup,
 * replaced and removed with its files; the catalogue the pages read says which series shoppers
 * may find (an earlier one stays when another is featured; an unpublished model never shows).
 */
import { photoCuts, photoFileName } from "@souls/core/photos";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SeriesNotFoundError } from "../admin/catalogue/errors";
import { createModel, publishModel } from "../admin/catalogue/models";
import { createSeries, featureSeries, updateSeries } from "../admin/catalogue/series";
import { completeTexts, insertDescribedPhoto } from "../admin/catalogue/testing";
import { updateModelTexts } from "../admin/catalogue/texts";
import {
  homeSeries,
  loadCatalogue,
  seriesAtAddress,
  seriesModels,
  shownModels,
  shownSeries,
} from "../catalogue";
import { PhotoRefusedError } from "../errors";
import { smallPhoto } from "./fixtures";
import { photoFile } from "./photos";
import { removeSeriesPicture, setSeriesPicture, setSeriesPictureAlt } from "./series-picture";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

const files = (seriesId: number) =>
  t.db
    .selectFrom("seriesPictureFiles")
    .select(["format", "width"])
    .where("seriesId", "=", seriesId)
    .execute();

/** A model of a series, complete in both languages with a described photo, published or not. */
async function modelIn(seriesId: number, name: string, publish: boolean) {
  const model = await createModel(t.db, { name, priceCents: 17900, stock: 3, seriesId });
  await updateModelTexts(t.db, model.id, "fr", completeTexts("fr"));
  await updateModelTexts(t.db, model.id, "en", completeTexts("en"));
  await insertDescribedPhoto(t.db, model.id);
  if (publish) await publishModel(t.db, model.id);
  return model;
}

describe("a series' address", () => {
  it("is made from its titles in each language, and the launch series has its own", async () => {
    const catalogue = await loadCatalogue(t.db);
    const first = catalogue.series[0];
    expect(first?.slug).toEqual({ fr: "premiere-collection", en: "first-collection" });
    const summer = await createSeries(t.db, { titleFr: "Été à Fès : œuvres", titleEn: "Summer in Fez!" });
    const row = await t.db
      .selectFrom("series")
      .select(["slugFr", "slugEn"])
      .where("id", "=", summer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slugFr: "ete-a-fes-oeuvres", slugEn: "summer-in-fez" });
  });

  it("takes -2 when another series has it, and a word when the title has no letter", async () => {
    const twin = await createSeries(t.db, { titleFr: "Été à Fès : œuvres", titleEn: "« ! »" });
    const row = await t.db
      .selectFrom("series")
      .select(["slugFr", "slugEn"])
      .where("id", "=", twin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slugFr: "ete-a-fes-oeuvres-2", slugEn: "series" });
  });

  it("stays when the series is renamed: links announced before the opening keep answering", async () => {
    const atlas = await createSeries(t.db, { titleFr: "Atlas", titleEn: "Atlas" });
    await updateSeries(t.db, atlas.id, { titleFr: "Atlas, hiver", titleEn: "Atlas, winter" });
    const row = await t.db
      .selectFrom("series")
      .select(["slugFr", "slugEn", "titleFr"])
      .where("id", "=", atlas.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ slugFr: "atlas", slugEn: "atlas", titleFr: "Atlas, hiver" });
  });
});

describe("the series shoppers may find", () => {
  it("keeps the first collection and Aicha after a second series is featured; drafts never show", async () => {
    const second = await createSeries(t.db, { titleFr: "Deuxième série", titleEn: "Second series" });
    const zora = await modelIn(second.id, "Zora", true);
    const draft = await modelIn(second.id, "Lune", false);
    await featureSeries(t.db, second.id);

    const catalogue = await loadCatalogue(t.db);
    expect(homeSeries(catalogue).series?.id).toBe(second.id);
    const shown = shownSeries(catalogue);
    // The featured first, then the newest; series with nothing published have no page.
    expect(shown.map((one) => one.slug.fr)).toEqual(["deuxieme-serie", "premiere-collection"]);
    const first = seriesAtAddress(catalogue, "fr", "premiere-collection");
    expect(first).toBeDefined();
    const firstModels = seriesModels(catalogue, first?.id ?? 0).map((model) => model.model);
    expect(firstModels).toContain("aicha");
    expect(seriesAtAddress(catalogue, "en", "first-collection")?.id).toBe(first?.id);
    const secondModels = seriesModels(catalogue, second.id).map((model) => model.id);
    expect(secondModels).toEqual([zora.id]);
    expect(secondModels).not.toContain(draft.id);
    expect(shownModels(catalogue).map((model) => model.id)).not.toContain(draft.id);
  });

  it("knows no series at an unknown address, nor at one in the other language's prefix", async () => {
    const catalogue = await loadCatalogue(t.db);
    expect(seriesAtAddress(catalogue, "fr", "nulle-part")).toBeUndefined();
    expect(seriesAtAddress(catalogue, "fr", "first-collection")).toBeUndefined();
    // A series with no published model (Atlas) has no page yet.
    expect(seriesAtAddress(catalogue, "fr", "atlas")).toBeUndefined();
  });

  it("leaves out an archived model from its series' page", async () => {
    const catalogue = await loadCatalogue(t.db);
    const first = seriesAtAddress(catalogue, "fr", "premiere-collection");
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("slug", "=", "ilian").execute();
    const after = await loadCatalogue(t.db);
    expect(seriesModels(after, first?.id ?? 0).map((model) => model.model)).not.toContain("ilian");
    await t.db.updateTable("products").set({ archivedAt: null }).where("slug", "=", "ilian").execute();
  });
});

describe("a series' picture", () => {
  it("is cut as a model's photo, served by its file names, and read by the catalogue", async () => {
    const series = await createSeries(t.db, { titleFr: "Image", titleEn: "Picture" });
    const bytes = await smallPhoto("#b4532a", "jpeg", { width: 1200, height: 750 });
    const picture = await setSeriesPicture(t.db, {
      seriesId: series.id,
      bytes,
      altFr: "Trois sacs sur un mur ocre",
      altEn: "Three bags on an ochre wall",
    });
    expect(picture).toMatchObject({ width: 1200, height: 750 });
    expect((await files(series.id)).length).toBe(photoCuts(1200).length);
    const served = await photoFile(t.db, photoFileName(picture.source, 480, "webp"));
    expect(served?.contentType).toBe("image/webp");
    const catalogue = await loadCatalogue(t.db);
    expect(catalogue.series.find((one) => one.id === series.id)?.picture).toEqual({
      id: series.id,
      source: picture.source,
      width: 1200,
      height: 750,
      alt: { fr: "Trois sacs sur un mur ocre", en: "Three bags on an ochre wall" },
    });
  });

  it("replaces the one before, whose files go (its words stay unless new ones come)", async () => {
    const series = await createSeries(t.db, { titleFr: "Remplacée", titleEn: "Replaced" });
    const before = await setSeriesPicture(t.db, {
      seriesId: series.id,
      bytes: await smallPhoto("#4f5d43"),
      altFr: "Avant",
      altEn: "Before",
    });
    const after = await setSeriesPicture(t.db, { seriesId: series.id, bytes: await smallPhoto("#9c4220") });
    expect(after.source).not.toBe(before.source);
    expect(after.alt).toEqual({ fr: "Avant", en: "Before" });
    expect(await photoFile(t.db, photoFileName(before.source, 480, "webp"))).toBeNull();
    expect(await photoFile(t.db, photoFileName(after.source, 480, "webp"))).not.toBeNull();
    expect(await setSeriesPictureAlt(t.db, series.id, { fr: " Après ", en: "After" })).toMatchObject({
      alt: { fr: "Après", en: "After" },
    });
    await removeSeriesPicture(t.db, series.id);
    expect(await files(series.id)).toEqual([]);
    expect((await loadCatalogue(t.db)).series.find((one) => one.id === series.id)?.picture).toBeNull();
  });

  it("is refused as a model's photo would be, and a refusal keeps the picture it had", async () => {
    const series = await createSeries(t.db, { titleFr: "Refus", titleEn: "Refusals" });
    const kept = await setSeriesPicture(t.db, { seriesId: series.id, bytes: await smallPhoto("#2b211b") });
    const tiny = await smallPhoto("#ffffff", "png", { width: 200, height: 200 });
    await expect(setSeriesPicture(t.db, { seriesId: series.id, bytes: tiny })).rejects.toMatchObject({
      reason: "too_small",
    });
    const strip = await smallPhoto("#ffffff", "png", { width: 2000, height: 400 });
    await expect(setSeriesPicture(t.db, { seriesId: series.id, bytes: strip })).rejects.toBeInstanceOf(
      PhotoRefusedError,
    );
    await expect(
      setSeriesPicture(t.db, { seriesId: series.id, bytes: new Uint8Array(Buffer.from("not an image")) }),
    ).rejects.toMatchObject({ reason: "format" });
    await expect(
      setSeriesPicture(t.db, {
        seriesId: series.id,
        bytes: await smallPhoto("#000000"),
        altFr: "x".repeat(301),
      }),
    ).rejects.toMatchObject({ reason: "alt_too_long" });
    await expect(
      setSeriesPicture(t.db, { seriesId: 999_999, bytes: await smallPhoto("#123456") }),
    ).rejects.toBeInstanceOf(SeriesNotFoundError);
    const row = await t.db
      .selectFrom("series")
      .select("pictureSource")
      .where("id", "=", series.id)
      .executeTakeFirst();
    expect(row?.pictureSource).toBe(kept.source);
    expect((await files(series.id)).length).toBeGreaterThan(0);
  });
});
