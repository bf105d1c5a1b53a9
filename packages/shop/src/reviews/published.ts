/**
 * The reviews shoppers read on a model's page: the published ones only, newest first, with their
 * average and count computed from them (no review, no rating). Read once per catalogue version by
 * the pages (a publication or a withdrawal is announced on the catalogue's channel).
 */
import { averageRating } from "@souls/core/reviews";
import type { Database, Kysely } from "@souls/db";

export interface PublishedReview {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  /** The day of her experience, "YYYY-MM-DD". */
  experiencedOn: string;
  publishedAt: Date;
  /** The language she wrote in. */
  locale: string;
  reply: string | null;
  repliedAt: Date | null;
}

export interface ModelReviews {
  count: number;
  /** One decimal, from the published ratings only. */
  average: number;
  /** Newest first. */
  reviews: PublishedReview[];
}

/** Every model's published reviews, by product id; a model without any has no entry. */
export async function loadPublishedReviews(db: Kysely<Database>): Promise<Record<number, ModelReviews>> {
  const rows = await db
    .selectFrom("reviews")
    .select([
      "id",
      "productId",
      "rating",
      "title",
      "body",
      "authorName",
      "experiencedOn",
      "publishedAt",
      "locale",
      "reply",
      "repliedAt",
    ])
    .where("status", "=", "published")
    .orderBy("productId")
    .orderBy("publishedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const byModel: Record<number, PublishedReview[]> = {};
  for (const { productId, publishedAt, ...review } of rows) {
    // The table's check: a published review has its date.
    if (!publishedAt) continue;
    const reviews = byModel[productId] ?? [];
    reviews.push({ ...review, publishedAt });
    byModel[productId] = reviews;
  }
  return Object.fromEntries(
    Object.entries(byModel).map(([productId, reviews]) => [
      productId,
      {
        count: reviews.length,
        average: averageRating(reviews.map((review) => review.rating)) ?? 0,
        reviews,
      },
    ]),
  );
}
