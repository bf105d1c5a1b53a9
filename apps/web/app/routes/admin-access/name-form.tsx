import { copy } from "@souls/api/admin-words";
import { PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.access;

/** Her name, as the histories give it to her actions. */
export function NameForm({ current }: { current: string }) {
  const form = usePanelForm({ name: current }, { toastOnly: true });
  const utils = trpc.useUtils();
  const rename = trpc.access.rename.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.renamed);
      void utils.access.me.invalidate();
    },
    onError: (failure) => form.refuse(failure, TEXT.failed),
  });
  const submit = () => {
    form.setErrors({});
    rename.mutate(form.draft);
  };
  return (
    <PanelForm form={form} onSubmit={submit} className="admin-form admin-panel">
      <TextField
        form={form}
        name="name"
        label={TEXT.yourName}
        hint={TEXT.yourNameHint}
        type="text"
        autoComplete="name"
        maxLength={60}
        required
      />
      <SubmitBar label={TEXT.rename} busy={rename.isPending} tone="outline" />
    </PanelForm>
  );
}
