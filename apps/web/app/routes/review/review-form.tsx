import { Form, useLocation, useNavigation } from "@remix-run/react";
import { formatDate, numberFormat } from "@souls/core/format";
import { REVIEW_LIMITS, REVIEW_RULES } from "@souls/core/reviews";
import { Field } from "~/components/field";
import { StarIcon } from "~/components/icons";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import type { ReviewPageModel } from "./review.server";

type ReviewFieldName = "rating" | "title" | "body" | "authorName" | "experiencedOn" | "consent";

/**
 * One model's review: 1 to 5 stars, a title, the text, the name shown, the day of the experience,
 * the consent to publish. A plain form posted to the page (no JavaScript needed); a refused field
 * keeps what was typed and says why under it, with the bounds the shop applies.
 */
export function ReviewForm({
  model,
  token,
  days,
  saved,
  suggestedAuthorName,
  invalid,
}: {
  model: string;
  token: string;
  days: { earliest: string; latest: string };
  /** Her review as it stands, when she changes it. */
  saved: ReviewPageModel["review"];
  suggestedAuthorName: string;
  /** The refused post's messages and what was typed. */
  invalid: { errors: Partial<Record<string, string>>; values: Partial<Record<string, string>> } | null;
}) {
  const { t } = useTranslation("reviews");
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const sending = useNavigation().state === "submitting";
  const errors = (invalid?.errors ?? {}) as Partial<Record<ReviewFieldName, string>>;
  const typed = invalid?.values as Partial<Record<ReviewFieldName, string>> | undefined;
  const value = (field: Exclude<ReviewFieldName, "consent">): string =>
    typed?.[field] ??
    (saved
      ? String(saved[field])
      : field === "authorName"
        ? suggestedAuthorName
        : field === "experiencedOn"
          ? days.latest
          : "");
  /** A field's bounds as the reader writes numbers ("2 000" / "2,000"). */
  const bounds = (field: "title" | "body" | "authorName") => {
    const number = numberFormat(locale, {});
    return { min: number.format(REVIEW_LIMITS[field].min), max: number.format(REVIEW_LIMITS[field].max) };
  };
  const dayOf = (day: string) => formatDate(`${day}T12:00:00Z`, locale);
  const rating = value("rating");
  return (
    <Form method="post" action={`${pathname}${search}`} className="review-form" noValidate>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="model" value={model} />
      {Object.keys(errors).length > 0 ? (
        <p className="form-error" role="alert">
          {t("form.summary")}
        </p>
      ) : null}
      <p className="review-form__required">{t("form.required")}</p>
      {/* Its legend names the group; its error is said of the whole group. */}
      <fieldset
        className={errors.rating ? "rating-input rating-input--invalid" : "rating-input"}
        aria-describedby={errors.rating ? "rating-error" : undefined}
      >
        <legend>{t("form.rating")}</legend>
        <div className="rating-input__stars">
          {[1, 2, 3, 4, 5].map((stars) => (
            <span key={stars} className="rating-input__star">
              <input
                type="radio"
                id={`rating-${stars}`}
                name="rating"
                value={stars}
                defaultChecked={rating === String(stars)}
                required
              />
              <label htmlFor={`rating-${stars}`}>
                <StarIcon fill="empty" size={34} />
                <span className="visually-hidden">{t("form.stars", { count: stars })}</span>
              </label>
            </span>
          ))}
        </div>
        {errors.rating ? (
          <p className="field__error" id="rating-error">
            {t(errors.rating)}
          </p>
        ) : null}
      </fieldset>
      <Field
        name="title"
        label={t("form.titleLabel")}
        hint={t("form.titleHint", bounds("title"))}
        error={errors.title}
        errorValues={bounds("title")}
      >
        {(props) => (
          <input {...props} defaultValue={value("title")} maxLength={REVIEW_LIMITS.title.max} required />
        )}
      </Field>
      <Field
        name="body"
        label={t("form.bodyLabel")}
        hint={t("form.bodyHint", bounds("body"))}
        error={errors.body}
        errorValues={bounds("body")}
      >
        {(props) => (
          <textarea
            {...props}
            defaultValue={value("body")}
            maxLength={REVIEW_LIMITS.body.max}
            rows={7}
            required
          />
        )}
      </Field>
      <div className="review-form__row">
        <Field
          name="authorName"
          label={t("form.authorNameLabel")}
          hint={t("form.authorNameHint", bounds("authorName"))}
          error={errors.authorName}
          errorValues={bounds("authorName")}
        >
          {(props) => (
            <input
              {...props}
              defaultValue={value("authorName")}
              maxLength={REVIEW_LIMITS.authorName.max}
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field
          name="experiencedOn"
          label={t("form.experiencedOnLabel")}
          hint={t("form.experiencedOnHint")}
          error={errors.experiencedOn}
          errorValues={{ earliest: dayOf(days.earliest), latest: dayOf(days.latest) }}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              defaultValue={value("experiencedOn")}
              min={days.earliest}
              max={days.latest}
              required
            />
          )}
        </Field>
      </div>
      <div className="checkbox-field">
        <input
          id="review-consent"
          name="consent"
          type="checkbox"
          value="yes"
          // Consent is given by ticking, each time she sends it: never ticked in advance.
          defaultChecked={typed?.consent === "yes"}
          required
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? "review-consent-error" : undefined}
        />
        <label htmlFor="review-consent">{t("form.consent")}</label>
        {errors.consent ? (
          <p className="field__error" id="review-consent-error">
            {t(errors.consent)}
          </p>
        ) : null}
      </div>
      {saved ? null : (
        <p className="review-model__note">{t("form.changeNote", { days: REVIEW_RULES.changeDays })}</p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? t("form.sending") : t(saved ? "form.submitChange" : "form.submit")}
      </button>
    </Form>
  );
}
