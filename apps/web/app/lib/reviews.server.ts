import { loadPublishedReviews, type ModelReviews, type PublishedReview } from "@souls/shop/reviews";
import { catalogueVersion, keepCollection } from "./catalogue.server";
import { pagesDb } from "./db.server";

/**
 * The published reviews for this server's pages, read once per catalogue version like the
 * catalogue: a review published, withdrawn or deleted is a NOTIFY on the products channel (the
 * reviews table's triggers), so every server reads them again at its next request, and every kept
 * page of its model goes with the version. A review still waiting is no change to any page.
 */
export const shownReviews = keepCollection(() => loadPublishedReviews(pagesDb), catalogueVersion);

/** A model's reviews as its page shows them: dates on the wire, the newest `shown` of them. */
export interface PageReviews {
  count: number;
  average: number;
  reviews: (Omit<PublishedReview, "publishedAt" | "repliedAt"> & { publishedAt: string })[];
}

export function pageReviews(model: ModelReviews | undefined, shown: number): PageReviews | null {
  if (!model || model.count === 0) return null;
  return {
    count: model.count,
    average: model.average,
    reviews: model.reviews.slice(0, shown).map(({ publishedAt, repliedAt: _, ...review }) => ({
      ...review,
      publishedAt: publishedAt.toISOString(),
    })),
  };
}
