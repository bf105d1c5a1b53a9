/**
 * The gallery's procedures on real PostgreSQL, as the owner's panel calls them, and the French
 * words of every refusal a photo can meet (the web app's upload answers with the same).
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { PhotoRefusedError } from "@souls/shop/errors";
import { addPhoto, setSeriesPicture } from "@souls/shop/photos";
import { smallPhoto } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, ruleAnswer } from "./errors";
import { errorShape, ownerCaller, rowCounts, trpcError } from "./testing";

let t: TestDatabase;
let aicha: number;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  aicha = (
    await t.db.selectFrom("products").select("id").where("slug", "=", "aicha").executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.drop());

const api = () => ownerCaller(t.db);

describe("a series picture's procedures", () => {
  it("describe the picture, take it away, and refuse garbage with a 400 and an unknown series with a 404", async () => {
    const series = await t.db.selectFrom("series").select("id").orderBy("id").executeTakeFirstOrThrow();
    await setSeriesPicture(t.db, { seriesId: series.id, bytes: await smallPhoto("#b4532a") });
    const { picture } = await api().photos.setSeriesAlt({
      seriesId: series.id,
      fr: "  Trois sacs \u202esur un mur ",
      en: "Three bags",
    });
    expect(picture?.alt).toEqual({ fr: "Trois sacs sur un mur", en: "Three bags" });
    const before = await rowCounts(t.db);
    for (const garbage of [
      { seriesId: "1", fr: "", en: "" },
      { seriesId: series.id, fr: "x".repeat(301), en: "" },
      { seriesId: series.id, fr: ["a"], en: "" },
      { seriesId: -1, fr: "", en: "" },
      { seriesId: series.id, fr: "", en: "", extra: true },
    ]) {
      const error = await trpcError(api().photos.setSeriesAlt(garbage as never));
      expect(error.code).toBe("BAD_REQUEST");
      expect(errorShape(error, "photos.setSeriesAlt")).toMatchObject({ message: MESSAGES.validation });
    }
    expect(await rowCounts(t.db)).toEqual(before);
    const unknown = await trpcError(api().photos.removeSeriesPicture({ seriesId: 2_000_000 }));
    expect(unknown.code).toBe("NOT_FOUND");
    expect(await api().photos.removeSeriesPicture({ seriesId: series.id })).toEqual({ removed: series.id });
    const row = await t.db
      .selectFrom("series")
      .select("pictureSource")
      .where("id", "=", series.id)
      .executeTakeFirst();
    expect(row?.pictureSource).toBeNull();
  });
});

describe("the gallery's procedures", () => {
  it("list a model's photos, cover first, and refuse an unknown model", async () => {
    const { photos } = await api().photos.list({ productId: aicha });
    expect(photos.map((photo) => [photo.position, photo.source])).toEqual(
      [1, 2, 3, 4].map((n) => [n - 1, `/images/products/aicha-${n}.svg`]),
    );
    const error = await trpcError(api().photos.list({ productId: 2_000_000 }));
    expect([error.code, error.message]).toEqual(["NOT_FOUND", "Produit introuvable"]);
  });

  it("put the gallery in a new order, and say why another order is refused", async () => {
    const ids = (await api().photos.list({ productId: aicha })).photos.map((photo) => photo.id);
    const reversed = [...ids].reverse();
    const { photos } = await api().photos.reorder({ productId: aicha, photoIds: reversed });
    expect(photos.map((photo) => photo.id)).toEqual(reversed);
    const before = await rowCounts(t.db);
    const error = await trpcError(api().photos.reorder({ productId: aicha, photoIds: reversed.slice(1) }));
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      "L'ordre envoyé ne correspond plus aux photos du modèle : rechargez la page.",
    ]);
    const malformed = await trpcError(
      api().photos.reorder({ productId: aicha, photoIds: Array(13).fill(1) }),
    );
    expect(malformed.code).toBe("BAD_REQUEST");
    expect(errorShape(malformed, "photos.reorder")).toMatchObject({ message: MESSAGES.validation });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("keep a photo's words, trimmed and without bidirectional controls, 300 characters at most", async () => {
    const [first] = (await api().photos.list({ productId: aicha })).photos;
    const { photo } = await api().photos.setAlt({
      id: first?.id ?? 0,
      fr: "  Aicha \u202ede face ",
      en: "Aicha, front",
    });
    expect(photo.alt).toEqual({ fr: "Aicha de face", en: "Aicha, front" });
    const before = await rowCounts(t.db);
    const error = await trpcError(api().photos.setAlt({ id: first?.id ?? 0, fr: "x".repeat(301), en: "" }));
    expect(error.code).toBe("BAD_REQUEST");
    const missing = await trpcError(api().photos.setAlt({ id: 2_000_000, fr: "", en: "" }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toMatch(/^Photo introuvable/);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("remove a photo, but never the last one of a model on sale", async () => {
    const product = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    const ids = (await api().photos.list({ productId: product.id })).photos.map((photo) => photo.id);
    for (const id of ids.slice(0, -1)) await api().photos.remove({ id });
    const before = await rowCounts(t.db);
    const error = await trpcError(api().photos.remove({ id: ids.at(-1) ?? 0 }));
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      "Un modèle en vente garde au moins une photo : ajoutez-en une autre avant de retirer celle-ci.",
    ]);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("show a photo added through the upload in the list", async () => {
    const added = await addPhoto(t.db, { productId: aicha, bytes: await smallPhoto("#663399") });
    const { photos } = await api().photos.list({ productId: aicha });
    expect(photos.at(-1)).toMatchObject({ id: added.id, source: added.source, width: 480, height: 600 });
  });
});

describe("a refused photo in French", () => {
  it.each<[PhotoRefusedError, number, string]>([
    [new PhotoRefusedError("empty"), 400, "Le fichier est vide : choisissez une photo."],
    [new PhotoRefusedError("too_heavy"), 413, "Photo trop lourde : 25 Mo au plus."],
    [
      new PhotoRefusedError("format", "pdf"),
      415,
      "Ce fichier n'est pas une photo JPEG, PNG, WebP ou AVIF : c'est un fichier PDF.",
    ],
    [new PhotoRefusedError("format"), 415, "Ce fichier n'est pas une photo JPEG, PNG, WebP ou AVIF."],
    [
      new PhotoRefusedError("format", "heic"),
      415,
      "Les photos HEIC de l'iPhone ne sont pas acceptées : envoyez-la en JPEG (sur l'iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »).",
    ],
    [
      new PhotoRefusedError("unreadable"),
      400,
      "Photo illisible : le fichier est abîmé ou incomplet. Enregistrez-la de nouveau sur le téléphone, puis réessayez.",
    ],
    [new PhotoRefusedError("too_many_pixels"), 400, "Photo trop grande : 50 mégapixels au plus."],
    [new PhotoRefusedError("too_small"), 400, "Photo trop petite : au moins 320 pixels de large et de haut."],
    [
      new PhotoRefusedError("too_many_photos"),
      409,
      "12 photos au plus par modèle : retirez-en une avant d'en ajouter une autre.",
    ],
    [new PhotoRefusedError("duplicate"), 409, "Cette photo est déjà dans la galerie de ce modèle."],
    [
      new PhotoRefusedError("archived"),
      409,
      "Ce modèle est archivé : rétablissez-le d'abord pour lui ajouter des photos.",
    ],
    [new PhotoRefusedError("alt_too_long"), 400, "Description trop longue : 300 caractères au plus."],
  ])("%s", (cause, status, message) => {
    expect(ruleAnswer(cause)).toEqual({ status, message });
  });

  it("leaves any other failure to be a technical error", () => {
    expect(ruleAnswer(new Error("disk full"))).toBeNull();
  });
});
