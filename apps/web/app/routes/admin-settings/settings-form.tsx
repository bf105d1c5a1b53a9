import { copy } from "@souls/core/admin-copy";
import { fill } from "@souls/core/placeholders";
import { VAT_REGIMES, type VatRegime } from "@souls/core/vat";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { Field } from "~/components/admin/forms";
import { firstFieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.settings;
type Current = RouterOutputs["settings"]["get"];

export function SettingsForm({ current }: { current: Current }) {
  const { settings } = current;
  const [values, setValues] = useState({
    ownerEmail: settings.ownerEmail ?? "",
    newOrderEmail: settings.newOrderEmail,
    lowStockEmail: settings.lowStockEmail,
    lowStockBelow: String(settings.lowStockBelow),
    vatRegime: settings.vatRegime as VatRegime,
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const utils = trpc.useUtils();
  const save = trpc.settings.save.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.saved, TEXT.savedText);
      void utils.settings.get.invalidate();
      void utils.dashboard.invalidate();
    },
    onError: (error) => {
      const fields = firstFieldErrorsOf(error);
      if (fields) {
        setErrors(fields);
        notifyFailure(TEXT.saveFailed, error);
        return;
      }
      notifyFailure(TEXT.saveFailed, error);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate({
      ...values,
      ownerEmail: values.ownerEmail.trim() || null,
      lowStockBelow: Number(values.lowStockBelow),
    });
  };
  return (
    <form onSubmit={submit} className="admin-form admin-stack" noValidate>
      <fieldset className="admin-panel">
        <legend>{TEXT.notifications}</legend>
        <Field
          label={TEXT.ownerEmail}
          hint={
            current.shopEmail
              ? fill(TEXT.ownerEmailHint, { email: current.shopEmail })
              : TEXT.ownerEmailHintNone
          }
          error={errors.ownerEmail}
        >
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              maxLength={254}
              value={values.ownerEmail}
              onChange={(event) => setValues({ ...values, ownerEmail: event.target.value })}
            />
          )}
        </Field>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={values.newOrderEmail}
            onChange={(event) => setValues({ ...values, newOrderEmail: event.target.checked })}
          />
          <span>{TEXT.newOrderEmail}</span>
        </label>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={values.lowStockEmail}
            onChange={(event) => setValues({ ...values, lowStockEmail: event.target.checked })}
          />
          <span>{TEXT.lowStockEmail}</span>
        </label>
        <Field label={TEXT.lowStockBelow} hint={TEXT.lowStockHint} error={errors.lowStockBelow}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              step={1}
              value={values.lowStockBelow}
              onChange={(event) => setValues({ ...values, lowStockBelow: event.target.value })}
            />
          )}
        </Field>
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
              onChange={() => setValues({ ...values, vatRegime: regime })}
            />
            <span>{copy.labels.vatRegime[regime]}</span>
          </label>
        ))}
        <p className="admin-hint">{TEXT.vatHelp}</p>
      </fieldset>

      <div className="admin-toolbar">
        <BusyButton
          type="submit"
          className="button button--primary"
          busy={save.isPending}
          busyLabel={TEXT.submitting}
        >
          {TEXT.submit}
        </BusyButton>
        {settings.savedAt ? (
          <p className="admin-muted">{fill(TEXT.savedAt, { date: formatDateTime(settings.savedAt) })}</p>
        ) : null}
      </div>
    </form>
  );
}
