/**
 * A picture kept one to its row — a series' picture (./series-picture.ts), an article's cover
 * (../magazine/cover.ts): taken, judged and cut as a model's photo (./process.ts), its cuts in a
 * table of their own keyed by the row, replaced whole with the picture, and served by their name's
 * parts like every photo (./photos.ts' photoFile).
 */
import type { Database, Kysely, Transaction } from "@souls/db";
import type { ProcessedPhoto } from "./process";

/** Each kind of picture: the table of its cuts, the row it belongs to and the row's column naming it. */
const PICTURES = {
  series: { cuts: "seriesPictureFiles", key: "seriesId", rows: "series", source: "pictureSource" },
  article: { cuts: "articleCoverFiles", key: "articleId", rows: "articles", source: "coverSource" },
} as const;

export type PictureKind = keyof typeof PICTURES;

/**
 * Stores a processed picture's cuts for its row, in place of the ones it had, in the caller's
 * transaction (the caller names the picture on its row).
 */
export async function storePicture(
  trx: Transaction<Database>,
  kind: PictureKind,
  rowId: number,
  photo: ProcessedPhoto,
): Promise<void> {
  const { cuts, key } = PICTURES[kind];
  await trx.deleteFrom(cuts).where(key, "=", rowId).execute();
  await trx
    .insertInto(cuts)
    .values(photo.files.map((file) => ({ [key]: rowId, ...file })))
    .execute();
}

/** A stored picture's cut by its name's parts, or undefined: a draft article's too (the panel shows it). */
export async function storedPictureFile(
  db: Kysely<Database>,
  kind: PictureKind,
  name: { hash: string; width: number; format: "avif" | "webp" | "jpeg" },
): Promise<Buffer | undefined> {
  const { cuts, key, rows, source } = PICTURES[kind];
  const file = await db
    .selectFrom(cuts)
    .select("bytes")
    // The row named by the hash, as a subquery of the one statement (no second round trip).
    .where(key, "in", (eb) => eb.selectFrom(rows).select("id").where(source, "=", name.hash))
    .where("format", "=", name.format)
    .where("width", "=", name.width)
    .limit(1)
    .executeTakeFirst();
  return file?.bytes;
}
