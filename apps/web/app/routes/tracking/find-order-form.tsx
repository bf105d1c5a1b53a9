import { Form, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/error-summary";
import { Field } from "~/components/field";
import { useTranslation } from "~/lib/translations";
import type { FindAnswer, FindField } from "./tracking.server";

const FIELDS: FindField[] = ["orderNumber", "email"];

/**
 * What the page leads with: her order's number and e-mail address, and its link is e-mailed to
 * the order's address. A refused form says why at its top, each field below its label.
 */
export function FindOrderForm({ answer }: { answer?: FindAnswer }) {
  const { t } = useTranslation("tracking");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "find";
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  return (
    <Form method="post" className="tracking__form" noValidate>
      <p>{t("find.intro")}</p>
      <p>{t("find.withdrawal")}</p>
      {Object.keys(errors).length > 0 ? (
        <ErrorSummary
          title={t("find.errors.summary")}
          problems={FIELDS.flatMap((field) => {
            const message = errors[field];
            return message ? [{ id: `field-${field}`, label: t(`find.${field}`), message: t(message) }] : [];
          })}
        />
      ) : null}
      {answer?.refused ? (
        <p className="form-error" role="alert">
          {t(`find.errors.${answer.refused}`)}
        </p>
      ) : null}
      <Field
        name="orderNumber"
        label={t("find.orderNumber")}
        hint={t("find.orderNumberHint")}
        error={errors.orderNumber}
      >
        {(props) => (
          <input
            {...props}
            defaultValue={values.orderNumber}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={40}
          />
        )}
      </Field>
      <Field name="email" label={t("find.email")} hint={t("find.emailHint")} error={errors.email}>
        {(props) => (
          <input {...props} type="email" defaultValue={values.email} autoComplete="email" required />
        )}
      </Field>
      <button type="submit" name="intent" value="find" className="button button--primary" disabled={sending}>
        {sending ? t("find.sending") : t("find.submit")}
      </button>
    </Form>
  );
}
