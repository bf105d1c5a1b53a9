import { Link } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { REVIEW_RULES } from "@souls/core/reviews";
import { ProductPicture } from "~/components/product-picture";
import { Stars } from "~/components/stars";
import type { FormReading } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import type { ReviewPageModel } from "./review.server";
import { ReviewForm } from "./review-form";

type Invalid = Extract<FormReading<unknown, string>, { ok: false }>;

/** The address of one model's review through the order's link. */
export const modelPath = (token: string, model: string) =>
  `?token=${encodeURIComponent(token)}&model=${encodeURIComponent(model)}`;

/** Where a review stands, in words (with the reason of a refusal). */
function ReviewStatus({ model }: { model: ReviewPageModel }) {
  const { t } = useTranslation("reviews");
  const locale = useLocale();
  const { review } = model;
  if (!review) return null;
  const text =
    review.status === "pending"
      ? t("yours.pending", { days: REVIEW_RULES.publicationDays })
      : review.status === "published"
        ? t("yours.published", { date: formatDate(review.publishedAt ?? review.submittedAt, locale) })
        : t("yours.rejected", {
            reason: review.rejectionReason ? t(`reasons.${review.rejectionReason}`) : "",
          });
  return (
    <p className={`review-status review-status--${review.status}`}>
      <span className="review-status__label">{t(`status.${review.status}`)}</span> {text}
      {review.status === "published" && model.path ? (
        <>
          {" "}
          <Link to={`${model.path}#reviews`} className="text-link">
            {model.name}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** One model of her order: its photo and name, then the form to write or change her review, or the review as it stands. */
export function ModelReview({
  model,
  token,
  days,
  suggestedAuthorName,
  invalid,
}: {
  model: ReviewPageModel;
  token: string;
  days: { earliest: string; latest: string };
  suggestedAuthorName: string;
  invalid: Pick<Invalid, "errors" | "values"> | null;
}) {
  const { t } = useTranslation("reviews");
  const locale = useLocale();
  const { review } = model;
  return (
    <section className="review-model" aria-labelledby="review-model-title">
      <div className="review-model__head">
        {model.cover ? (
          <ProductPicture
            photo={model.cover}
            locale={locale}
            sizes="96px"
            alt=""
            className="review-model__photo"
          />
        ) : null}
        <h2 id="review-model-title">{t(review ? "form.changeTitle" : "form.title", { name: model.name })}</h2>
      </div>
      <ReviewStatus model={model} />
      {model.can === "none" ? (
        review ? (
          <ReadOnlyReview review={review} />
        ) : (
          <p className="form-error">{t("refused.expired")}</p>
        )
      ) : (
        <ReviewForm
          // Sent again, it starts from what was saved: her consent is asked anew each time.
          key={`${model.model}-${review?.savesLeft ?? "new"}`}
          model={model.model}
          token={token}
          days={days}
          saved={review}
          suggestedAuthorName={suggestedAuthorName}
          invalid={invalid}
        />
      )}
      {model.can === "change" && review ? (
        <p className="review-model__note">
          {t("form.changeUntil", { date: formatDate(review.changeUntil, locale) })}
        </p>
      ) : null}
    </section>
  );
}

function ReadOnlyReview({ review }: { review: NonNullable<ReviewPageModel["review"]> }) {
  const { t } = useTranslation("reviews");
  return (
    <div className="review-model__read-only">
      <Stars rating={review.rating} label={t("section.stars", { rating: review.rating })} />
      <p className="review__title">{review.title}</p>
      <p className="review-model__body">{review.body}</p>
      <p className="review-model__note">{t("yours.readOnly")}</p>
    </div>
  );
}

/** What the link to a model's review does: write it, change it, or show it. */
const actionOf = (model: ReviewPageModel) =>
  model.review ? (model.can === "change" ? "page.change" : "page.see") : "page.write";

/** The models of her order, each with where its review stands and the way to it. */
export function ModelChoice({
  models,
  token,
  current,
}: {
  models: ReviewPageModel[];
  token: string;
  current: string | null;
}) {
  const { t } = useTranslation("reviews");
  const locale = useLocale();
  const others = models.filter((model) => model.model !== current);
  if (others.length === 0) return null;
  return (
    <section className="review-choice" aria-labelledby="review-choice-title">
      <h2 id="review-choice-title" className={current ? undefined : "visually-hidden"}>
        {t("page.otherModels")}
      </h2>
      <ul>
        {others.map((model) => (
          <li key={model.model} className="review-choice__model">
            <span className="review-choice__frame">
              {model.cover ? (
                <ProductPicture
                  photo={model.cover}
                  locale={locale}
                  sizes="64px"
                  alt=""
                  className="review-choice__photo"
                />
              ) : null}
            </span>
            <span className="review-choice__name">{model.name}</span>
            <span className="review-choice__status">{t(`status.${model.review?.status ?? "none"}`)}</span>
            {model.can === "none" && !model.review ? null : (
              <Link
                to={modelPath(token, model.model)}
                className="button button--outline button--small"
                aria-label={`${t(actionOf(model))} — ${model.name}`}
              >
                {t(actionOf(model))}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
