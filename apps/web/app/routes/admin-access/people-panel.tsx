import { copy, labelOf } from "@souls/core/admin-copy";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/components/admin/format";
import { PanelForm, TextField, usePanelForm } from "~/components/admin/forms";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
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
      <section className="admin-panel" aria-labelledby="access-people">
        <h2 id="access-people">{TEXT.people}</h2>
        <p className="admin-muted">{TEXT.peopleIntro}</p>
        {helpers.length === 0 ? (
          <p>{TEXT.noHelpers}</p>
        ) : (
          <table className="admin-table">
            <caption className="visually-hidden">{TEXT.people}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.name}</th>
                <th scope="col">{TEXT.login}</th>
                <th scope="col">{TEXT.role}</th>
                <th scope="col">{TEXT.sessionsCount}</th>
                <th scope="col">
                  <span className="visually-hidden">{TEXT.removeHelper}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {helpers.map((person) => (
                <tr key={person.id}>
                  <th scope="row" data-label={TEXT.name}>
                    {person.name}
                  </th>
                  <td data-label={TEXT.login}>{person.login}</td>
                  <td data-label={TEXT.role}>{labelOf(copy.labels.role, person.role)}</td>
                  <td data-label={TEXT.sessionsCount}>{person.sessions}</td>
                  <td data-label={TEXT.removeHelper}>
                    <button
                      type="button"
                      className="button button--outline button--small admin-danger-text"
                      aria-label={fill(TEXT.removeHelperLabel, { name: person.name })}
                      onClick={() => setRemoving(person)}
                    >
                      {TEXT.removeHelper}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {helpers.length < people.data.maxHelpers ? (
          <AddHelperForm minLength={people.data.passwordMinLength} />
        ) : (
          <p className="admin-muted">{fill(TEXT.maxHelpers, { max: people.data.maxHelpers })}</p>
        )}
      </section>
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
      <div className="admin-toolbar">
        <BusyButton
          type="submit"
          className="button button--primary"
          busy={add.isPending}
          busyLabel={TEXT.adding}
        >
          {TEXT.addHelper}
        </BusyButton>
      </div>
    </PanelForm>
  );
}

function AccessHistory({ history }: { history: RouterOutputs["access"]["people"]["history"] }) {
  return (
    <section className="admin-panel" aria-labelledby="access-history">
      <h2 id="access-history">{TEXT.history}</h2>
      <table className="admin-table">
        <caption className="visually-hidden">{TEXT.history}</caption>
        <thead>
          <tr>
            <th scope="col">{TEXT.when}</th>
            <th scope="col">{TEXT.what}</th>
            <th scope="col">{TEXT.whose}</th>
            <th scope="col">{TEXT.who}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((line) => (
            <tr key={line.id}>
              <td data-label={TEXT.when}>
                <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
              </td>
              <td data-label={TEXT.what}>{labelOf(copy.labels.accessEvent, line.kind)}</td>
              <td data-label={TEXT.whose}>{line.personName}</td>
              <td data-label={TEXT.who}>{line.actorName}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
