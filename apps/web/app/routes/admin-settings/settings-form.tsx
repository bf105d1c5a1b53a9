import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { VAT_REGIMES, type VatRegime } from "@souls/core/vat";
import { formatDateTime } from "~/components/admin/format";
import { PanelForm, SubmitBar, TextField, usePanelForm } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.settings;
type Current = RouterOutputs["settings"]["get"];

export function SettingsForm({ current }: { current: Current }) {
  const { settings } = current;
  const form = usePanelForm(
    {
      ownerEmail: settings.ownerEmail ?? "",
      newOrderEmail: settings.newOrderEmail,
      lowStockEmail: settings.lowStockEmail,
      lowStockBelow: String(settings.lowStockBelow),
      vatRegime: settings.vatRegime as VatRegime,
    },
    { toastOnly: true },
  );
  const { draft: values, set } = form;
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.saved, TEXT.savedText);
      void utils.settings.get.invalidate();
      void utils.dashboard.invalidate();
    },
    onError: (error) => form.refuse(error, TEXT.saveFailed),
  });
  const submit = () => {
    form.setErrors({});
    save.mutate({
      ...values,
      ownerEmail: values.ownerEmail.trim() || null,
      lowStockBelow: Number(values.lowStockBelow),
    });
  };
  return (
    <PanelForm form={form} onSubmit={submit} className="admin-form admin-stack">
      <fieldset className="admin-panel">
        <legend>{TEXT.notifications}</legend>
        <TextField
          form={form}
          name="ownerEmail"
          label={TEXT.ownerEmail}
          hint={
            current.shopEmail
              ? fill(TEXT.ownerEmailHint, { email: current.shopEmail })
              : TEXT.ownerEmailHintNone
          }
          type="email"
          autoComplete="email"
          maxLength={254}
        />
        <label className="admin-check">
          <input
            type="checkbox"
            checked={values.newOrderEmail}
            onChange={(event) => set("newOrderEmail", event.target.checked)}
          />
          <span>{TEXT.newOrderEmail}</span>
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={values.lowStockEmail}
            onChange={(event) => set("lowStockEmail", event.target.checked)}
          />
          <span>{TEXT.lowStockEmail}</span>
        </label>
        <TextField
          form={form}
          name="lowStockBelow"
          label={TEXT.lowStockBelow}
          hint={TEXT.lowStockHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
        />
      </fieldset>

      <fieldset className="admin-panel admin-choice">
        <legend>{TEXT.vat}</legend>
        <p className="admin-muted">{TEXT.vatIntro}</p>
        {VAT_REGIMES.map((regime) => (
          <label key={regime} className="admin-check">
            <input
              type="radio"
              name="vatRegime"
              value={regime}
              checked={values.vatRegime === regime}
              onChange={() => set("vatRegime", regime)}
            />
            <span>{copy.labels.vatRegime[regime]}</span>
          </label>
        ))}
        <p className="admin-hint">{TEXT.vatHelp}</p>
      </fieldset>

      <SubmitBar label={TEXT.submit} busyLabel={TEXT.submitting} busy={save.isPending}>
        {settings.savedAt ? (
          <p className="admin-muted">{fill(TEXT.savedAt, { date: formatDateTime(settings.savedAt) })}</p>
        ) : null}
      </SubmitBar>
    </PanelForm>
  );
}
