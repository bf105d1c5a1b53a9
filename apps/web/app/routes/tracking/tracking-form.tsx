import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";
import type { TrackingError } from "./tracking.server";

/** The token form, with the field's message (a locale key) or the look-up's refusal. */
export function TrackingForm({
  fieldError,
  error,
  token,
}: {
  fieldError?: string;
  error?: TrackingError;
  token?: string;
}) {
  const { t } = useTranslation("tracking");
  const searching = useNavigation().state === "submitting";
  return (
    <Form method="post" className="tracking__form" noValidate>
      <p>{t("intro")}</p>
      {error ? (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="tracking-token">{t("tokenLabel")}</label>
        <input
          id="tracking-token"
          name="token"
          type="text"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder={t("tokenPlaceholder")}
          defaultValue={token}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "tracking-token-error" : undefined}
        />
        {fieldError ? (
          <p className="field__error" id="tracking-token-error" role="alert">
            {t(fieldError)}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        name="intent"
        value="track"
        className="button button--primary"
        disabled={searching}
      >
        {searching ? t("searching") : t("submit")}
      </button>
    </Form>
  );
}
