import { copy, count } from "@souls/api/admin-words";
import { PASSWORD_MIN_LENGTH } from "@souls/core/admin-roles";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { firstFieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.access;
const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

/** Her own password: the old one asked, the new one twice; her other sessions end. */
export function PasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const change = trpc.access.changePassword.useMutation({
    onSuccess: (result) => {
      setValues(EMPTY);
      notifySuccess(TEXT.changed, count(result.endedSessions, TEXT.changedText));
    },
    onError: (error) => {
      const fields = firstFieldErrorsOf(error);
      if (fields) setErrors(fields);
      notifyFailure(TEXT.failed, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirmPassword) {
      setErrors({ confirmPassword: TEXT.mismatch });
      return;
    }
    setErrors({});
    change.mutate({ oldPassword: values.oldPassword, newPassword: values.newPassword });
  };
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <FormField label={label} hint={hint} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          type="password"
          autoComplete={autoComplete}
          maxLength={200}
          required
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <form onSubmit={submit} className="admin-form" noValidate>
      <fieldset className="admin-panel">
        <legend>{TEXT.password}</legend>
        {field("oldPassword", TEXT.oldPassword, "current-password")}
        {field(
          "newPassword",
          TEXT.newPassword,
          "new-password",
          fill(TEXT.passwordIntro, { min: PASSWORD_MIN_LENGTH }),
        )}
        {field("confirmPassword", TEXT.confirmPassword, "new-password")}
        <div className="admin-toolbar">
          <BusyButton
            type="submit"
            className="button button--primary"
            busy={change.isPending}
            busyLabel={TEXT.changing}
          >
            {TEXT.changePassword}
          </BusyButton>
        </div>
      </fieldset>
    </form>
  );
}
