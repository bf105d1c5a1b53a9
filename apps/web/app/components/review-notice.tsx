import { RETENTION } from "@souls/core/retention";
import { REVIEW_REJECTION_REASONS, REVIEW_RULES } from "@souls/core/reviews";
import { useRootData } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";

/**
 * What the law asks a shop showing reviews to say, next to them (Code de la consommation
 * L111-7-2, D111-17 to D111-19): how reviews are collected and checked, that none is paid for,
 * why one can be refused (the only reasons), in what order they are shown, how long they are kept.
 * Its numbers are the rules the shop applies (@souls/core/reviews, @souls/core/retention).
 */
export function ReviewNotice({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("reviews");
  const email = useRootData()?.seller?.email ?? "";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="review-notice" aria-labelledby="review-notice-title">
      <Heading id="review-notice-title" className="review-notice__title">
        {t("notice.title")}
      </Heading>
      <ul>
        <li>{t("notice.verified")}</li>
        <li>{t("notice.unpaid")}</li>
        <li>
          {t("notice.moderation", { publicationDays: REVIEW_RULES.publicationDays })}
          <ul>
            {REVIEW_REJECTION_REASONS.map((reason) => (
              <li key={reason}>{t(`reasons.${reason}`)}</li>
            ))}
          </ul>
          {t("notice.told")}
        </li>
        <li>{t("notice.order")}</li>
        <li>{t("notice.changes", { changeDays: REVIEW_RULES.changeDays })}</li>
        <li>{t("notice.kept", { years: RETENTION.publishedReviewYears, email })}</li>
      </ul>
      <p className="review-notice__law">{t("notice.law")}</p>
    </section>
  );
}
