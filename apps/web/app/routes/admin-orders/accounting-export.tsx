import { copy, count } from "@souls/core/admin-copy";
import { SHOP_MONTH_PATTERN, shopMonth } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { Field } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { ACCOUNTING_EXPORT_PATH } from "~/screens";

const TEXT = copy.accounting;

type Errors = { from?: string; to?: string };

/**
 * « Export comptable »: the sales and refunds of a period as the accountant's CSV. The form is a
 * plain GET of the export route, which the browser saves as a download while the server writes it
 * (a year of orders never goes through a JSON answer); the counts are said beside it
 * (accounting.summary, two counts).
 */
export function AccountingExport() {
  const utils = trpc.useUtils();
  const [from, setFrom] = useState(() => shopMonth());
  const [to, setTo] = useState(() => shopMonth());
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const found: Errors = {};
    // Browsers without a month picker show a text field: the format is checked here too.
    if (!SHOP_MONTH_PATTERN.test(from)) found.from = TEXT.invalidMonth;
    if (!SHOP_MONTH_PATTERN.test(to)) found.to = TEXT.invalidMonth;
    else if (!found.from && from > to) found.to = TEXT.monthsOrder;
    setErrors(found);
    if (found.from || found.to) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${found.from ? "from" : "to"}"]`)?.focus();
      return;
    }
    // The browser goes on with the download; the counts are told once known (a refund made a
    // minute ago counts: never a cached answer).
    utils.accounting.summary.fetch({ from, to }, { staleTime: 0 }).then(
      (counts) =>
        notifySuccess(
          TEXT.done,
          fill(TEXT.summary, {
            sales: count(counts.sales, TEXT.sales),
            refunds: count(counts.refunds, TEXT.refunds),
          }),
        ),
      // Only the message is missing: the file's own answer says what went wrong, if anything.
      () => {},
    );
  };

  return (
    <section className="admin-panel admin-export" aria-labelledby="accounting-export-title">
      <h2 id="accounting-export-title" className="admin-panel__title">
        {TEXT.title}
      </h2>
      <p className="admin-hint">{TEXT.intro}</p>
      <form
        className="admin-export__form"
        method="get"
        action={ACCOUNTING_EXPORT_PATH}
        noValidate
        onSubmit={submit}
      >
        <Field label={TEXT.from} error={errors.from}>
          {(props) => (
            <input
              {...props}
              name="from"
              type="month"
              value={from}
              placeholder={TEXT.monthHint}
              min="2000-01"
              max="2999-12"
              required
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </Field>
        <Field label={TEXT.to} error={errors.to}>
          {(props) => (
            <input
              {...props}
              name="to"
              type="month"
              value={to}
              placeholder={TEXT.monthHint}
              min="2000-01"
              max="2999-12"
              required
              onChange={(event) => setTo(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button--outline button--small">
          {TEXT.submit}
        </button>
      </form>
    </section>
  );
}
