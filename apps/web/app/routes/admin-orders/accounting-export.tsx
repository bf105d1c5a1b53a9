import { shopMonth } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { copy, count } from "~/components/admin/copy";
import { FormField } from "~/components/admin/form-field";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.accounting;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type Errors = { from?: string; to?: string };

/** Hands the browser a file made here, as if it had been downloaded. */
function saveFile(filename: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the file after click() returns: the address lives a little longer.
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * « Export comptable »: the sales and refunds of a period as the accountant's CSV
 * (accounting.export), saved under the name the server gives it.
 */
export function AccountingExport() {
  const utils = trpc.useUtils();
  const [from, setFrom] = useState(() => shopMonth());
  const [to, setTo] = useState(() => shopMonth());
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const found: Errors = {};
    // Browsers without a month picker show a text field: the format is checked here too.
    if (!MONTH.test(from)) found.from = TEXT.invalidMonth;
    if (!MONTH.test(to)) found.to = TEXT.invalidMonth;
    else if (!found.from && from > to) found.to = TEXT.monthsOrder;
    setErrors(found);
    if (found.from || found.to) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${found.from ? "from" : "to"}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      // Never a cached copy: a refund made a minute ago belongs in the file.
      const file = await utils.accounting.export.fetch({ from, to }, { staleTime: 0 });
      saveFile(file.filename, file.csv, "text/csv;charset=utf-8");
      notifySuccess(
        TEXT.done,
        fill(TEXT.summary, {
          sales: count(file.sales, TEXT.sales),
          refunds: count(file.refunds, TEXT.refunds),
        }),
      );
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors({ from: fields.from?.[0], to: fields.to?.[0] });
      else setFormError(errorMessage(error));
      notifyFailure(TEXT.failed, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-panel admin-export" aria-labelledby="accounting-export-title">
      <h2 id="accounting-export-title" className="admin-panel__title">
        {TEXT.title}
      </h2>
      <p className="admin-hint">{TEXT.intro}</p>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <form className="admin-export__form" noValidate onSubmit={submit}>
        <FormField label={TEXT.from} error={errors.from}>
          {(props) => (
            <input
              {...props}
              name="from"
              type="month"
              value={from}
              placeholder={TEXT.monthHint}
              required
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={TEXT.to} error={errors.to}>
          {(props) => (
            <input
              {...props}
              name="to"
              type="month"
              value={to}
              placeholder={TEXT.monthHint}
              required
              onChange={(event) => setTo(event.target.value)}
            />
          )}
        </FormField>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={busy}
          busyLabel={TEXT.busy}
        >
          {TEXT.submit}
        </BusyButton>
      </form>
    </section>
  );
}
