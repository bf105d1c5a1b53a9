/**
 * A series' picture: the home page's hero while the series is featured, and the top of its own
 * page. Taken, judged and cut exactly as a model's photo (./process.ts: the same formats, sizes,
 * ratios and refusals), one per series: a new one replaces the old, its cuts with it. Each change
 * updates the series row, whose statement trigger tells every server's page cache.
 */
import type { ShownPhoto } from "@souls/core/photos";
import type { Database, Kysely, Transaction } from "@souls/db";
import { SeriesNotFoundError } from "../errors";
import { cleanAlt, type PhotoAlt } from "./photos";
import { checkPhotoSize, processPhoto } from "./process";
import { storePicture } from "./stored-picture";

/** A series' picture as pages and the panel show it (its id is the series'). */
export type SeriesPicture = ShownPhoto;

async function lockSeries(trx: Transaction<Database>, seriesId: number) {
  const series = await trx
    .selectFrom("series")
    .select(["id", "pictureSource", "pictureWidth", "pictureHeight", "pictureAltFr", "pictureAltEn"])
    .where("id", "=", seriesId)
    .forUpdate()
    .executeTakeFirst();
  if (!series) throw new SeriesNotFoundError(seriesId);
  return series;
}

function pictureOf(row: {
  id: number;
  pictureSource: string | null;
  pictureWidth: number | null;
  pictureHeight: number | null;
  pictureAltFr: string;
  pictureAltEn: string;
}): SeriesPicture | null {
  if (row.pictureSource === null || row.pictureWidth === null || row.pictureHeight === null) return null;
  return {
    id: row.id,
    source: row.pictureSource,
    width: row.pictureWidth,
    height: row.pictureHeight,
    alt: { fr: row.pictureAltFr, en: row.pictureAltEn },
  };
}

/**
 * The series' picture, replacing the one it had. The series is looked for and the file's size
 * checked before any pixel is decoded; a refusal stores nothing and keeps the picture it had.
 * Words left empty keep the ones the previous picture had.
 */
export async function setSeriesPicture(
  db: Kysely<Database>,
  input: { seriesId: number; bytes: Uint8Array; altFr?: string; altEn?: string },
): Promise<SeriesPicture> {
  const alt = { fr: cleanAlt(input.altFr ?? ""), en: cleanAlt(input.altEn ?? "") };
  checkPhotoSize(input.bytes);
  const exists = await db
    .selectFrom("series")
    .select("id")
    .where("id", "=", input.seriesId)
    .executeTakeFirst();
  if (!exists) throw new SeriesNotFoundError(input.seriesId);
  const photo = await processPhoto(input.bytes);

  return db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, input.seriesId);
    await storePicture(trx, "series", series.id, photo);
    const row = await trx
      .updateTable("series")
      .set({
        pictureSource: photo.hash,
        pictureWidth: photo.width,
        pictureHeight: photo.height,
        pictureAltFr: alt.fr || series.pictureAltFr,
        pictureAltEn: alt.en || series.pictureAltEn,
        updatedAt: new Date(),
      })
      .where("id", "=", series.id)
      .returning(["id", "pictureSource", "pictureWidth", "pictureHeight", "pictureAltFr", "pictureAltEn"])
      .executeTakeFirstOrThrow();
    return pictureOf(row) as SeriesPicture;
  });
}

/** The picture's words for shoppers who cannot see it (and search engines), in both languages. */
export async function setSeriesPictureAlt(
  db: Kysely<Database>,
  seriesId: number,
  alt: PhotoAlt,
): Promise<SeriesPicture | null> {
  const words = { fr: cleanAlt(alt.fr), en: cleanAlt(alt.en) };
  return db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, seriesId);
    if (series.pictureAltFr === words.fr && series.pictureAltEn === words.en) return pictureOf(series);
    const row = await trx
      .updateTable("series")
      .set({ pictureAltFr: words.fr, pictureAltEn: words.en, updatedAt: new Date() })
      .where("id", "=", seriesId)
      .returning(["id", "pictureSource", "pictureWidth", "pictureHeight", "pictureAltFr", "pictureAltEn"])
      .executeTakeFirstOrThrow();
    return pictureOf(row);
  });
}

/** The series without a picture (the home page's hero shows the shop's drawing again). */
export async function removeSeriesPicture(db: Kysely<Database>, seriesId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, seriesId);
    if (series.pictureSource === null) return;
    await trx.deleteFrom("seriesPictureFiles").where("seriesId", "=", seriesId).execute();
    await trx
      .updateTable("series")
      .set({ pictureSource: null, pictureWidth: null, pictureHeight: null, updatedAt: new Date() })
      .where("id", "=", seriesId)
      .execute();
  });
}

/** Each series' picture, by series id (the panel's list). */
export async function seriesPictures(db: Kysely<Database>): Promise<Map<number, SeriesPicture>> {
  const rows = await db
    .selectFrom("series")
    .select(["id", "pictureSource", "pictureWidth", "pictureHeight", "pictureAltFr", "pictureAltEn"])
    .where("pictureSource", "is not", null)
    .execute();
  return new Map(
    rows.flatMap((row) => {
      const picture = pictureOf(row);
      return picture ? [[row.id, picture] as const] : [];
    }),
  );
}

export { pictureOf as seriesPictureOf };
