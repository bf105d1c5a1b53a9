import { copy } from "@souls/api/admin-words";
import {
  CARRIER_NAME_MAX_LENGTH,
  fillTrackingTemplate,
  TRACKING_TEMPLATE_MAX_LENGTH,
} from "@souls/core/carriers";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DialogActions } from "~/components/admin/dialog-actions";
import { type FormState, PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PanelSection, PanelTable, RowButton } from "~/components/admin/panel-table";
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
      <PanelSection id="carriers-list" title={TEXT.list}>
        <PanelTable
          caption={TEXT.list}
          rows={carriers}
          rowKey={(carrier) => carrier.key}
          columns={[
            { label: TEXT.name, rowHeader: true, cell: (carrier) => carrier.name },
            {
              label: TEXT.template,
              cell: (carrier) => <span className="admin-mono">{carrier.trackingTemplate}</span>,
            },
            { label: TEXT.state, cell: (carrier) => (carrier.retiredAt ? TEXT.retired : TEXT.active) },
            {
              label: TEXT.actions,
              cell: (carrier) => (
                <div className="admin-actions">
                  <RowButton
                    label={TEXT.edit}
                    ariaLabel={fill(TEXT.editLabel, { name: carrier.name })}
                    onClick={() => setEditing(carrier)}
                  />
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
                    <RowButton
                      label={TEXT.retire}
                      ariaLabel={fill(TEXT.retireLabel, { name: carrier.name })}
                      tone="outline-danger"
                      onClick={() => setRetiring(carrier)}
                    />
                  )}
                </div>
              ),
            },
          ]}
        />
        {carriers.length < maxCarriers ? (
          <AddCarrierForm />
        ) : (
          <p className="admin-muted">{fill(TEXT.full, { max: maxCarriers })}</p>
        )}
      </PanelSection>
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
function CarrierFields({ form }: { form: FormState<Values> }) {
  const { trackingTemplate } = form.draft;
  const example = trackingTemplate.includes("{number}")
    ? fillTrackingTemplate(trackingTemplate, SAMPLE_NUMBER)
    : null;
  return (
    <>
      <TextField
        form={form}
        name="name"
        label={TEXT.name}
        type="text"
        autoComplete="off"
        maxLength={CARRIER_NAME_MAX_LENGTH}
        required
        data-autofocus
      />
      <TextField
        form={form}
        name="trackingTemplate"
        label={TEXT.template}
        hint={TEXT.templateHint}
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={TRACKING_TEMPLATE_MAX_LENGTH}
        required
        placeholder="https://…{number}"
      />
      {example ? (
        <p className="admin-hint admin-mono">{fill(TEXT.example, { number: SAMPLE_NUMBER, url: example })}</p>
      ) : null}
    </>
  );
}

function AddCarrierForm() {
  const form = usePanelForm(EMPTY, { toastOnly: true });
  const add = trpc.carriers.add.useMutation({
    onSuccess: (carrier) => {
      form.setDraft(EMPTY);
      notifySuccess(fill(TEXT.added, { name: carrier.name }));
    },
    onError: (error) => form.refuse(error, TEXT.failed),
  });
  const submit = () => {
    if (add.isPending) return;
    form.setErrors({});
    add.mutate(form.draft);
  };
  return (
    <PanelForm form={form} onSubmit={submit} labelledBy="carriers-add">
      <h3 id="carriers-add">{TEXT.add}</h3>
      <CarrierFields form={form} />
      <SubmitBar label={TEXT.addSubmit} busyLabel={TEXT.saving} busy={add.isPending} />
    </PanelForm>
  );
}

function EditCarrierForm({ carrier, onDone }: { carrier: Carrier; onDone: () => void }) {
  const form = usePanelForm<Values>(
    { name: carrier.name, trackingTemplate: carrier.trackingTemplate },
    { toastOnly: true },
  );
  const update = trpc.carriers.update.useMutation({
    onSuccess: (saved) => {
      notifySuccess(fill(TEXT.saved, { name: saved.name }));
      onDone();
    },
    onError: (error) => form.refuse(error, TEXT.failed),
  });
  const submit = () => {
    if (update.isPending) return;
    form.setErrors({});
    update.mutate({ key: carrier.key, ...form.draft });
  };
  return (
    <PanelForm form={form} onSubmit={submit}>
      <CarrierFields form={form} />
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.save}
        busyLabel={TEXT.saving}
        busy={update.isPending}
      />
    </PanelForm>
  );
}
