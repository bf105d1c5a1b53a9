import { Link } from "@remix-run/react";
import { formatDate, numberFormat } from "@souls/core/format";
import { isLocale, type Locale } from "@souls/core/locales";
import { Paragraphs } from "~/components/paragraphs";
import { ReviewNotice } from "~/components/review-notice";
import { Stars } from "~/components/stars";
import { useRootData } from "~/lib/locale";
import type { PageReviews } from "~/lib/reviews.server";
import { useTranslation } from "~/lib/translations";

/** A review's day of experience ("YYYY-MM-DD") as its reader writes dates. */
const dayOf = (day: string, locale: Locale) => formatDate(`${day}T12:00:00Z`, locale);

/** "4,5" / "4.5": an average as the reader writes numbers. */
export const averageOf = (average: number, locale: Locale) =>
  numberFormat(locale, { maximumFractionDigits: 1 }).format(average);

/** Beside the model's name: its stars and how many reviews they come from, a link to them. */
export function ReviewsSummary({ reviews, locale }: { reviews: PageReviews; locale: Locale }) {
  const { t } = useTranslation("reviews");
  const values = { average: averageOf(reviews.average, locale), count: reviews.count };
  return (
    <a href="#reviews" className="reviews-summary">
      <Stars rating={reviews.average} label={t("section.ratingLabel", values)} size={16} />
      <span aria-hidden="true">
        {t("section.average", values)} · {t("section.count", values)}
      </span>
    </a>
  );
}

/**
 * The published reviews of a model, newest first, each with the day of the experience and of its
 * publication and the shop's answer; their average and count; the law's notice beside them.
 * Every word a buyer or the owner wrote is text (React escapes it), in the language it was written.
 */
export function ProductReviews({
  reviews,
  locale,
  allPath,
}: {
  reviews: PageReviews;
  locale: Locale;
  /** The page with every review, when some are not shown. */
  allPath: string | null;
}) {
  const { t } = useTranslation("reviews");
  const brand = useRootData()?.seller?.brand ?? "";
  const values = { average: averageOf(reviews.average, locale), count: reviews.count };
  return (
    <section id="reviews" className="reviews page" aria-labelledby="reviews-title">
      <header className="reviews__header">
        <h2 id="reviews-title" className="section__title">
          {t("section.title")}
        </h2>
        <p className="reviews__average">
          <Stars rating={reviews.average} label={t("section.ratingLabel", values)} size={22} />
          <span aria-hidden="true">
            <strong>{t("section.average", values)}</strong> · {t("section.count", values)}
          </span>
        </p>
        <p className="reviews__order">{t("section.order")}</p>
      </header>
      <div className="reviews__layout">
        <div>
          <ol className="reviews__list">
            {reviews.reviews.map((review) => {
              const written = isLocale(review.locale) ? review.locale : locale;
              return (
                <li key={review.id} className="review">
                  <article aria-labelledby={`review-${review.id}`}>
                    <Stars rating={review.rating} label={t("section.stars", { rating: review.rating })} />
                    <h3 id={`review-${review.id}`} className="review__title" lang={written}>
                      {review.title}
                    </h3>
                    <div className="review__body" lang={written}>
                      <Paragraphs text={review.body} />
                    </div>
                    <p className="review__meta">
                      <span className="review__author">{review.authorName}</span>
                      <span>
                        {t("section.experienced", { date: dayOf(review.experiencedOn, locale) })},{" "}
                        {t("section.published", { date: formatDate(review.publishedAt, locale) })}
                      </span>
                      {written === locale ? null : (
                        <span>{t("section.writtenIn", { language: t(`languages.${written}`) })}</span>
                      )}
                    </p>
                    {review.reply ? (
                      <div className="review__reply">
                        <p className="review__reply-title">{t("section.reply", { brand })}</p>
                        <Paragraphs text={review.reply} />
                      </div>
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ol>
          {allPath ? (
            <Link to={allPath} className="button button--outline">
              {t("section.all", { count: reviews.count })}
            </Link>
          ) : null}
        </div>
        <ReviewNotice />
      </div>
    </section>
  );
}
