import { copy } from "@souls/core/admin-copy";
import {
  CARRIER_NAME_MAX_LENGTH,
  fillTrackingTemplate,
  TRACKING_TEMPLATE_MAX_LENGTH,
} from "@souls/core/carriers";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DialogActions } from "~/components/admin/dialog-actions";
import { Field } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { firstFieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.carriers;
type Carrier = RouterOutputs["carriers"]["list"]["carriers"][number];
type Values = { name: string; trackingTemplate: string };
const EMPTY: Values = { name: "", trackingTemplate: "" };
/** The number the examples show a link for. */
const SAMPLE_NUMBER = "6A12345678901";

/** Her carriers: each one's tracking address and an example link; edit, retire, offer again, add. */
export function CarriersPanel({ carriers, maxCarriers }: { carriers: Carrier[]; maxCarriers: number }) {
  const [editing, setEditing] = useState<Carrier | null>(null);
  const [retiring, setRetiring] = useState<Carrier | null>(null);
  const retire = trpc.carriers.retire.useMutation({
    onSuccess: (carrier) => {
      notifySuccess(fill(TEXT.retiredToast, { name: carrier.name }));
      setRetiring(null);
    },
    onError: (error) => notifyFailure(TEXT.failed, error),
  });
  const restore = trpc.carriers.restore.useMutation({
    onSuccess: (carrier) => notifySuccess(fill(TEXT.restored, { name: carrier.name })),
    onError: (error) => notifyFailure(TEXT.failed, error),
  });
  return (
    <>
      <section className="admin-panel" aria-labelledby="carriers-list">
        <h2 id="carriers-list">{TEXT.list}</h2>
        <table className="admin-table">
          <caption className="visually-hidden">{TEXT.list}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXT.name}</th>
              <th scope="col">{TEXT.template}</th>
              <th scope="col">{TEXT.state}</th>
              <th scope="col">{TEXT.actions}</th>
            </tr>
          </thead>
          <tbody>
            {carriers.map((carrier) => (
              <tr key={carrier.key}>
                <th scope="row" data-label={TEXT.name}>
                  {carrier.name}
                </th>
                <td data-label={TEXT.template}>
                  <span className="admin-mono">{carrier.trackingTemplate}</span>
                </td>
                <td data-label={TEXT.state}>{carrier.retiredAt ? TEXT.retired : TEXT.active}</td>
                <td data-label={TEXT.actions}>
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="button button--outline button--small"
                      aria-label={fill(TEXT.editLabel, { name: carrier.name })}
                      onClick={() => setEditing(carrier)}
                    >
                      {TEXT.edit}
                    </button>
                    {carrier.retiredAt ? (
                      <BusyButton
                        type="button"
                        className="button button--outline button--small"
                        aria-label={fill(TEXT.restoreLabel, { name: carrier.name })}
                        busy={restore.isPending && restore.variables?.key === carrier.key}
                        busyLabel={TEXT.saving}
                        onClick={() => {
                          if (!restore.isPending) restore.mutate({ key: carrier.key });
                        }}
                      >
                        {TEXT.restore}
                      </BusyButton>
                    ) : (
                      <button
                        type="button"
                        className="button button--outline button--small admin-danger-text"
                        aria-label={fill(TEXT.retireLabel, { name: carrier.name })}
                        onClick={() => setRetiring(carrier)}
                      >
                        {TEXT.retire}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {carriers.length < maxCarriers ? (
          <AddCarrierForm />
        ) : (
          <p className="admin-muted">{fill(TEXT.full, { max: maxCarriers })}</p>
        )}
      </section>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={fill(TEXT.editTitle, { name: editing?.name ?? "" })}
      >
        {editing ? <EditCarrierForm carrier={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog
        open={retiring !== null}
        title={fill(TEXT.retireTitle, { name: retiring?.name ?? "" })}
        question={fill(TEXT.retireQuestion, { name: retiring?.name ?? "" })}
        confirmLabel={TEXT.retire}
        busyLabel={TEXT.saving}
        busy={retire.isPending}
        onConfirm={() => {
          if (retiring && !retire.isPending) retire.mutate({ key: retiring.key });
        }}
        onClose={() => setRetiring(null)}
      />
    </>
  );
}

/** A carrier's two fields, with the link a parcel would get once the address is a good one. */
function CarrierFields({
  values,
  errors,
  onChange,
}: {
  values: Values;
  errors: Record<string, string | undefined>;
  onChange: (values: Values) => void;
}) {
  const example = values.trackingTemplate.includes("{number}")
    ? fillTrackingTemplate(values.trackingTemplate, SAMPLE_NUMBER)
    : null;
  return (
    <>
      <Field label={TEXT.name} error={errors.name}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            maxLength={CARRIER_NAME_MAX_LENGTH}
            required
            data-autofocus
            value={values.name}
            onChange={(event) => onChange({ ...values, name: event.target.value })}
          />
        )}
      </Field>
      <Field label={TEXT.template} hint={TEXT.templateHint} error={errors.trackingTemplate}>
        {(props) => (
          <input
            {...props}
            type="url"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={TRACKING_TEMPLATE_MAX_LENGTH}
            required
            placeholder="https://…{number}"
            value={values.trackingTemplate}
            onChange={(event) => onChange({ ...values, trackingTemplate: event.target.value })}
          />
        )}
      </Field>
      {example ? (
        <p className="admin-hint admin-mono">{fill(TEXT.example, { number: SAMPLE_NUMBER, url: example })}</p>
      ) : null}
    </>
  );
}

function AddCarrierForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const add = trpc.carriers.add.useMutation({
    onSuccess: (carrier) => {
      setValues(EMPTY);
      notifySuccess(fill(TEXT.added, { name: carrier.name }));
    },
    onError: (error) => {
      setErrors(firstFieldErrorsOf(error) ?? {});
      notifyFailure(TEXT.failed, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    setErrors({});
    add.mutate(values);
  };
  return (
    <form onSubmit={submit} className="admin-form" noValidate aria-labelledby="carriers-add">
      <h3 id="carriers-add">{TEXT.add}</h3>
      <CarrierFields values={values} errors={errors} onChange={setValues} />
      <div className="admin-toolbar">
        <BusyButton
          type="submit"
          className="button button--primary"
          busy={add.isPending}
          busyLabel={TEXT.saving}
        >
          {TEXT.addSubmit}
        </BusyButton>
      </div>
    </form>
  );
}

function EditCarrierForm({ carrier, onDone }: { carrier: Carrier; onDone: () => void }) {
  const [values, setValues] = useState<Values>({
    name: carrier.name,
    trackingTemplate: carrier.trackingTemplate,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const update = trpc.carriers.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess(fill(TEXT.saved, { name: saved.name }));
      onDone();
    },
    onError: (error) => {
      setErrors(firstFieldErrorsOf(error) ?? {});
      notifyFailure(TEXT.failed, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setErrors({});
    update.mutate({ key: carrier.key, ...values });
  };
  return (
    <form onSubmit={submit} className="admin-form" noValidate>
      <CarrierFields values={values} errors={errors} onChange={setValues} />
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.save}
        busyLabel={TEXT.saving}
        busy={update.isPending}
      />
    </form>
  );
}
