/**
 * The catalogue's procedures on real PostgreSQL, as the owner's editor calls them: a new series
 * and model taken to publication, what is missing said in French, addresses, sales, series rules.
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { completeTexts, insertDescribedPhoto } from "@souls/shop/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorShape, ownerCaller, rowCounts, trpcError } from "./testing";

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

const api = () => ownerCaller(t.db);
const idOf = async (slug: string) =>
  (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
const words = (locale: "fr" | "en") => {
  const { materials, faq, ...fields } = completeTexts(locale);
  return { ...fields, materials, faq };
};

describe("« Ajouter un nouveau produit » of the stock page", () => {
  it("creates a draft of the catalogue, with its addresses, that the editor completes", async () => {
    const created = await api().products.create({ reference: "ZORA-01", name: "Zora", price: 179, stock: 3 });
    expect(created).toMatchObject({ reference: "ZORA-01", name: "Zora", slug: "zora", priceCents: 17900 });
    const { model, texts, missing } = await api().catalogue.detail({ id: created.id });
    expect(model).toMatchObject({ status: "draft", publishedAt: null, code: "zora" });
    expect(texts.fr).toMatchObject({ path: "/produit/sac-banane-zora", segment: "sac-banane-zora" });
    expect(texts.en).toMatchObject({ path: "/en/product/zora-fanny-pack", segment: "zora-fanny-pack" });
    expect(missing).toContain("Une série");
  });
});

describe("publishing", () => {
  it("is refused with the French list of what is missing, until complete", async () => {
    const series = await api().catalogue.createSeries({
      titleFr: "Deuxième série",
      titleEn: "Second series",
    });
    const zora = await api().catalogue.createModel({ name: "Zora", price: 179, seriesId: series.id });
    await api().catalogue.updateTexts({ id: zora.id, locale: "fr", ...words("fr") });
    await api().catalogue.updateTexts({ id: zora.id, locale: "en", ...words("en"), longDescription: "" });
    await insertDescribedPhoto(t.db, zora.id, { en: "Front view" });
    const before = await rowCounts(t.db);
    const error = await trpcError(api().catalogue.publish({ id: zora.id }));
    expect(error.code).toBe("CONFLICT");
    expect(errorShape(error, "catalogue.publish")).toMatchObject({
      message:
        "Publication impossible : il manque « Description longue (anglais) », « Texte alternatif de la photo 1 (français) ».",
      data: { httpStatus: 409 },
    });
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await api().catalogue.detail({ id: zora.id })).missing).toEqual([
      "Description longue (anglais)",
      "Texte alternatif de la photo 1 (français)",
    ]);

    await api().catalogue.updateTexts({ id: zora.id, locale: "en", ...words("en") });
    await t.db
      .updateTable("productPhotos")
      .set({ altFr: "Vue de face" })
      .where("productId", "=", zora.id)
      .execute();
    expect(await api().catalogue.publish({ id: zora.id })).toMatchObject({ id: zora.id });
    const { model, history } = await api().catalogue.detail({ id: zora.id });
    expect(model.status).toBe("published");
    expect(history.map((event) => event.kind)).toEqual([
      "published",
      "texts_changed",
      "texts_changed",
      "texts_changed",
      "created",
    ]);
  });

  it("names a material and says why a published model's field cannot be emptied", async () => {
    const zora = await api().catalogue.createModel({ name: "Zora", price: 179 });
    const refused = await trpcError(api().catalogue.publish({ id: zora.id }));
    expect(refused.message).toContain("« Matière : tissu (français) »");
    expect(refused.message).toContain("« Au moins une photo »");
    expect(refused.message).toContain("« Une série »");
    const aicha = await idOf("aicha");
    const error = await trpcError(
      api().catalogue.updateTexts({ id: aicha, locale: "en", ...words("en"), safety: "  " }),
    );
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      "Ce modèle est en ligne : sa page ne peut pas perdre « Sécurité (anglais) ». Repassez-le en brouillon pour vider ces champs.",
    ]);
  });
});

describe("addresses", () => {
  it("refuses another model's address, current or retired, naming the model", async () => {
    const aicha = await idOf("aicha");
    const nadia = await idOf("nadia");
    const taken = await trpcError(
      api().catalogue.changeAddress({ id: nadia, locale: "fr", segment: "sac-banane-aicha" }),
    );
    expect([taken.code, taken.message]).toEqual([
      "CONFLICT",
      "L'adresse /produit/sac-banane-aicha est celle du modèle « Aicha » (Aicha-01) : choisissez-en une autre.",
    ]);
    expect(
      await api().catalogue.changeAddress({ id: aicha, locale: "en", segment: "aicha-golden-belt-bag" }),
    ).toEqual({ path: "/en/product/aicha-golden-belt-bag", retired: "/en/product/aicha-fanny-pack" });
    const retired = await trpcError(
      api().catalogue.changeAddress({ id: nadia, locale: "en", segment: "aicha-fanny-pack" }),
    );
    expect(retired.message).toBe(
      "L'adresse /en/product/aicha-fanny-pack a été celle du modèle « Aicha » (Aicha-01) et mène toujours à sa page : choisissez-en une autre.",
    );
    const { retiredAddresses } = await api().catalogue.detail({ id: aicha });
    expect(retiredAddresses).toMatchObject([{ path: "/en/product/aicha-fanny-pack", locale: "en" }]);
  });

  it("refuses a segment that is not lower-case letters, digits and single hyphens, with a field message", async () => {
    const error = await trpcError(
      api().catalogue.changeAddress({ id: await idOf("aicha"), locale: "fr", segment: "Sac Banane" }),
    );
    expect(errorShape(error, "catalogue.changeAddress").data.zodError?.fieldErrors).toEqual({
      segment: [{ key: "admin:input.addressSegment", values: {} }],
    });
  });
});

describe("sales", () => {
  it("shows the price the shop will strike through, and refuses a sale price that is not lower", async () => {
    const aicha = await idOf("aicha");
    expect((await api().catalogue.detail({ id: aicha })).sale).toEqual({
      referenceCents: null,
      lowestLast30DaysCents: 16900,
    });
    const error = await trpcError(api().catalogue.startSale({ id: aicha, price: 169 }));
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      "Le prix soldé doit être inférieur au prix actuel (169,00\u00a0€).",
    ]);
    await api().catalogue.startSale({ id: aicha, price: 139 });
    const { model, sale } = await api().catalogue.detail({ id: aicha });
    expect(model).toMatchObject({ priceCents: 13900, onSale: true });
    expect(sale.referenceCents).toBe(16900);
    await api().catalogue.endSale({ id: aicha, price: 169 });
    const ended = await trpcError(api().catalogue.endSale({ id: aicha }));
    expect(ended.message).toBe("Ce modèle n'est pas en solde.");
  });
});

describe("series", () => {
  it("one on the home page, moved models, and deleted only empty", async () => {
    const first = (await api().catalogue.list()).series[0];
    expect(first).toMatchObject({ titleFr: "Première collection", featured: true });
    const second = await api().catalogue.createSeries({
      titleFr: "Deuxième série",
      titleEn: "Second series",
    });
    await api().catalogue.moveModel({ id: await idOf("ilian"), seriesId: second.id, position: 1 });
    await api().catalogue.featureSeries({ id: second.id });
    const { series, counts } = await api().catalogue.list();
    expect(series.map((row) => [row.titleFr, row.featured, row.models.map((model) => model.code)])).toEqual([
      ["Deuxième série", true, ["ilian"]],
      ["Première collection", false, ["aicha", "nadia", "bilin"]],
    ]);
    expect(counts).toEqual({ models: 4, series: 2 });
    const notEmpty = await trpcError(api().catalogue.deleteSeries({ id: first?.id ?? 0 }));
    expect([notEmpty.code, notEmpty.message]).toEqual([
      "CONFLICT",
      "Cette série contient encore des modèles (archivés compris) : déplacez-les dans une autre série avant de la supprimer.",
    ]);
    const gone = await trpcError(api().catalogue.featureSeries({ id: 2_000_000 }));
    expect(gone.code).toBe("NOT_FOUND");
  });
});

describe("a series' opening (decision 039)", () => {
  const titles = { titleFr: "Série de décembre", titleEn: "December series" };
  const launch = (opensDate: string, opensTime = "18:00") => ({
    opensDate,
    opensTime,
    earlyAccessMinutes: 60 as const,
    launchLimitPieces: 1,
    launchLimitHours: 24,
  });

  it("is set in Paris time, refused in French when past, moved and cancelled", async () => {
    const created = await api().catalogue.createSeries({ ...titles, launch: launch("2030-12-06") });
    expect(created).toMatchObject({ opensAt: "2030-12-06T17:00:00.000Z", earlyAccessMinutes: 60 });
    const before = await rowCounts(t.db);
    const past = await trpcError(
      api().catalogue.updateSeries({ id: created.id, ...titles, launch: launch("2020-06-05") }),
    );
    expect(errorShape(past, "catalogue.updateSeries")).toMatchObject({
      message:
        "Cette heure d'ouverture est déjà passée : choisissez un jour et une heure à venir (heure de Paris).",
      data: { httpStatus: 400 },
    });
    expect(await rowCounts(t.db)).toEqual(before);
    const moved = await api().catalogue.updateSeries({
      id: created.id,
      ...titles,
      launch: launch("2031-06-06", "18:30"),
    });
    expect(moved.opensAt).toBe("2031-06-06T16:30:00.000Z");
    const cancelled = await api().catalogue.updateSeries({
      id: created.id,
      ...titles,
      launch: { ...launch(""), opensTime: "" },
    });
    expect(cancelled.opensAt).toBeNull();
  });

  it("says which field is wrong: a day without its hour, an hour Paris skips", async () => {
    const { id } = await api().catalogue.createSeries(titles);
    const half = await trpcError(
      api().catalogue.updateSeries({ id, ...titles, launch: { ...launch("2030-12-06"), opensTime: "" } }),
    );
    expect(errorShape(half, "catalogue.updateSeries")).toMatchObject({
      data: {
        zodError: {
          fieldErrors: {
            "launch.opensTime": [{ key: "admin:input.openingIncomplete", values: {} }],
          },
        },
      },
    });
    const skipped = await trpcError(
      api().catalogue.updateSeries({ id, ...titles, launch: launch("2031-03-30", "02:30") }),
    );
    expect(errorShape(skipped, "catalogue.updateSeries")).toMatchObject({
      data: {
        zodError: {
          fieldErrors: {
            "launch.opensTime": [{ key: "admin:input.openingSkipped", values: {} }],
          },
        },
      },
    });
  });
});
