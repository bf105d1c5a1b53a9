/**
 * A model's gallery on real PostgreSQL with real files made by sharp: a phone's photo goes in
 * upright and without any of its metadata, cut into every width and format; whatever the shop
 * refuses leaves nothing behind; the gallery's order, words and removals, each in the history.
 */
import { photoCuts } from "@souls/core/photos";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HUNG_MS } from "../../../../vitest.shared";
import { createProduct } from "../admin/products";
import { AdminNotFoundError, PhotoRefusedError } from "../errors";
import {
  exifTags,
  gifImage,
  heicPhoto,
  pdfNamedJpg,
  phonePhoto,
  pngBomb,
  smallPhoto,
  svgImage,
  truncatedJpeg,
} from "./fixtures";
import { addPhoto, listPhotos, photoFile, photosOf, removePhoto, reorderPhotos, setPhotoAlt } from "./photos";
import { PHOTO_LIMITS, processPhoto } from "./process";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());

/** A model of the owner's, new and without photos: a draft. */
let productId: number;
let created = 0;
beforeEach(async () => {
  created += 1;
  productId = (
    await createProduct(t.db, { reference: `PHOTO-${created}`, name: "Modèle photo", priceCents: 16900 })
  ).id;
});

/** What a refused photo must not leave behind, in the whole database. */
async function stored() {
  const count = async (table: "product_photos" | "photo_files" | "product_events") =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0]?.n,
    );
  return {
    photos: await count("product_photos"),
    files: await count("photo_files"),
    history: await count("product_events"),
  };
}

async function refusal(call: Promise<unknown>): Promise<PhotoRefusedError> {
  const error = await call.then(
    () => new Error("the photo was accepted"),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PhotoRefusedError);
  return error as PhotoRefusedError;
}

const historyOf = (id: number) =>
  t.db
    .selectFrom("productEvents")
    .select(["kind", "fromValue", "toValue", "actor"])
    .where("productId", "=", id)
    .where("kind", "=", "photos_changed")
    .orderBy("id")
    .execute();

/** Photo rows written straight into the table (their files do not matter): a full gallery fast. */
async function galleryOfSize(id: number, size: number) {
  for (let position = 0; position < size; position++) {
    await t.db
      .insertInto("productPhotos")
      .values({ productId: id, position, source: `${position}`.padStart(32, "a"), width: 1000, height: 1250 })
      .execute();
  }
}

describe("a photo from the owner's phone", () => {
  it(
    "goes in upright, in sRGB, without its EXIF, GPS position, XMP or profile, cut into every width and format",
    async () => {
      const bytes = await phonePhoto();
      // What the phone wrote: 12 MP sideways (orientation 6), a GPS position, XMP, a P3 profile.
      const sent = await sharp(bytes).metadata();
      expect([sent.width, sent.height, sent.orientation]).toEqual([4000, 3000, 6]);
      expect(exifTags(sent.exif as Buffer).gps.length).toBeGreaterThan(0);
      expect(sent.xmp?.toString()).toContain("GPSLatitude");
      expect(sent.icc).toBeDefined();

      const photo = await addPhoto(t.db, {
        productId,
        bytes,
        altFr: "  Sac banane vu\u202e de face\n",
        altEn: "Fanny pack, front view",
      });
      // Turned a quarter: the 4000-wide landscape is a 3000-wide portrait, kept 1600 wide.
      expect(photo).toMatchObject({
        position: 0,
        width: 1600,
        height: 2133,
        alt: { fr: "Sac banane vu de face", en: "Fanny pack, front view" },
      });
      expect(photo.source).toMatch(/^[0-9a-f]{32}$/);

      const files = await t.db
        .selectFrom("photoFiles")
        .select(["format", "width", "height", "bytes"])
        .where("photoId", "=", photo.id)
        .execute();
      const cut = (file: { format: string; width: number }) => `${file.format} ${file.width}`;
      expect(files.map(cut).sort()).toEqual(photoCuts(1600).map(cut).sort());
      for (const file of files) {
        const label = cut(file);
        const read = await sharp(file.bytes).metadata();
        expect(read.format, label).toBe(file.format === "avif" ? "heif" : file.format);
        expect([read.width, read.height], label).toEqual([file.width, file.height]);
        expect(file.height, label).toBe(Math.round((file.width * 2133) / 1600));
        expect(read.exif, label).toBeUndefined();
        expect(read.xmp, label).toBeUndefined();
        expect(read.icc, label).toBeUndefined();
        expect(read.orientation, label).toBeUndefined();
        // Strings only metadata would bring (a short one, "GPS", turns up by chance in a few
        // hundred kilobytes of compressed noise: one run in twenty).
        const text = file.bytes.toString("latin1");
        for (const trace of ["Exif\0\0", "GPSLatitude", "adobe:ns:meta", "iPhone", "Apple"]) {
          expect(text.includes(trace), `${label} holds ${trace}`).toBe(false);
        }
      }
      expect(await historyOf(productId)).toEqual([
        { kind: "photos_changed", fromValue: "", toValue: `${photo.id}`, actor: "admin" },
      ]);
      // The suite's heaviest test (12 megapixels cut into every width and format, each read back):
      // 46 s on a machine loaded ten times over, so twice the suite's bound.
    },
    2 * HUNG_MS,
  );

  it("is named by its pixels: the same photo twice has the same names, and a gallery holds it once", async () => {
    const bytes = await smallPhoto("#8a3b5c");
    const first = await processPhoto(bytes);
    expect((await processPhoto(bytes)).hash).toBe(first.hash);

    const photo = await addPhoto(t.db, { productId, bytes });
    expect(photo.source).toBe(first.hash);
    const before = await stored();
    expect((await refusal(addPhoto(t.db, { productId, bytes }))).reason).toBe("duplicate");
    expect(await stored()).toEqual(before);

    // Another model may show the same photo (a group shot): the same names, its own files.
    const other = await createProduct(t.db, { reference: "PHOTO-OTHER", name: "Autre", priceCents: 100 });
    expect((await addPhoto(t.db, { productId: other.id, bytes })).source).toBe(first.hash);
  });

  it.each(["png", "webp", "avif"] as const)("is taken as %s too", async (format) => {
    const photo = await addPhoto(t.db, { productId, bytes: await smallPhoto("#2f6b4a", format) });
    expect(photo).toMatchObject({ width: 480, height: 600 });
    const widths = await t.db
      .selectFrom("photoFiles")
      .select(["format", "width"])
      .where("photoId", "=", photo.id)
      .orderBy("format")
      .orderBy("width")
      .execute();
    expect(widths.map((file) => `${file.format} ${file.width}`)).toEqual([
      "avif 160",
      "avif 320",
      "avif 480",
      "jpeg 480",
      "webp 160",
      "webp 320",
      "webp 480",
    ]);
  });
});

describe("a file the shop refuses stores nothing: no photo, no file, no line in the history", () => {
  it.each<[string, () => Promise<Buffer> | Buffer, PhotoRefusedError["reason"], string?]>([
    ["a PDF named photo.jpg", pdfNamedJpg, "format", "pdf"],
    ["a 30,000 × 30,000 PNG (a decompression bomb)", () => pngBomb(), "too_many_pixels"],
    ["a JPEG cut off halfway", truncatedJpeg, "unreadable"],
    ["an iPhone's HEIC", heicPhoto, "format", "heic"],
    ["a GIF", gifImage, "format", "gif"],
    ["an SVG", svgImage, "format", "svg"],
    ["an empty file", () => Buffer.alloc(0), "empty"],
    // 50 megapixels each, within the pixel limit: the strip broke the AVIF encoder (a 500), the
    // band was stored with cuts a pixel high.
    ["a 320 × 156,250 strip", () => pngBomb(320, 156_250), "too_elongated"],
    ["a 156,250 × 320 band", () => pngBomb(156_250, 320), "too_elongated"],
    [
      "a photo 5 times wider than high",
      () => smallPhoto("#333333", "jpeg", { width: 1600, height: 320 }),
      "too_elongated",
    ],
    [
      "a photo of 300 pixels across",
      () => smallPhoto("#333333", "jpeg", { width: 300, height: 900 }),
      "too_small",
    ],
  ])("%s", async (_, file, reason, detail) => {
    const bytes = await file();
    const before = await stored();
    const error = await refusal(addPhoto(t.db, { productId, bytes }));
    expect(error.reason).toBe(reason);
    if (detail) expect(error.detail).toBe(detail);
    expect(await stored()).toEqual(before);
  });

  it("keeps a phone's panorama of 4:1, each cut in its proportions", async () => {
    const processed = await processPhoto(await smallPhoto("#2a5d8f", "jpeg", { width: 1280, height: 320 }));
    expect(processed).toMatchObject({ width: 1280, height: 320 });
    for (const file of processed.files) expect(file.height * 4).toBe(file.width);
  });

  it("refuses the bomb from its header: a file of a few hundred bytes, never decoded", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024);
    // Its header is all sharp reads: libvips would refuse to decode it anyway (limitInputPixels).
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 30_000,
      height: 30_000,
    });
    expect((await refusal(processPhoto(bomb))).reason).toBe("too_many_pixels");
  });

  it("refuses a file over 25 MB before reading it", async () => {
    const bytes = Buffer.alloc(PHOTO_LIMITS.maxBytes + 1);
    bytes.set(await smallPhoto("#101010"));
    const before = await stored();
    expect((await refusal(addPhoto(t.db, { productId, bytes }))).reason).toBe("too_heavy");
    expect(await stored()).toEqual(before);
  });

  it("refuses a 13th photo, before processing it", async () => {
    await galleryOfSize(productId, 12);
    const before = await stored();
    expect((await refusal(addPhoto(t.db, { productId, bytes: await smallPhoto("#445566") }))).reason).toBe(
      "too_many_photos",
    );
    // Not processed at all: even a file it could not read is refused for the count first.
    expect((await refusal(addPhoto(t.db, { productId, bytes: pdfNamedJpg() }))).reason).toBe(
      "too_many_photos",
    );
    expect((await refusal(addPhoto(t.db, { productId, bytes: pngBomb() }))).reason).toBe("too_many_photos");
    expect(await stored()).toEqual(before);
  });

  it("lets only one of two uploads at once be the 12th", async () => {
    await galleryOfSize(productId, 11);
    const outcomes = await Promise.allSettled([
      addPhoto(t.db, { productId, bytes: await smallPhoto("#a0a0a0") }),
      addPhoto(t.db, { productId, bytes: await smallPhoto("#b0b0b0") }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(PhotoRefusedError);
    expect((refused.reason as PhotoRefusedError).reason).toBe("too_many_photos");
    expect(await listPhotos(t.db, productId)).toHaveLength(12);
    expect((await listPhotos(t.db, productId)).map((photo) => photo.position)).toEqual([...Array(12).keys()]);
  });

  it("refuses an archived model's photo, and an unknown model's", async () => {
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("id", "=", productId).execute();
    const bytes = await smallPhoto("#777777");
    const before = await stored();
    expect((await refusal(addPhoto(t.db, { productId, bytes }))).reason).toBe("archived");
    await expect(addPhoto(t.db, { productId: 2_000_000, bytes })).rejects.toBeInstanceOf(AdminNotFoundError);
    expect(await stored()).toEqual(before);
  });

  it("refuses words too long or not storable, before anything else", async () => {
    const bytes = await smallPhoto("#777778");
    const before = await stored();
    expect((await refusal(addPhoto(t.db, { productId, bytes, altFr: "a".repeat(301) }))).reason).toBe(
      "alt_too_long",
    );
    expect((await refusal(addPhoto(t.db, { productId, bytes, altEn: "a\u0000b" }))).reason).toBe(
      "alt_characters",
    );
    expect(await stored()).toEqual(before);
  });
});

describe("the gallery", () => {
  async function threePhotos() {
    const photos = [];
    for (const colour of ["#102030", "#203040", "#304050"]) {
      photos.push(await addPhoto(t.db, { productId, bytes: await smallPhoto(colour) }));
    }
    return photos.map((photo) => photo.id);
  }

  it("adds each photo at the end, the first one the cover", async () => {
    const [a, b, c] = await threePhotos();
    expect((await listPhotos(t.db, productId)).map((photo) => [photo.id, photo.position])).toEqual([
      [a, 0],
      [b, 1],
      [c, 2],
    ]);
    expect((await historyOf(productId)).map((event) => [event.fromValue, event.toValue])).toEqual([
      ["", `${a}`],
      [`${a}`, `${a}, ${b}`],
      [`${a}, ${b}`, `${a}, ${b}, ${c}`],
    ]);
  });

  it("takes a new order, the first photo named the cover, and refuses an order that is not the gallery's", async () => {
    const [a, b, c] = (await threePhotos()) as [number, number, number];
    const reordered = await reorderPhotos(t.db, productId, [c, a, b]);
    expect(reordered.map((photo) => [photo.id, photo.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect((await historyOf(productId)).at(-1)).toMatchObject({
      fromValue: `${a}, ${b}, ${c}`,
      toValue: `${c}, ${a}, ${b}`,
    });
    const before = await stored();
    // The same order again changes nothing, not even the history.
    await reorderPhotos(t.db, productId, [c, a, b]);
    const other = await createProduct(t.db, {
      reference: `PHOTO-O-${created}`,
      name: "Autre",
      priceCents: 100,
    });
    const stranger = await addPhoto(t.db, { productId: other.id, bytes: await smallPhoto("#405060") });
    const afterStranger = await stored();
    expect(afterStranger.photos).toBe(before.photos + 1);
    for (const order of [[c, a], [c, a, b, b], [c, a, stranger.id], [c, a, b, stranger.id], []]) {
      expect((await refusal(reorderPhotos(t.db, productId, order))).reason, `${order}`).toBe("order");
    }
    expect(await stored()).toEqual(afterStranger);
    await expect(reorderPhotos(t.db, 2_000_000, [])).rejects.toBeInstanceOf(AdminNotFoundError);
  });

  it("keeps each photo's words in both languages, as plain text of 300 characters at most", async () => {
    const [a] = (await threePhotos()) as [number];
    const photo = await setPhotoAlt(t.db, a, { fr: " Aicha,\tde face \u2066", en: "x".repeat(300) });
    expect(photo.alt).toEqual({ fr: "Aicha, de face", en: "x".repeat(300) });
    expect((await listPhotos(t.db, productId))[0]?.alt).toEqual(photo.alt);
    expect((await historyOf(productId)).at(-1)).toMatchObject({
      fromValue: `${a} : — / —`,
      toValue: `${a} : Aicha, de face / ${"x".repeat(300)}`,
    });
    const before = await stored();
    expect((await refusal(setPhotoAlt(t.db, a, { fr: "ok", en: "x".repeat(301) }))).reason).toBe(
      "alt_too_long",
    );
    await setPhotoAlt(t.db, a, { fr: "Aicha, de face", en: "x".repeat(300) });
    expect(await stored()).toEqual(before);
    await expect(setPhotoAlt(t.db, 2_000_000, { fr: "", en: "" })).rejects.toBeInstanceOf(AdminNotFoundError);
  });

  it("removes a photo with its files, the next one becoming the cover", async () => {
    const [a, b, c] = (await threePhotos()) as [number, number, number];
    const left = await removePhoto(t.db, a);
    expect(left.map((photo) => [photo.id, photo.position])).toEqual([
      [b, 0],
      [c, 1],
    ]);
    expect(await t.db.selectFrom("photoFiles").select("photoId").where("photoId", "=", a).execute()).toEqual(
      [],
    );
    expect((await historyOf(productId)).at(-1)).toMatchObject({
      fromValue: `${a}, ${b}, ${c}`,
      toValue: `${b}, ${c}`,
    });
    await expect(removePhoto(t.db, a)).rejects.toBeInstanceOf(AdminNotFoundError);
  });

  it("keeps the last photo of a model on sale", async () => {
    const [a, b] = (await threePhotos()) as [number, number, number];
    await t.db.updateTable("products").set({ publishedAt: new Date() }).where("id", "=", productId).execute();
    await removePhoto(t.db, a);
    await removePhoto(t.db, b);
    const [last] = await listPhotos(t.db, productId);
    const before = await stored();
    expect((await refusal(removePhoto(t.db, last?.id ?? 0))).reason).toBe("last_photo");
    expect(await stored()).toEqual(before);
  });
});

describe("what pages read", () => {
  it("gives each model its photos, cover first, and the launch models their drawings", async () => {
    const [photo] = [await addPhoto(t.db, { productId, bytes: await smallPhoto("#5a5a00"), altFr: "Vue" })];
    const aicha = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "aicha")
      .executeTakeFirstOrThrow();
    const galleries = await photosOf(t.db, [productId, aicha.id, 2_000_000]);
    expect(galleries.get(productId)).toEqual([
      { id: photo?.id, source: photo?.source, width: 480, height: 600, alt: { fr: "Vue", en: "" } },
    ]);
    expect(galleries.get(aicha.id)?.map((one) => one.source)).toEqual(
      [1, 2, 3, 4].map((n) => `/images/products/aicha-${n}.svg`),
    );
    expect(galleries.get(2_000_000)).toEqual([]);
    expect(await photosOf(t.db, [])).toEqual(new Map());
  });

  it("serves a cut by its exact file name, and nothing for any other name", async () => {
    const photo = await addPhoto(t.db, { productId, bytes: await smallPhoto("#00ff88") });
    const file = await photoFile(t.db, `${photo.source}-320.avif`);
    expect(file).toMatchObject({ contentType: "image/avif", etag: `"${photo.source}-320.avif"` });
    expect((await sharp(file?.bytes).metadata()).width).toBe(320);
    expect((await photoFile(t.db, `${photo.source}-480.jpg`))?.contentType).toBe("image/jpeg");
    for (const name of [
      `${photo.source}-600.jpg`,
      `${photo.source}-640.webp`,
      `${photo.source}-320.jpeg`,
      `${"f".repeat(32)}-320.avif`,
      "aicha-1.svg",
      `${photo.source}-320.avif'; DROP TABLE photo_files; --`,
    ]) {
      expect(await photoFile(t.db, name), name).toBeNull();
    }
  });

  it("makes a page width added after a photo was stored at its first request, once, and keeps it", async () => {
    const photo = await addPhoto(t.db, { productId, bytes: await smallPhoto("#3355aa") });
    // The photo as a shop stored it before the 160 px cut was one of the pages' widths.
    await t.db.deleteFrom("photoFiles").where("photoId", "=", photo.id).where("width", "=", 160).execute();
    const storedCuts = () =>
      t.db
        .selectFrom("photoFiles")
        .select(["format", "width"])
        .where("photoId", "=", photo.id)
        .where("width", "=", 160)
        .execute();
    expect(await storedCuts()).toEqual([]);

    const burst = await Promise.all(
      Array.from({ length: 5 }, () => photoFile(t.db, `${photo.source}-160.avif`)),
    );
    for (const file of burst) {
      expect(file).toMatchObject({ contentType: "image/avif", etag: `"${photo.source}-160.avif"` });
      expect(await sharp(file?.bytes).metadata()).toMatchObject({ format: "heif", width: 160, height: 200 });
    }
    expect(await storedCuts()).toEqual([{ format: "avif", width: 160 }]);
    const again = await photoFile(t.db, `${photo.source}-160.avif`);
    expect(again?.bytes.equals(burst[0]?.bytes ?? Buffer.alloc(0))).toBe(true);

    // Only a width the pages use and the photo has: anything else is still nothing, made of nothing.
    for (const name of [`${photo.source}-200.webp`, `${photo.source}-720.webp`, `${photo.source}-160.jpg`]) {
      expect(await photoFile(t.db, name), name).toBeNull();
    }
    expect(await storedCuts()).toEqual([{ format: "avif", width: 160 }]);
  });
});
