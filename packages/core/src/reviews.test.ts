import { describe, expect, it } from "vitest";
import {
  averageRating,
  defaultAuthorName,
  isReviewRejectionReason,
  REVIEW_LIMITS,
  REVIEW_REJECTION_REASONS,
} from "./reviews";

describe("reviews' shared rules", () => {
  it("average the ratings given, to one decimal, and invent none without a rating", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5])).toBe(5);
    expect(averageRating([5, 4])).toBe(4.5);
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([1, 2, 2])).toBe(1.7);
  });

  it("sign a review with the first name and the initial of the last name", () => {
    expect(defaultAuthorName(" Camille ", "martin")).toBe("Camille M.");
    expect(defaultAuthorName("Élodie", "Écuyer")).toBe("Élodie É.");
    expect(defaultAuthorName("Nour", "")).toBe("Nour");
    expect(defaultAuthorName("x".repeat(60), "Martin").length).toBe(REVIEW_LIMITS.authorName.max);
  });

  it("refuse a review only for a published reason, never for being negative", () => {
    expect(REVIEW_REJECTION_REASONS.every(isReviewRejectionReason)).toBe(true);
    for (const reason of ["negative", "bad_rating", "", null, "toString"]) {
      expect(isReviewRejectionReason(reason)).toBe(false);
    }
  });
});
