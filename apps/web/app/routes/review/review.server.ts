import type { Locale } from "@souls/core/locales";
import type { ShownPhoto } from "@souls/core/photos";
import { type Catalogue, modelByCode } from "@souls/shop/catalogue";
import type { ReviewLinkOutcome, ReviewLinkRefusal, SubmissionRefusal } from "@souls/shop/reviews";

/** The link is in the address: never cached, never indexed, never sent on as a referrer. */
export const REVIEW_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

/** Why the page cannot take a review: its link, its order, its time, the model, its changes. */
export type ReviewRefusal = ReviewLinkRefusal | "unknownModel" | "changeOver";

export const REFUSAL_STATUS: Record<ReviewRefusal, number> = {
  invalid: 400,
  closed: 409,
  expired: 410,
  unknownModel: 404,
  changeOver: 409,
};

/** The use case's refusal as the page says it (a malformed review is the form's to show). */
export function refusalOf(reason: SubmissionRefusal): ReviewRefusal {
  switch (reason) {
    case "unknown_model":
      return "unknownModel";
    case "change_over":
      return "changeOver";
    case "invalid_review":
      return "invalid";
    default:
      return reason;
  }
}

/** The link's models as the page shows them: dates on the wire, each with its cover and its page. */
export function linkView(opened: ReviewLinkOutcome & { ok: true }, catalogue: Catalogue, locale: Locale) {
  const { view } = opened;
  return {
    orderNumber: view.orderNumber,
    suggestedAuthorName: view.suggestedAuthorName,
    days: view.days,
    writeUntil: view.writeUntil.toISOString(),
    models: view.models.map(({ model, name, review, can }) => {
      const shown = modelByCode(catalogue, model, { draftsToo: true });
      const cover: ShownPhoto | null = shown?.photos[0] ?? null;
      return {
        model,
        name,
        can,
        cover,
        // Its page, once the review is published there (an archived model keeps its page).
        path: shown && shown.state !== "draft" ? (shown.texts[locale]?.path ?? null) : null,
        review: review && {
          ...review,
          submittedAt: review.submittedAt.toISOString(),
          publishedAt: review.publishedAt?.toISOString() ?? null,
          changeUntil: review.changeUntil.toISOString(),
        },
      };
    }),
  };
}

export type ReviewPageView = ReturnType<typeof linkView>;
export type ReviewPageModel = ReviewPageView["models"][number];
