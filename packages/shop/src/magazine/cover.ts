/**
 * An article's cover photo: taken, judged and cut exactly as a model's photo or a series' picture
 * (../photos/process.ts: the same formats, sizes and refusals), stored and served under the same
 * /photos names as a series' picture (../photos/stored-picture.ts). A new one replaces the old, its
 * cuts with it; the change updates the article's row, whose statement trigger tells every server's
 * page cache.
 */
import type { ShownPhoto } from "@souls/core/photos";
import type { Database, Kysely } from "@souls/db";
import { checkPhotoSize, processPhoto } from "../photos/process";
import { storePicture } from "../photos/stored-picture";
import { lockArticle, recordArticleEvent } from "./articles";
import { ArticleRefusedError } from "./errors";

/** The article's cover, replacing the one it had; a refused file stores nothing. */
export async function setArticleCover(
  db: Kysely<Database>,
  input: { articleId: number; bytes: Uint8Array },
): Promise<Omit<ShownPhoto, "alt">> {
  checkPhotoSize(input.bytes);
  const exists = await db
    .selectFrom("articles")
    .select("id")
    .where("id", "=", input.articleId)
    .executeTakeFirst();
  if (!exists) throw new ArticleRefusedError("not_found");
  const photo = await processPhoto(input.bytes);
  return db.transaction().execute(async (trx) => {
    const article = await lockArticle(trx, input.articleId);
    await storePicture(trx, "article", article.id, photo);
    await trx
      .updateTable("articles")
      .set({
        coverSource: photo.hash,
        coverWidth: photo.width,
        coverHeight: photo.height,
        updatedAt: new Date(),
      })
      .where("id", "=", article.id)
      .execute();
    await recordArticleEvent(trx, article.id, "cover_set");
    return { id: article.id, source: photo.hash, width: photo.width, height: photo.height };
  });
}

/** The article without a cover photo. */
export async function removeArticleCover(db: Kysely<Database>, articleId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockArticle(trx, articleId);
    const { numUpdatedRows } = await trx
      .updateTable("articles")
      .set({ coverSource: null, coverWidth: null, coverHeight: null, updatedAt: new Date() })
      .where("id", "=", articleId)
      .where("coverSource", "is not", null)
      .executeTakeFirst();
    if (numUpdatedRows === 0n) return;
    await trx.deleteFrom("articleCoverFiles").where("articleId", "=", articleId).execute();
    await recordArticleEvent(trx, articleId, "cover_removed");
  });
}
