import { copy } from "@souls/api/admin-words";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.access;

/** Her name, as the histories give it to her actions. */
export function NameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const utils = trpc.useUtils();
  const rename = trpc.access.rename.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.renamed);
      void utils.access.me.invalidate();
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure)?.name?.[0]);
      notifyFailure(TEXT.failed, failure);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    rename.mutate({ name });
  };
  return (
    <form onSubmit={submit} className="admin-form admin-panel" noValidate>
      <FormField label={TEXT.yourName} hint={TEXT.yourNameHint} error={error}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="name"
            maxLength={60}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <div className="admin-toolbar">
        <BusyButton type="submit" className="button button--outline" busy={rename.isPending}>
          {TEXT.rename}
        </BusyButton>
      </div>
    </form>
  );
}
