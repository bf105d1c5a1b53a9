/**
 * `@souls/shop/reviews`: reviews from buyers. A set number of days after shipping, a buyer is
 * invited once (the worker); through the link bound to her order she writes one review per model
 * and may change it for a while; the owner publishes or refuses each for a published reason, and
 * answers in public; pages show the published ones, with their average.
 */
export { REVIEWABLE_STATUSES } from "./eligibility";
export {
  characterCount,
  REVIEW_FIELDS,
  REVIEW_REFUSALS,
  type ReviewField,
  type ReviewInput,
  type ReviewRefusal,
  reviewFormSchema,
} from "./form";
export { inviteReviewers, optOutOfReviewInvitations, writeUntilOf } from "./invitations";
export {
  type AuthorsReview,
  changeUntilOf,
  type LinkModel,
  openReviewLink,
  type ReviewLinkOutcome,
  type ReviewLinkRefusal,
  type ReviewLinkView,
  type ReviewPossibility,
  type ReviewSubmission,
  type SubmissionOutcome,
  type SubmissionRefusal,
  submitReview,
} from "./link";
export {
  type AdminReview,
  countReviewsWaiting,
  deleteReview,
  listReviews,
  publishByOf,
  publishOverdueReviews,
  publishReview,
  REVIEW_PAGE_SIZE,
  type ReviewListQuery,
  type ReviewPage,
  rejectReview,
  replyToReview,
} from "./moderation";
export { loadPublishedReviews, type ModelReviews, type PublishedReview } from "./published";
