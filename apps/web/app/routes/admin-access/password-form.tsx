import { copy, count } from "@souls/api/admin-words";
import { PASSWORD_MIN_LENGTH } from "@souls/core/admin-roles";
import { fill } from "@souls/core/placeholders";
import { PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.access;
const EMPTY = { oldPassword: "", newPassword: "", confirmPassword: "" };

/** Her own password: the old one asked, the new one twice; her other sessions end. */
export function PasswordForm() {
  const form = usePanelForm(EMPTY, { toastOnly: true });
  const change = trpc.access.changePassword.useMutation({
    onSuccess: (result) => {
      form.setDraft(EMPTY);
      notifySuccess(TEXT.changed, count(result.endedSessions, TEXT.changedText));
    },
    onError: (error) => form.refuse(error, TEXT.failed),
  });
  const submit = () => {
    const { oldPassword, newPassword, confirmPassword } = form.draft;
    if (newPassword !== confirmPassword) {
      form.setErrors({ confirmPassword: TEXT.mismatch });
      return;
    }
    form.setErrors({});
    change.mutate({ oldPassword, newPassword });
  };
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <TextField
      form={form}
      name={name}
      label={label}
      hint={hint}
      type="password"
      autoComplete={autoComplete}
      maxLength={200}
      required
    />
  );
  return (
    <PanelForm form={form} onSubmit={submit}>
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
        <SubmitBar label={TEXT.changePassword} busyLabel={TEXT.changing} busy={change.isPending} />
      </fieldset>
    </PanelForm>
  );
}
