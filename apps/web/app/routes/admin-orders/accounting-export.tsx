import { copy, count } from "@souls/api/admin-words";
import { SHOP_MONTH_PATTERN, shopMonth } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { FormEvent } from "react";
import { TextField, usePanelForm } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { ACCOUNTING_EXPORT_PATH } from "~/screens";

const TEXT = copy.accounting;

/**
 * « Export comptable »: the sales and refunds of a period as the accountant's CSV. The form is a
 * plain GET of the export route, which the browser saves as a download while the server writes it
 * (a year of orders never goes through a JSON answer); the counts are said beside it
 * (accounting.summary, two counts).
 */
export function AccountingExport() {
  const utils = trpc.useUtils();
  const form = usePanelForm(() => ({ from: shopMonth(), to: shopMonth() }));
  const { from, to } = form.draft;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Browsers without a month picker show a text field: the format is checked here too.
    const fromWrong = SHOP_MONTH_PATTERN.test(from) ? undefined : TEXT.invalidMonth;
    const toWrong = !SHOP_MONTH_PATTERN.test(to)
      ? TEXT.invalidMonth
      : !fromWrong && from > to
        ? TEXT.monthsOrder
        : undefined;
    if (!form.check({ from: fromWrong, to: toWrong })) {
      event.preventDefault();
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
        ref={form.formRef}
        className="admin-export__form"
        method="get"
        action={ACCOUNTING_EXPORT_PATH}
        noValidate
        onSubmit={submit}
      >
        {(["from", "to"] as const).map((name) => (
          <TextField
            key={name}
            form={form}
            name={name}
            label={TEXT[name]}
            type="month"
            placeholder={TEXT.monthHint}
            min="2000-01"
            max="2999-12"
            required
          />
        ))}
        <button type="submit" className="button button--outline button--small">
          {TEXT.submit}
        </button>
      </form>
    </section>
  );
}
