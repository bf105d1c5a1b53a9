import { copy, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PanelSection, PanelTable, RowButton, whenColumn } from "~/components/admin/panel-table";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.access;
type Person = RouterOutputs["access"]["people"]["people"][number];
const EMPTY = { name: "", login: "", password: "" };

/** The owner's helpers: who has an access, giving one, taking one back; the history of accesses. */
export function PeoplePanel() {
  const people = trpc.access.people.useQuery();
  const [removing, setRemoving] = useState<Person | null>(null);
  const remove = trpc.access.removePerson.useMutation({
    onSuccess: () => {
      if (removing) notifySuccess(fill(TEXT.removed, { name: removing.name }));
      setRemoving(null);
    },
    onError: (error) => notifyFailure(TEXT.failed, error),
  });
  if (people.isPending) return <p role="status">{TEXT.loading}</p>;
  if (people.isError) {
    return (
      <p role="alert" className="form-error">
        {errorMessage(people.error)}
      </p>
    );
  }
  const helpers = people.data.people.filter((person) => person.role !== "owner");
  return (
    <>
      <PanelSection id="access-people" title={TEXT.people}>
        <p className="admin-muted">{TEXT.peopleIntro}</p>
        {helpers.length === 0 ? (
          <p>{TEXT.noHelpers}</p>
        ) : (
          <PanelTable
            caption={TEXT.people}
            rows={helpers}
            rowKey={(person) => person.id}
            columns={[
              { label: TEXT.name, rowHeader: true, cell: (person) => person.name },
              { label: TEXT.login, cell: (person) => person.login },
              { label: TEXT.role, cell: (person) => labelOf(copy.labels.role, person.role) },
              { label: TEXT.sessionsCount, cell: (person) => person.sessions },
              {
                label: TEXT.removeHelper,
                hiddenLabel: true,
                cell: (person) => (
                  <RowButton
                    label={TEXT.removeHelper}
                    ariaLabel={fill(TEXT.removeHelperLabel, { name: person.name })}
                    tone="outline-danger"
                    onClick={() => setRemoving(person)}
                  />
                ),
              },
            ]}
          />
        )}
        {helpers.length < people.data.maxHelpers ? (
          <AddHelperForm minLength={people.data.passwordMinLength} />
        ) : (
          <p className="admin-muted">{fill(TEXT.maxHelpers, { max: people.data.maxHelpers })}</p>
        )}
      </PanelSection>
      <AccessHistory history={people.data.history} />
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.removeHelper}
        question={fill(TEXT.removeConfirm, { name: removing?.name ?? "" })}
        confirmLabel={TEXT.removeHelper}
        busyLabel={TEXT.adding}
        busy={remove.isPending}
        onConfirm={() => {
          if (removing && !remove.isPending) remove.mutate({ id: Number(removing.id) });
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

function AddHelperForm({ minLength }: { minLength: number }) {
  const form = usePanelForm(EMPTY, { toastOnly: true });
  const add = trpc.access.addPerson.useMutation({
    onSuccess: (_result, input) => {
      form.setDraft(EMPTY);
      notifySuccess(fill(TEXT.added, { name: input.name }));
    },
    onError: (error) => form.refuse(error, TEXT.failed),
  });
  const submit = () => {
    form.setErrors({});
    add.mutate(form.draft);
  };
  return (
    <PanelForm form={form} onSubmit={submit}>
      <TextField
        form={form}
        name="name"
        label={TEXT.name}
        type="text"
        autoComplete="off"
        maxLength={60}
        required
      />
      <TextField
        form={form}
        name="login"
        label={TEXT.login}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={80}
        required
      />
      <TextField
        form={form}
        name="password"
        label={TEXT.helperPassword}
        hint={fill(TEXT.helperPasswordHint, { min: minLength })}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        required
      />
      <SubmitBar label={TEXT.addHelper} busyLabel={TEXT.adding} busy={add.isPending} />
    </PanelForm>
  );
}

function AccessHistory({ history }: { history: RouterOutputs["access"]["people"]["history"] }) {
  return (
    <PanelSection id="access-history" title={TEXT.history}>
      <PanelTable
        caption={TEXT.history}
        rows={history}
        rowKey={(line) => line.id}
        columns={[
          whenColumn(TEXT.when),
          { label: TEXT.what, cell: (line) => labelOf(copy.labels.accessEvent, line.kind) },
          { label: TEXT.whose, cell: (line) => line.personName },
          { label: TEXT.who, cell: (line) => line.actorName },
        ]}
      />
    </PanelSection>
  );
}
