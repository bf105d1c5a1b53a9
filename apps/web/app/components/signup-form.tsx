import { useActionData, useLocation } from "@remix-run/react";
import { useId } from "react";
import type { SignupAnswer } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { RedirectBackField } from "./redirect-back-field";

/** A titled section around the sign-up form, where a page invites to follow the brand. */
export function SignupBox({
  title,
  text,
  submitLabel,
  className,
  id = "signup",
}: {
  title: string;
  text: string;
  submitLabel: string;
  className?: string;
  /** The section's anchor: the page comes back to it after the form is sent. */
  id?: string;
}) {
  const titleId = useId();
  return (
    <section
      id={id}
      className={["signup-box", className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="section__title">
        {title}
      </h2>
      <p>{text}</p>
      <SignupForm submitLabel={submitLabel} anchor={id} />
    </section>
  );
}

/**
 * The early-notice form (« Être informé(e) en avant-première »), and a sold-out model's
 * back-in-stock list (`intent=waitlist`, « Me prévenir de son retour », with its consent box): a
 * plain form posted to its own page's action, which answers with a 303 back to the form's section
 * (`anchor`) and its thank-you, or the page again at the form with each field's message.
 */
export function SignupForm({
  withName = false,
  submitLabel,
  intent = "signup",
  consentLabel,
  anchor,
}: {
  withName?: boolean;
  submitLabel: string;
  intent?: "signup" | "waitlist";
  /** A required consent box with this label (the back-in-stock list). */
  consentLabel?: string;
  /** The id of the form's section, where the page comes back after it is sent. */
  anchor?: string;
}) {
  const { t } = useTranslation();
  // The page's own action answered: it may be another form's answer.
  const answer = useActionData<SignupAnswer>();
  const { pathname, search } = useLocation();
  const id = useId();

  const result = answer?.outcome === "signupRefused" && answer.form === intent ? answer : undefined;
  const errors = result?.errors ?? {};

  const field = (name: "email" | "name") => ({
    id: `${id}-${name}`,
    name,
    defaultValue: result?.values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      method="post"
      action={`${pathname}${search}${anchor ? `#${anchor}` : ""}`}
      className="signup-form"
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <RedirectBackField anchor={anchor} />
      {withName ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>{t("signup.nameLabel")}</label>
          <input
            {...field("name")}
            type="text"
            autoComplete="given-name"
            placeholder={t("signup.namePlaceholder")}
          />
          {errors.name ? (
            <p className="field__error" id={`${id}-name-error`}>
              {t(errors.name)}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t("signup.emailLabel")}</label>
        <input
          {...field("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder={t("signup.emailPlaceholder")}
        />
        {errors.email ? (
          <p className="field__error" id={`${id}-email-error`}>
            {t(errors.email)}
          </p>
        ) : null}
      </div>
      {consentLabel ? (
        <div className="checkbox-field">
          <input
            id={`${id}-consent`}
            name="consent"
            type="checkbox"
            value="yes"
            required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
          />
          <label htmlFor={`${id}-consent`}>{consentLabel}</label>
          {errors.consent ? (
            <p className="field__error" id={`${id}-consent-error`}>
              {t(errors.consent)}
            </p>
          ) : null}
        </div>
      ) : null}
      {errors.form ? (
        <p className="form-error" role="alert">
          {t(errors.form)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary">
        {submitLabel}
      </button>
      {consentLabel ? null : <p className="signup-form__note">{t("signup.consent")}</p>}
    </form>
  );
}
