/**
 * A model's gallery, as the owner edits it from her panel and the pages read it: photos added
 * (processed by ./process.ts, stored in PostgreSQL with their cuts: decision 020), put in order
 * (the first is the cover), described in both languages, removed. Each change is one transaction
 * with its line in the model's history (`photos_changed`: the gallery's photo ids before and
 * after, cover first); the statement triggers on product_photos tell every server's page cache.
 */
import {
  type PhotoFormat,
  pageWidths,
  parsePhotoFileName,
  photoContentType,
  type ShownPhoto,
} from "@souls/core/photos";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { AdminNotFoundError, PhotoRefusedError } from "../errors";
import { photoProcessing, timed } from "../metrics";
import { recordProductEvent } from "../product-history";
import { isStorableText, withoutBidiControls } from "../text";
import { heroPictureFile } from "./hero-picture";
import { checkPhotoSize, PHOTO_LIMITS, processPhoto, recutPhoto } from "./process";
import { storedPictureFile } from "./stored-picture";

/** A photo as the owner's panel lists it. */
export interface GalleryPhoto extends ShownPhoto {
  /** 0 is the cover. */
  position: number;
}

export interface PhotoAlt {
  fr: string;
  en: string;
}

/**
 * A photo's words as the shop stores them: one line of plain text, without bidirectional controls
 * (@souls/shop/text), 300 characters at most.
 */
export function cleanAlt(text: string): string {
  const line = withoutBidiControls(text).replace(/\s+/g, " ").trim();
  if (!isStorableText(line)) throw new PhotoRefusedError("alt_characters");
  if (line.length > PHOTO_LIMITS.altLength) throw new PhotoRefusedError("alt_too_long");
  return line;
}

const shown = (row: {
  id: number;
  source: string;
  width: number;
  height: number;
  altFr: string;
  altEn: string;
}): ShownPhoto => ({
  id: row.id,
  source: row.source,
  width: row.width,
  height: row.height,
  alt: { fr: row.altFr, en: row.altEn },
});

async function galleryOf(db: Kysely<Database>, productId: number): Promise<GalleryPhoto[]> {
  const rows = await db
    .selectFrom("productPhotos")
    .select(["id", "source", "width", "height", "altFr", "altEn", "position"])
    .where("productId", "=", productId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...shown(row), position: row.position }));
}

/** The gallery's photo ids, cover first: what the history says it was and became. */
const idsOf = (photos: readonly { id: number }[]) => photos.map((photo) => photo.id).join(", ");

/**
 * The model's photo writes, one at a time (an advisory lock of the model's gallery): two uploads
 * at once cannot both be the 12th, nor both take the same place. Orders never wait for it.
 */
async function lockGallery(trx: Transaction<Database>, productId: number) {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`photos:${productId}`}))`.execute(trx);
  const product = await trx
    .selectFrom("products")
    .select(["id", "archivedAt", "publishedAt"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  return { product, photos: await galleryOf(trx, productId) };
}

/** Why a model cannot take one more photo, if it cannot (read before the photo is processed). */
async function refuseNewPhoto(db: Kysely<Database>, productId: number) {
  const product = await db
    .selectFrom("products")
    .select(["archivedAt"])
    .select((eb) =>
      eb
        .selectFrom("productPhotos")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("productPhotos.productId", "=", "products.id")
        .as("photos"),
    )
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  if (product.archivedAt) throw new PhotoRefusedError("archived");
  if (Number(product.photos) >= PHOTO_LIMITS.perModel) throw new PhotoRefusedError("too_many_photos");
}

/**
 * A new photo at the end of the model's gallery (the cover if it is the first). Everything that
 * can be refused without decoding (the model, its 12 photos, the file's size) is checked before
 * the photo is processed; the rules are checked again under the gallery's lock as it is stored.
 * A refusal stores nothing: no photo, no file, no line in the history.
 */
export async function addPhoto(
  db: Kysely<Database>,
  input: { productId: number; bytes: Uint8Array; altFr?: string; altEn?: string },
): Promise<GalleryPhoto> {
  const alt = { fr: cleanAlt(input.altFr ?? ""), en: cleanAlt(input.altEn ?? "") };
  checkPhotoSize(input.bytes);
  await refuseNewPhoto(db, input.productId);
  // Timed for the metrics (decision 044), a refused photo too: its time was spent all the same.
  const photo = await timed(photoProcessing, () => processPhoto(input.bytes));

  return db.transaction().execute(async (trx) => {
    const { product, photos } = await lockGallery(trx, input.productId);
    if (product.archivedAt) throw new PhotoRefusedError("archived");
    if (photos.length >= PHOTO_LIMITS.perModel) throw new PhotoRefusedError("too_many_photos");
    if (photos.some((one) => one.source === photo.hash)) throw new PhotoRefusedError("duplicate");
    const position = photos.length === 0 ? 0 : Math.max(...photos.map((one) => one.position)) + 1;
    const row = await trx
      .insertInto("productPhotos")
      .values({
        productId: input.productId,
        position,
        source: photo.hash,
        width: photo.width,
        height: photo.height,
        altFr: alt.fr,
        altEn: alt.en,
      })
      .returning(["id", "source", "width", "height", "altFr", "altEn", "position"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("photoFiles")
      .values(photo.files.map((file) => ({ photoId: row.id, ...file })))
      .execute();
    await recordProductEvent(trx, input.productId, "photos_changed", idsOf(photos), idsOf([...photos, row]));
    return { ...shown(row), position: row.position };
  });
}

/**
 * The gallery in a new order, the first photo its cover. `photoIds` names every photo of the
 * model once (a list made from another tab's gallery is refused rather than half applied).
 */
export async function reorderPhotos(
  db: Kysely<Database>,
  productId: number,
  photoIds: readonly number[],
): Promise<GalleryPhoto[]> {
  return db.transaction().execute(async (trx) => {
    const { photos } = await lockGallery(trx, productId);
    const known = new Set(photos.map((photo) => photo.id));
    const named = new Set(photoIds);
    if (
      named.size !== photoIds.length ||
      named.size !== known.size ||
      photoIds.some((id) => !known.has(id))
    ) {
      throw new PhotoRefusedError("order");
    }
    if (photoIds.every((id, index) => photos[index]?.id === id)) return photos;
    await sql`
      UPDATE product_photos AS p SET position = o.position - 1
      FROM unnest(${sql.val([...photoIds])}::int[]) WITH ORDINALITY AS o(id, position)
      WHERE p.id = o.id AND p.product_id = ${productId}`.execute(trx);
    const reordered = await galleryOf(trx, productId);
    await recordProductEvent(trx, productId, "photos_changed", idsOf(photos), idsOf(reordered));
    return reordered;
  });
}

async function productOfPhoto(db: Kysely<Database>, photoId: number): Promise<number> {
  const photo = await db
    .selectFrom("productPhotos")
    .select("productId")
    .where("id", "=", photoId)
    .executeTakeFirst();
  if (!photo) throw new AdminNotFoundError("photo", photoId);
  return photo.productId;
}

/** A photo's words for shoppers who cannot see it (and search engines), in both languages. */
export async function setPhotoAlt(
  db: Kysely<Database>,
  photoId: number,
  alt: PhotoAlt,
): Promise<GalleryPhoto> {
  const words = { fr: cleanAlt(alt.fr), en: cleanAlt(alt.en) };
  const productId = await productOfPhoto(db, photoId);
  return db.transaction().execute(async (trx) => {
    const { photos } = await lockGallery(trx, productId);
    const photo = photos.find((one) => one.id === photoId);
    if (!photo) throw new AdminNotFoundError("photo", photoId);
    if (photo.alt.fr === words.fr && photo.alt.en === words.en) return photo;
    await trx
      .updateTable("productPhotos")
      .set({ altFr: words.fr, altEn: words.en })
      .where("id", "=", photoId)
      .execute();
    const described = (text: PhotoAlt) => `${photoId} : ${text.fr || "—"} / ${text.en || "—"}`;
    await recordProductEvent(trx, productId, "photos_changed", described(photo.alt), described(words));
    return { ...photo, alt: words };
  });
}

/**
 * A photo out of the gallery, its files with it; the next one becomes the cover if it was. A
 * model on sale keeps one photo at least (its pages and cards show its cover).
 */
export async function removePhoto(db: Kysely<Database>, photoId: number): Promise<GalleryPhoto[]> {
  const productId = await productOfPhoto(db, photoId);
  return db.transaction().execute(async (trx) => {
    const { product, photos } = await lockGallery(trx, productId);
    if (!photos.some((one) => one.id === photoId)) throw new AdminNotFoundError("photo", photoId);
    const onSale = product.publishedAt !== null && product.archivedAt === null;
    if (onSale && photos.length === 1) throw new PhotoRefusedError("last_photo");
    await trx.deleteFrom("productPhotos").where("id", "=", photoId).execute();
    await sql`
      UPDATE product_photos AS p SET position = o.position - 1
      FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS position
            FROM product_photos WHERE product_id = ${productId}) AS o
      WHERE p.id = o.id AND p.position <> o.position - 1`.execute(trx);
    const left = await galleryOf(trx, productId);
    await recordProductEvent(trx, productId, "photos_changed", idsOf(photos), idsOf(left));
    return left;
  });
}

/** The owner's view of a model's gallery, cover first. */
export async function listPhotos(db: Kysely<Database>, productId: number): Promise<GalleryPhoto[]> {
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  return galleryOf(db, productId);
}

/** Each model's photos, cover first, as pages show them (a model without one maps to []). */
export async function photosOf(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, ShownPhoto[]>> {
  const galleries = new Map<number, ShownPhoto[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return galleries;
  const rows = await db
    .selectFrom("productPhotos")
    .select(["id", "productId", "source", "width", "height", "altFr", "altEn"])
    .where("productId", "in", [...productIds])
    .orderBy("productId")
    .orderBy("position")
    .orderBy("id")
    .execute();
  for (const row of rows) galleries.get(row.productId)?.push(shown(row));
  return galleries;
}

export interface PhotoFileAnswer {
  bytes: Buffer;
  contentType: string;
  /** The name says the bytes (content-addressed): it is their validator. */
  etag: string;
  format: PhotoFormat;
}

/**
 * One cut of a photo by its file name (`<hash>-<width>.<ext>`), or null. A name that is not
 * exactly a photo's never reaches the database.
 */
export async function photoFile(db: Kysely<Database>, fileName: string): Promise<PhotoFileAnswer | null> {
  const name = parsePhotoFileName(fileName);
  if (!name) return null;
  const file = await db
    .selectFrom("photoFiles")
    .innerJoin("productPhotos", "productPhotos.id", "photoFiles.photoId")
    .select("photoFiles.bytes")
    .where("productPhotos.source", "=", name.hash)
    .where("photoFiles.format", "=", name.format)
    .where("photoFiles.width", "=", name.width)
    .limit(1)
    .executeTakeFirst();
  // A series' picture, an article's cover and the home page's hero picture are cut and named as a
  // model's photo (./stored-picture.ts, ./hero-picture.ts).
  const bytes =
    file?.bytes ??
    (await storedPictureFile(db, "series", name)) ??
    (await storedPictureFile(db, "article", name)) ??
    (await heroPictureFile(db, name)) ??
    (await cutMadeLate(db, fileName, name));
  if (!bytes) return null;
  return {
    bytes,
    contentType: photoContentType(name.format),
    etag: `"${fileName}"`,
    format: name.format,
  };
}

/** The late cuts being made in this process, by file name: a burst of requests makes each once. */
const making = new Map<string, Promise<Buffer | null>>();

/**
 * A page cut the photo did not get when it was stored, because its width was added to the pages'
 * since (@souls/core/photos' PAGE_WIDTHS): made at its first request from the photo's largest kept
 * cut of the same format, and kept. Any other missing name is still a 404 that makes nothing.
 */
function cutMadeLate(
  db: Kysely<Database>,
  fileName: string,
  name: { hash: string; width: number; format: PhotoFormat },
): Promise<Buffer | null> {
  if (name.format === "jpeg") return Promise.resolve(null);
  const pending = making.get(fileName);
  if (pending) return pending;
  const made = (async () => {
    const photo = await db
      .selectFrom("productPhotos")
      .select(["id", "width"])
      .where("source", "=", name.hash)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!photo || !pageWidths(photo.width).includes(name.width)) return null;
    const largest = await db
      .selectFrom("photoFiles")
      .select(["bytes", "width"])
      .where("photoId", "=", photo.id)
      .where("format", "=", name.format)
      .orderBy("width", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!largest || largest.width < name.width) return null;
    const cut = await recutPhoto(largest.bytes, name.format, name.width);
    await db
      .insertInto("photoFiles")
      .values({ photoId: photo.id, ...cut })
      .onConflict((conflict) => conflict.columns(["photoId", "format", "width"]).doNothing())
      .execute();
    return cut.bytes;
  })().finally(() => making.delete(fileName));
  making.set(fileName, made);
  return made;
}
