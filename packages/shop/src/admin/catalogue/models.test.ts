import { CATALOGUE_LIMITS, EMPTY_MODEL_TEXTS } from "@souls/core/catalogue-rules";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DuplicateReferenceError, InvalidProductError } from "../../errors";
import { productHistory } from "../../product-history";
import { type MissingPiece, missingPieces } from "./completeness";
import {
  CatalogueRefusedError,
  ModelIncompleteError,
  ModelTextRefusedError,
  SeriesNotFoundError,
} from "./errors";
import { archiveModel, createModel, publishModel, unarchiveModel, unpublishModel } from "./models";
import { catalogueOverview, modelDetail } from "./overview";
import { createSeries } from "./series";
import { completeTexts, insertDescribedPhoto } from "./testing";
import { normalizeModelTexts, updateModelIdentity, updateModelTexts } from "./texts";

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

const model = (id: number) =>
  t.db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const addresses = (id: number) =>
  t.db
    .selectFrom("productTexts")
    .select(["locale", "path"])
    .where("productId", "=", id)
    .orderBy("locale")
    .execute();
const newSeries = () => createSeries(t.db, { titleFr: "Deuxième série", titleEn: "Second series" });

/** Zora, complete in both languages, with one photo described in both: ready to publish. */
async function readyZora() {
  const series = await newSeries();
  const zora = await createModel(t.db, { name: "Zora", priceCents: 17900, stock: 3, seriesId: series.id });
  await updateModelTexts(t.db, zora.id, "fr", completeTexts("fr"));
  await updateModelTexts(t.db, zora.id, "en", completeTexts("en"));
  await insertDescribedPhoto(t.db, zora.id);
  return zora;
}

describe("a new model", () => {
  it("is a draft with a code from its name, its default addresses and a line in its history", async () => {
    const series = await newSeries();
    const zora = await createModel(t.db, {
      name: " Zora ",
      priceCents: 17900,
      stock: 3,
      seriesId: series.id,
    });
    expect(zora).toMatchObject({
      name: "Zora",
      slug: "zora",
      reference: "ZORA-01",
      priceCents: 17900,
      stock: 3,
    });
    const row = await model(zora.id);
    expect(row).toMatchObject({ publishedAt: null, archivedAt: null, seriesId: series.id, position: 1 });
    expect(await addresses(zora.id)).toEqual([
      { locale: "en", path: "/en/product/zora-fanny-pack" },
      { locale: "fr", path: "/produit/sac-banane-zora" },
    ]);
    expect(await productHistory(t.db, zora.id)).toMatchObject([{ kind: "created", toValue: "17900" }]);
    const second = await createModel(t.db, {
      name: "Zora",
      reference: "Zora-bis",
      priceCents: 100,
      seriesId: series.id,
    });
    expect(second).toMatchObject({ slug: "zora-2", reference: "Zora-bis" });
    expect((await model(second.id)).position).toBe(2);
  });

  it("takes a code whose addresses are free: another model may hold its default by hand", async () => {
    const aicha = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "aicha")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("productTexts")
      .set({ path: "/en/product/lina-fanny-pack" })
      .where("productId", "=", aicha.id)
      .where("locale", "=", "en")
      .execute();
    const lina = await createModel(t.db, { name: "Lina", priceCents: 100 });
    expect(lina.slug).toBe("lina-2");
    expect(await addresses(lina.id)).toContainEqual({ locale: "fr", path: "/produit/sac-banane-lina-2" });
  });

  it("is refused with a reference another model has, an unknown series, or bad values", async () => {
    await expect(
      createModel(t.db, { name: "Copie", reference: "Aicha-01", priceCents: 100 }),
    ).rejects.toBeInstanceOf(DuplicateReferenceError);
    await expect(
      createModel(t.db, { name: "Orpheline", priceCents: 100, seriesId: 999_999 }),
    ).rejects.toBeInstanceOf(SeriesNotFoundError);
    for (const wrong of [{ name: " " }, { name: "x".repeat(121) }, { priceCents: 0 }, { stock: -1 }]) {
      await expect(createModel(t.db, { name: "Valide", priceCents: 100, ...wrong })).rejects.toBeInstanceOf(
        InvalidProductError,
      );
    }
    expect((await catalogueOverview(t.db)).counts.models).toBe(4);
  });

  it(`is refused past ${CATALOGUE_LIMITS.models} models`, async () => {
    await t.db
      .insertInto("products")
      .values(
        Array.from({ length: CATALOGUE_LIMITS.models - 4 }, (_, n) => ({
          reference: `FILL-${n}`,
          slug: `fill-${n}`,
          name: "Remplissage",
          priceCents: 100,
        })),
      )
      .execute();
    await expect(createModel(t.db, { name: "De trop", priceCents: 100 })).rejects.toMatchObject(
      new CatalogueRefusedError("too_many_models", CATALOGUE_LIMITS.models),
    );
  });
});

describe("publishing", () => {
  it("is refused until complete in both languages, each missing piece named, and nothing changes", async () => {
    const zora = await createModel(t.db, { name: "Zora", priceCents: 17900 });
    const refusal = await publishModel(t.db, zora.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ModelIncompleteError);
    const missing = (refusal as ModelIncompleteError).missing;
    expect(missing).toContainEqual({ piece: "text", field: "longDescription", locale: "en" });
    expect(missing).toContainEqual({ piece: "material", material: "fabric", locale: "fr" });
    expect(missing).toContainEqual({ piece: "photo" });
    expect(missing).toContainEqual({ piece: "series" });
    // Embroidery and leather are not every bag's: they may stay empty.
    expect(missing).not.toContainEqual({ piece: "material", material: "leather", locale: "fr" });
    expect((await model(zora.id)).publishedAt).toBeNull();

    const series = await newSeries();
    await t.db.updateTable("products").set({ seriesId: series.id }).where("id", "=", zora.id).execute();
    await updateModelTexts(t.db, zora.id, "fr", completeTexts("fr"));
    await updateModelTexts(t.db, zora.id, "en", { ...completeTexts("en"), longDescription: "  " });
    await insertDescribedPhoto(t.db, zora.id, { fr: "Vue de face" });
    await insertDescribedPhoto(t.db, zora.id, { en: "Side view" });
    await expect(publishModel(t.db, zora.id)).rejects.toMatchObject({
      missing: [
        { piece: "text", field: "longDescription", locale: "en" },
        { piece: "photoAlt", photo: 1, locale: "en" },
        { piece: "photoAlt", photo: 2, locale: "fr" },
      ] satisfies MissingPiece[],
    });
  });

  it("puts a complete model on sale, with its line in the history; back to draft and again", async () => {
    const zora = await readyZora();
    expect((await modelDetail(t.db, zora.id)).missing).toEqual([]);
    await publishModel(t.db, zora.id);
    expect((await model(zora.id)).publishedAt).toBeInstanceOf(Date);
    await unpublishModel(t.db, zora.id);
    expect((await model(zora.id)).publishedAt).toBeNull();
    const kinds = (await productHistory(t.db, zora.id)).map((event) => event.kind);
    expect(kinds.slice(0, 2)).toEqual(["unpublished", "published"]);
  });

  it("keeps a published model complete: emptying a field of its page is refused", async () => {
    const zora = await readyZora();
    await publishModel(t.db, zora.id);
    await expect(
      updateModelTexts(t.db, zora.id, "en", { ...completeTexts("en"), care: "" }),
    ).rejects.toMatchObject({ missing: [{ piece: "text", field: "care", locale: "en" }] });
    expect((await modelDetail(t.db, zora.id)).texts.en.care).toBe(completeTexts("en").care);
  });

  it("is refused for an archived model, which keeps its page once back", async () => {
    const zora = await readyZora();
    await publishModel(t.db, zora.id);
    await archiveModel(t.db, zora.id);
    expect(await model(zora.id)).toMatchObject({
      archivedAt: expect.any(Date),
      publishedAt: expect.any(Date),
    });
    const overview = await catalogueOverview(t.db);
    expect(overview.series[0]?.models[0]).toMatchObject({ id: zora.id, status: "archived" });
    await unpublishModel(t.db, zora.id);
    await expect(publishModel(t.db, zora.id)).rejects.toMatchObject({ reason: "archived" });
    await unarchiveModel(t.db, zora.id);
    await publishModel(t.db, zora.id);
    expect(await model(zora.id)).toMatchObject({ archivedAt: null, publishedAt: expect.any(Date) });
    const kinds = (await productHistory(t.db, zora.id)).map((event) => event.kind);
    expect(kinds.slice(0, 5)).toEqual(["published", "unarchived", "unpublished", "archived", "published"]);
  });
});

describe("a model's words", () => {
  it("are stored as typed, trimmed, with one kind of line break and without bidirectional controls", () => {
    const words = normalizeModelTexts({
      ...EMPTY_MODEL_TEXTS,
      tagline: "  Jacquard\r\ndoré\u202E ",
      longDescription: "Premier paragraphe.\r\n\r\nSecond <b>paragraphe</b>.\r",
      materials: { ...EMPTY_MODEL_TEXTS.materials, fabric: "\u2066Jacquard\u2069" },
      faq: [
        { question: " Lavable ? ", answer: "À la main.\r\nÀ froid." },
        { question: " ", answer: "" },
      ],
    });
    expect(words.tagline).toBe("Jacquard doré");
    expect(words.longDescription).toBe("Premier paragraphe.\n\nSecond <b>paragraphe</b>.");
    expect(words.materials.fabric).toBe("Jacquard");
    expect(words.faq).toEqual([{ question: "Lavable ?", answer: "À la main.\nÀ froid." }]);
  });

  it("are refused beyond their bounds, with NUL, half an FAQ item or more than ten", () => {
    const refused = (texts: Partial<typeof EMPTY_MODEL_TEXTS>) => () =>
      normalizeModelTexts({ ...EMPTY_MODEL_TEXTS, ...texts });
    expect(refused({ tagline: "x".repeat(121) })).toThrow(
      new ModelTextRefusedError("tagline", "too_long", 120),
    );
    expect(refused({ longDescription: "x".repeat(5_001) })).toThrow(ModelTextRefusedError);
    expect(refused({ care: "a\u0000b" })).toThrow(new ModelTextRefusedError("care", "characters"));
    expect(refused({ faq: [{ question: "Q ?", answer: "" }] })).toThrow(
      new ModelTextRefusedError("faq", "faq_incomplete"),
    );
    const eleven = Array.from({ length: 11 }, () => ({ question: "Q ?", answer: "R." }));
    expect(refused({ faq: eleven })).toThrow(new ModelTextRefusedError("faq", "faq_too_many", 10));
    expect(
      normalizeModelTexts({ ...EMPTY_MODEL_TEXTS, longDescription: "x".repeat(5_000) }).longDescription,
    ).toHaveLength(5_000);
  });

  it("are recorded once per change, and a model without words yet gets its default address", async () => {
    const row = await t.db
      .insertInto("products")
      .values({ reference: "OLD-01", slug: "ancien", name: "Ancien", priceCents: 100 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await updateModelTexts(t.db, row.id, "fr", completeTexts("fr"));
    await updateModelTexts(t.db, row.id, "fr", completeTexts("fr"));
    expect(await addresses(row.id)).toEqual([{ locale: "fr", path: "/produit/sac-banane-ancien" }]);
    expect(await productHistory(t.db, row.id)).toMatchObject([{ kind: "texts_changed", toValue: "fr" }]);
    expect(missingPieces({ priceCents: 100, seriesId: 1, texts: {}, photos: [] })).toHaveLength(
      2 * (11 + 3) + 1,
    );
  });

  it("include the name and the reference, the reference unique", async () => {
    const zora = await createModel(t.db, { name: "Zora", priceCents: 100 });
    const renamed = await updateModelIdentity(t.db, zora.id, { name: "Zora II", reference: "ZORA-02" });
    expect(renamed).toMatchObject({ name: "Zora II", reference: "ZORA-02", slug: "zora" });
    await expect(
      updateModelIdentity(t.db, zora.id, { name: "Zora", reference: "Aicha-01" }),
    ).rejects.toBeInstanceOf(DuplicateReferenceError);
  });
});
