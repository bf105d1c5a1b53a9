import { copy } from "@souls/core/admin-copy";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { formatCents, formatDateTime, parseEuros } from "~/components/admin/format";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

/**
 * « Mettre en solde »: the owner types the sale price; the price struck through is the shop's to
 * compute — the lowest of the 30 days before the sale (art. L112-1-1 Code de la consommation) —
 * and shows here before she confirms.
 */
export function SalePanel({ detail }: { detail: ModelDetail }) {
  const { model, sale } = detail;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Starting or ending a sale swaps the form: the panel's title keeps the focus.
  const focusPanel = () => requestAnimationFrame(() => headingRef.current?.focus());
  return (
    <section className="admin-panel" aria-labelledby="editor-sale">
      <h3 id="editor-sale" ref={headingRef} className="admin-panel__title" tabIndex={-1}>
        {TEXT.sale}
      </h3>
      <p className="admin-hint">{TEXT.saleIntro}</p>
      {model.status === "archived" ? (
        <p>{TEXT.archivedSale}</p>
      ) : model.onSaleSince ? (
        <EndSaleForm
          detail={detail}
          since={model.onSaleSince}
          reference={sale.referenceCents}
          onDone={focusPanel}
        />
      ) : (
        <StartSaleForm detail={detail} onDone={focusPanel} />
      )}
    </section>
  );
}

function StartSaleForm({ detail, onDone }: { detail: ModelDetail; onDone: () => void }) {
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | undefined>();
  const lowest = detail.sale.lowestLast30DaysCents;
  const start = trpc.catalogue.startSale.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.saleStarted, `${row.name} : ${formatCents(row.priceCents)}`);
      onDone();
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure)?.price?.[0] ?? errorMessage(failure));
      notifyFailure(TEXT.saveFailed, failure);
    },
  });
  const euros = parseEuros(price);
  const cents = Math.round(euros * 100);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(euros > 0) || cents >= detail.model.priceCents) {
      setError(TEXT.priceInvalid);
      event.currentTarget.querySelector<HTMLInputElement>('[name="salePrice"]')?.focus();
      return;
    }
    setError(undefined);
    if (!start.isPending) start.mutate({ id: detail.model.id, price: euros });
  };
  // What shoppers will see struck through, said before the owner confirms.
  const preview =
    euros > 0 && cents >= lowest
      ? fill(TEXT.saleNoReference, { price: formatCents(lowest) })
      : fill(TEXT.saleReference, { price: formatCents(lowest) });
  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      <FormField label={TEXT.salePrice} error={error}>
        {(props) => (
          <input
            {...props}
            name="salePrice"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
          />
        )}
      </FormField>
      <p className="admin-muted" aria-live="polite">
        {preview}
      </p>
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={start.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.startSale}
        </BusyButton>
      </div>
    </form>
  );
}

function EndSaleForm({
  detail,
  since,
  reference,
  onDone,
}: {
  detail: ModelDetail;
  since: string;
  reference: number | null;
  onDone: () => void;
}) {
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | undefined>();
  const end = trpc.catalogue.endSale.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.saleEnded, `${row.name} : ${formatCents(row.priceCents)}`);
      onDone();
    },
    onError: (failure) => {
      setError(fieldErrorsOf(failure)?.price?.[0] ?? errorMessage(failure));
      notifyFailure(TEXT.saveFailed, failure);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const euros = price.trim() ? parseEuros(price) : undefined;
    if (euros !== undefined && !(euros > 0)) {
      setError(TEXT.priceInvalid);
      event.currentTarget.querySelector<HTMLInputElement>('[name="endPrice"]')?.focus();
      return;
    }
    setError(undefined);
    if (!end.isPending) end.mutate({ id: detail.model.id, price: euros });
  };
  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      <p>
        {fill(TEXT.onSaleSince, { date: formatDateTime(since), price: formatCents(detail.model.priceCents) })}{" "}
        {reference === null
          ? TEXT.onSaleNoReference
          : fill(TEXT.onSaleReference, { price: formatCents(reference) })}
      </p>
      <FormField label={TEXT.endPrice} hint={TEXT.endPriceHint} error={error}>
        {(props) => (
          <input
            {...props}
            name="endPrice"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
          />
        )}
      </FormField>
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={end.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.endSale}
        </BusyButton>
      </div>
    </form>
  );
}
