import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";
import type { TrackingError } from "./tracking.server";

/**
 * The token form, for whoever holds a code an e-mail's link did not open: folded under the find
 * form, open when a token was sent (its message is the field's, or the page's alert above).
 */
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
  const navigation = useNavigation();
  const searching = navigation.state === "submitting" && navigation.formData?.get("intent") === "track";
  return (
    <details className="tracking__code" open={Boolean(fieldError || error || token)}>
      <summary>{t("code.toggle")}</summary>
      <Form method="post" className="tracking__form" noValidate>
        <p>{t("code.intro")}</p>
        <div className="field">
          <label htmlFor="tracking-token">{t("tokenLabel")}</label>
          <input
            id="tracking-token"
            name="token"
            type="text"
            autoComplete="off"
            spellCheck={false}
            required
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
          className="button button--outline"
          disabled={searching}
        >
          {searching ? t("searching") : t("submit")}
        </button>
      </Form>
    </details>
  );
}
