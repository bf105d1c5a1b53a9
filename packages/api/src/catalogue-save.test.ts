/**
 * The model editor's one save and « Dupliquer » (issue 32) on real PostgreSQL: the whole model
 * written at once or not at all, every refused field named by its path, a duplicate that starts
 * from the model's words without its photos or stock.
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

type SaveInput = Parameters<ReturnType<typeof api>["catalogue"]["save"]>[0];

/** What the editor sends for a model as it stands: every field it shows, as stored. */
async function formOf(id: number): Promise<SaveInput> {
  const detail = await api().catalogue.detail({ id });
  const photos = await api().photos.list({ productId: id });
  const words = (locale: "fr" | "en") => {
    const { path: _path, ...texts } = detail.texts[locale];
    return texts;
  };
  return {
    id,
    name: detail.model.name,
    reference: detail.model.reference,
    seriesId: detail.model.seriesId,
    price: detail.model.priceCents / 100,
    texts: { fr: words("fr"), en: words("en") },
    photos: photos.photos.map((photo) => ({ id: photo.id, altFr: photo.alt.fr, altEn: photo.alt.en })),
  };
}

async function newDraft(name = "Zora") {
  const series = await api().catalogue.createSeries({ titleFr: "Deuxième série", titleEn: "Second series" });
  const model = await api().catalogue.createModel({ name, price: 179, seriesId: series.id, stock: 2 });
  return { series, model };
}

describe("catalogue.save, the editor's one « Enregistrer »", () => {
  it("writes identity, price, both languages, both addresses and the photos' words in one go", async () => {
    const { model } = await newDraft();
    const photo = await insertDescribedPhoto(t.db, model.id, { fr: "", en: "" });
    const form = await formOf(model.id);
    const fr = { ...form.texts.fr, ...completeTexts("fr"), segment: "sac-banane-zora-indigo" };
    const en = { ...form.texts.en, ...completeTexts("en") };
    const answer = await api().catalogue.save({
      ...form,
      name: "Zora indigo",
      reference: "ZORA-IND",
      price: 189.5,
      texts: { fr, en },
      photos: [{ id: photo.id, altFr: "Vue de face", altEn: "Front view" }],
    });
    expect(answer.changes).toBeGreaterThan(0);
    const detail = await api().catalogue.detail({ id: model.id });
    expect(detail.model).toMatchObject({ name: "Zora indigo", reference: "ZORA-IND", priceCents: 18950 });
    expect(detail.texts.fr).toMatchObject({
      tagline: completeTexts("fr").tagline,
      path: "/produit/sac-banane-zora-indigo",
    });
    expect(detail.texts.en.tagline).toBe(completeTexts("en").tagline);
    expect(detail.missing).toEqual([]);
    expect(detail.missingFields).toEqual([]);
    const photos = await api().photos.list({ productId: model.id });
    expect(photos.photos[0]?.alt).toEqual({ fr: "Vue de face", en: "Front view" });

    // Saving the same form again changes nothing and writes no history.
    const events = detail.history.length;
    expect((await api().catalogue.save(await formOf(model.id))).changes).toBe(0);
    expect((await api().catalogue.detail({ id: model.id })).history).toHaveLength(events);
  });

  it("writes nothing when one field is refused, and names every refused field by its path", async () => {
    const { model } = await newDraft();
    const other = await api().catalogue.createModel({
      name: "Aicha bis",
      reference: "AICHA-BIS",
      price: 150,
    });
    const otherPaths = await api().catalogue.detail({ id: other.id });
    const form = await formOf(model.id);
    const before = await rowCounts(t.db);
    const error = await trpcError(
      api().catalogue.save({
        ...form,
        name: "Zora changée",
        reference: "AICHA-BIS",
        texts: {
          fr: { ...form.texts.fr, tagline: "Une accroche qu’elle ne doit pas perdre" },
          en: { ...form.texts.en, segment: otherPaths.texts.en.segment },
        },
      }),
    );
    expect(error.code).toBe("CONFLICT");
    const shape = errorShape(error, "catalogue.save");
    expect(shape.data.httpStatus).toBe(409);
    expect(shape.data.zodError?.fieldErrors).toEqual({
      reference: [{ key: "admin:input.referenceTaken", values: {} }],
      "texts.en.segment": [{ key: "admin:input.addressTaken", values: {} }],
    });
    // All or nothing: the name and the tagline typed beside the refused fields are not written.
    expect(await rowCounts(t.db)).toEqual(before);
    const detail = await api().catalogue.detail({ id: model.id });
    expect(detail.model.name).toBe("Zora");
    expect(detail.texts.fr.tagline).toBe("");
  });

  it("refuses garbage with 400 and a message under each field, several at once", async () => {
    const { model } = await newDraft();
    const form = await formOf(model.id);
    const before = await rowCounts(t.db);
    const error = await trpcError(
      api().catalogue.save({
        ...form,
        name: "   ",
        price: -3,
        texts: {
          fr: {
            ...form.texts.fr,
            tagline: "x".repeat(121),
            materials: { ...form.texts.fr.materials, fabric: "a\u0000b" },
          },
          en: { ...form.texts.en, segment: "Pas Une Adresse" },
        },
      }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    const fields = errorShape(error, "catalogue.save").data.zodError?.fieldErrors ?? {};
    expect(Object.keys(fields).sort()).toEqual(
      ["name", "price", "texts.en.segment", "texts.fr.materials.fabric", "texts.fr.tagline"].sort(),
    );
    expect(fields["texts.fr.tagline"]).toEqual([{ key: "admin:input.tooLong", values: { max: 120 } }]);
    expect(await rowCounts(t.db)).toEqual(before);

    for (const garbage of [
      null,
      "save",
      { id: model.id },
      { ...form, texts: "none" },
      { ...form, junk: 1 },
    ]) {
      const refused = await trpcError(api().catalogue.save(garbage as SaveInput));
      expect(refused.code).toBe("BAD_REQUEST");
      expect(errorShape(refused, "catalogue.save").data.httpStatus).toBe(400);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("keeps a published model complete: each emptied field is named, half a question too", async () => {
    const { model } = await newDraft();
    const form = await formOf(model.id);
    await insertDescribedPhoto(t.db, model.id);
    const complete = {
      fr: { ...form.texts.fr, ...completeTexts("fr") },
      en: { ...form.texts.en, ...completeTexts("en") },
    };
    await api().catalogue.save({ ...form, texts: complete, photos: (await formOf(model.id)).photos });
    await api().catalogue.publish({ id: model.id });
    const published = await formOf(model.id);
    const error = await trpcError(
      api().catalogue.save({
        ...published,
        texts: {
          fr: { ...published.texts.fr, tagline: "", faq: [{ question: "Est-elle unique ?", answer: "" }] },
          en: { ...published.texts.en, materials: { ...published.texts.en.materials, lining: " " } },
        },
      }),
    );
    const fields = errorShape(error, "catalogue.save").data.zodError?.fieldErrors ?? {};
    expect(fields).toMatchObject({ "texts.fr.faq.0.answer": [{ key: "admin:input.required" }] });
    const second = await trpcError(
      api().catalogue.save({
        ...published,
        texts: {
          fr: { ...published.texts.fr, tagline: "" },
          en: { ...published.texts.en, materials: { ...published.texts.en.materials, lining: " " } },
        },
      }),
    );
    expect(second.code).toBe("CONFLICT");
    expect(errorShape(second, "catalogue.save").data.zodError?.fieldErrors).toEqual({
      "texts.fr.tagline": [{ key: "admin:input.publishedNeeds", values: {} }],
      "texts.en.materials.lining": [{ key: "admin:input.publishedNeeds", values: {} }],
    });
    expect((await api().catalogue.detail({ id: model.id })).texts.fr.tagline).toBe(
      completeTexts("fr").tagline,
    );
  });

  it("says, before publishing, which field each missing piece is", async () => {
    const { model } = await newDraft();
    const { missingFields } = await api().catalogue.detail({ id: model.id });
    expect(missingFields).toContainEqual({ label: "Accroche (anglais)", field: "texts.en.tagline" });
    expect(missingFields).toContainEqual({
      label: "Matière : tissu (français)",
      field: "texts.fr.materials.fabric",
    });
    expect(missingFields).toContainEqual({ label: "Au moins une photo", field: "photos" });
  });
});

describe("catalogue.duplicate, « Dupliquer »", () => {
  it("starts a draft from a model's words, materials and questions, without its photos or stock", async () => {
    const { model, series } = await newDraft();
    const form = await formOf(model.id);
    await insertDescribedPhoto(t.db, model.id);
    await api().catalogue.save({
      ...form,
      texts: {
        fr: { ...form.texts.fr, ...completeTexts("fr") },
        en: { ...form.texts.en, ...completeTexts("en") },
      },
      photos: (await formOf(model.id)).photos,
    });
    await api().catalogue.publish({ id: model.id });
    const source = await api().catalogue.detail({ id: model.id });

    const copy = await api().catalogue.duplicate({ id: model.id });
    expect(copy).toMatchObject({ name: "Copie de Zora", stock: 0, priceCents: 17900 });
    expect(copy.id).not.toBe(model.id);
    const detail = await api().catalogue.detail({ id: copy.id });
    expect(detail.model).toMatchObject({ status: "draft", seriesId: series.id, stock: 0, publishedAt: null });
    expect(detail.model.code).not.toBe(source.model.code);
    expect(detail.model.reference).not.toBe(source.model.reference);
    for (const locale of ["fr", "en"] as const) {
      const { path, segment, ...words } = detail.texts[locale];
      const { path: sourcePath, segment: _s, ...sourceWords } = source.texts[locale];
      expect(words).toEqual(sourceWords);
      expect(words.faq.length).toBeGreaterThan(0);
      expect(path).not.toBe(sourcePath);
    }
    expect((await api().photos.list({ productId: copy.id })).photos).toEqual([]);
    expect(detail.missing).toEqual(["Au moins une photo"]);
    expect(detail.history.map((event) => event.kind)).toEqual(["texts_changed", "created"]);
    expect(detail.history[0]).toMatchObject({
      fromValue: `Zora (${source.model.reference})`,
      toValue: "Copie de Zora",
    });

    // The source is untouched; a second copy gets a code of its own; a name may be given.
    expect((await api().catalogue.detail({ id: model.id })).model.status).toBe("published");
    const again = await api().catalogue.duplicate({ id: model.id });
    expect(again.slug).not.toBe(copy.slug);
    expect(await api().catalogue.duplicate({ id: model.id, name: "Zora d’hiver" })).toMatchObject({
      name: "Zora d’hiver",
    });
  });

  it("refuses a model that does not exist, writing nothing", async () => {
    const before = await rowCounts(t.db);
    expect((await trpcError(api().catalogue.duplicate({ id: 999_999 }))).code).toBe("NOT_FOUND");
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
