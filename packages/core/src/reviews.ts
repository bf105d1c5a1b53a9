/**
 * Buyers' reviews: the bounds of what a buyer writes and the rules of their life, defined once for
 * the shop's use cases, its pages (the form's hints, the notice of the law next to the reviews) and
 * the owner's panel. The law on online reviews (Code de la consommation L111-7-2, D111-16 to
 * D111-19) asks that how reviews are collected, checked and kept be told: these numbers are what
 * the notice says, so the notice reads them from here.
 */

/** What a buyer types, field by field (characters, after trimming). */
export const REVIEW_LIMITS = {
  rating: { min: 1, max: 5 },
  title: { min: 2, max: 100 },
  body: { min: 10, max: 2_000 },
  /** The name shown with the review: her first name and initial by default. */
  authorName: { min: 2, max: 40 },
  /** The shop's public answer under a review. */
  reply: { min: 1, max: 1_000 },
} as const;

export const REVIEW_RULES = {
  /** Days after shipping before the invitation goes (the REVIEW_INVITATION_DAYS setting's default). */
  invitationDays: 10,
  /** An order shipped more than this many days before its invitation was due is never invited. */
  invitationLateDays: 30,
  /** The invitation's link opens the form for this many days. */
  writeDays: 60,
  /** A buyer changes her review through the same link for this many days after first sending it. */
  changeDays: 30,
  /** A review is saved this many times at most (the first time included): a link cannot write forever. */
  maxSaves: 10,
  /** A review the owner has not read within this many days is published as it is. */
  publicationDays: 14,
  /** Reviews shown at once on a model's page; the others a link away. */
  shownPerPage: 10,
} as const;

/**
 * The only reasons a review is refused or withdrawn, published next to the reviews. Being negative
 * is none of them: a review cannot be hidden for what it thinks of the product (L111-7-2).
 */
export const REVIEW_REJECTION_REASONS = [
  "off_topic",
  "abusive",
  "personal_data",
  "advertising",
  "unintelligible",
] as const;
export type ReviewRejectionReason = (typeof REVIEW_REJECTION_REASONS)[number];

export function isReviewRejectionReason(value: unknown): value is ReviewRejectionReason {
  return (REVIEW_REJECTION_REASONS as readonly unknown[]).includes(value);
}

/** Waiting for the owner, on the model's page, or refused (before or after publication). */
export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The average of ratings as pages show it: one decimal, never invented (no review, no average). */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

/** "Camille M.": the name a review is signed with unless the buyer writes another. */
export function defaultAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  const name = initial ? `${first} ${initial.toLocaleUpperCase("fr")}.` : first;
  return [...name].slice(0, REVIEW_LIMITS.authorName.max).join("");
}
