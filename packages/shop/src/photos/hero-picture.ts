/**
 * The home page's hero picture the owner uploads beside her words (decision 051): what the hero
 * shows when the featured series has no picture of its own (decision 040), instead of the shop's
 * drawing. Taken, judged and cut exactly as a model's photo or a series' picture (./process.ts),
 * its cuts served by `/photos` under the same names. Like the words, a change is a draft she
 * previews, then publishes; she may also take the published one away (the drawing again). Each
 * change is a line of the words' history. A publication or a removal is a statement on
 * `shop_hero_picture`, whose trigger empties every web server's kept pages (decision 013).
 */
import type { ShownPhoto } from "@souls/core/photos";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { cleanAlt, type PhotoAlt } from "./photos";
import { checkPhotoSize, processPhoto } from "./process";

/** The hero picture as pages show it (its id is always 0: it is no model's photo). */
export type HeroPicture = ShownPhoto;

export interface HeroPictureState {
  published: HeroPicture | null;
  publishedAt: Date | null;
  publishedBy: string | null;
  draft: HeroPicture | null;
  draftSavedAt: Date | null;
  draftSavedBy: string | null;
}

type Row = {
  source: string;
  width: number;
  height: number;
  altFr: string;
  altEn: string;
  savedAt: Date;
  savedBy: string;
};

const COLUMNS = ["source", "width", "height", "altFr", "altEn", "savedAt", "savedBy"] as const;

function pictureOf(row: Row | undefined): HeroPicture | null {
  if (!row) return null;
  return {
    id: 0,
    source: row.source,
    width: row.width,
    height: row.height,
    alt: { fr: row.altFr, en: row.altEn },
  };
}

/**
 * What the home page's hero shows: the featured series' own picture when it has one (decision 040),
 * else the one she published beside her words, else nothing (the shop's drawing).
 */
export function homeHeroPicture(
  seriesPicture: ShownPhoto | null | undefined,
  published: HeroPicture | null,
): ShownPhoto | null {
  return seriesPicture ?? published ?? null;
}

/** The published picture, or null (the hero shows the drawing). */
export async function publishedHeroPicture(db: Kysely<Database>): Promise<HeroPicture | null> {
  return pictureOf(await db.selectFrom("shopHeroPicture").select(COLUMNS).executeTakeFirst());
}

/** The published picture and her draft, for the panel and the preview. */
export async function heroPictureState(db: Kysely<Database>): Promise<HeroPictureState> {
  const [published, draft] = await Promise.all([
    db.selectFrom("shopHeroPicture").select(COLUMNS).executeTakeFirst(),
    db.selectFrom("shopHeroPictureDraft").select(COLUMNS).executeTakeFirst(),
  ]);
  return {
    published: pictureOf(published),
    publishedAt: published?.savedAt ?? null,
    publishedBy: published?.savedBy ?? null,
    draft: pictureOf(draft),
    draftSavedAt: draft?.savedAt ?? null,
    draftSavedBy: draft?.savedBy ?? null,
  };
}

/** Both rows locked, draft first (every change here takes them in this order). */
async function lockBoth(trx: Transaction<Database>) {
  const draft = await trx.selectFrom("shopHeroPictureDraft").select(COLUMNS).forUpdate().executeTakeFirst();
  const published = await trx.selectFrom("shopHeroPicture").select(COLUMNS).forUpdate().executeTakeFirst();
  return { draft, published };
}

/** Cuts neither the draft nor the published picture names any more. */
async function dropUnusedCuts(trx: Transaction<Database>) {
  await trx
    .deleteFrom("shopHeroPictureFiles")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("shopHeroPicture")
            .select(sql`1`.as("one"))
            .whereRef("shopHeroPicture.source", "=", "shopHeroPictureFiles.source")
            .unionAll(
              selectFrom("shopHeroPictureDraft")
                .select(sql`1`.as("one"))
                .whereRef("shopHeroPictureDraft.source", "=", "shopHeroPictureFiles.source"),
            ),
        ),
      ),
    )
    .execute();
}

async function record(
  trx: Transaction<Database>,
  kind: "hero_draft_saved" | "hero_published" | "hero_draft_dropped" | "hero_removed",
  by: string,
) {
  await trx.insertInto("shopWordEvents").values({ locale: null, kind, actorName: by }).execute();
}

/**
 * A new picture as her draft, replacing the draft she had: the file's size is checked before any
 * pixel is decoded, and a refusal stores nothing. Words left empty keep the draft's, else the
 * published picture's. Shoppers see nothing of it until she publishes.
 */
export async function saveHeroPictureDraft(
  db: Kysely<Database>,
  input: { bytes: Uint8Array; altFr?: string; altEn?: string },
  by: string,
): Promise<HeroPictureState> {
  const alt = { fr: cleanAlt(input.altFr ?? ""), en: cleanAlt(input.altEn ?? "") };
  checkPhotoSize(input.bytes);
  const photo = await processPhoto(input.bytes);
  await db.transaction().execute(async (trx) => {
    const { draft, published } = await lockBoth(trx);
    await trx
      .insertInto("shopHeroPictureFiles")
      .values(photo.files.map((file) => ({ source: photo.hash, ...file })))
      .onConflict((conflict) => conflict.columns(["source", "format", "width"]).doNothing())
      .execute();
    const row = {
      source: photo.hash,
      width: photo.width,
      height: photo.height,
      altFr: alt.fr || draft?.altFr || published?.altFr || "",
      altEn: alt.en || draft?.altEn || published?.altEn || "",
      savedBy: by,
    };
    await trx
      .insertInto("shopHeroPictureDraft")
      .values(row)
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ ...row, savedAt: sql<Date>`now()` }))
      .execute();
    await dropUnusedCuts(trx);
    await record(trx, "hero_draft_saved", by);
  });
  return heroPictureState(db);
}

/**
 * The picture's words for shoppers who cannot see it, in both languages, as a draft: the draft's
 * picture, else the published one with these words. Null when there is no picture to describe.
 */
export async function saveHeroPictureAlt(
  db: Kysely<Database>,
  alt: PhotoAlt,
  by: string,
): Promise<HeroPictureState | null> {
  const words = { fr: cleanAlt(alt.fr), en: cleanAlt(alt.en) };
  const saved = await db.transaction().execute(async (trx) => {
    const { draft, published } = await lockBoth(trx);
    const picture = draft ?? published;
    if (!picture) return false;
    const row = {
      source: picture.source,
      width: picture.width,
      height: picture.height,
      altFr: words.fr,
      altEn: words.en,
      savedBy: by,
    };
    await trx
      .insertInto("shopHeroPictureDraft")
      .values(row)
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ ...row, savedAt: sql<Date>`now()` }))
      .execute();
    await record(trx, "hero_draft_saved", by);
    return true;
  });
  return saved ? heroPictureState(db) : null;
}

/**
 * Publishes her draft picture: the home page shows it at its next request on every web server
 * (unless the featured series has its own). Null when there was no draft; the draft is locked, so
 * two clicks publish once.
 */
export async function publishHeroPicture(db: Kysely<Database>, by: string): Promise<HeroPictureState | null> {
  const published = await db.transaction().execute(async (trx) => {
    const { draft } = await lockBoth(trx);
    if (!draft) return false;
    const row = {
      source: draft.source,
      width: draft.width,
      height: draft.height,
      altFr: draft.altFr,
      altEn: draft.altEn,
      savedBy: by,
    };
    await trx
      .insertInto("shopHeroPicture")
      .values(row)
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ ...row, savedAt: sql<Date>`now()` }))
      .execute();
    await trx.deleteFrom("shopHeroPictureDraft").execute();
    await dropUnusedCuts(trx);
    await record(trx, "hero_published", by);
    return true;
  });
  return published ? heroPictureState(db) : null;
}

/** Drops her draft picture: the panel shows the published one (or none) again. */
export async function dropHeroPictureDraft(db: Kysely<Database>, by: string): Promise<HeroPictureState> {
  await db.transaction().execute(async (trx) => {
    const { draft } = await lockBoth(trx);
    if (!draft) return;
    await trx.deleteFrom("shopHeroPictureDraft").execute();
    await dropUnusedCuts(trx);
    await record(trx, "hero_draft_dropped", by);
  });
  return heroPictureState(db);
}

/**
 * Takes her picture off the home page, draft included: the hero shows the featured series' own
 * picture, else the shop's drawing, at the next request of every web server.
 */
export async function removeHeroPicture(db: Kysely<Database>, by: string): Promise<HeroPictureState> {
  await db.transaction().execute(async (trx) => {
    const { draft, published } = await lockBoth(trx);
    if (!draft && !published) return;
    await trx.deleteFrom("shopHeroPictureDraft").execute();
    await trx.deleteFrom("shopHeroPicture").execute();
    await dropUnusedCuts(trx);
    await record(trx, "hero_removed", by);
  });
  return heroPictureState(db);
}

/** A hero picture's cut by its name's parts (the draft's too: she previews it), or undefined. */
export async function heroPictureFile(
  db: Kysely<Database>,
  name: { hash: string; width: number; format: "avif" | "webp" | "jpeg" },
): Promise<Buffer | undefined> {
  const file = await db
    .selectFrom("shopHeroPictureFiles")
    .select("bytes")
    .where("source", "=", name.hash)
    .where("format", "=", name.format)
    .where("width", "=", name.width)
    .executeTakeFirst();
  return file?.bytes;
}
