import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useRef } from "react";
import { formatCents, formatDateTime, parseEuros } from "~/components/admin/format";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { EurosForm, useEurosForm } from "./euros-form";
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
  const form = useEurosForm("salePrice");
  const lowest = detail.sale.lowestLast30DaysCents;
  const start = trpc.catalogue.startSale.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.saleStarted, `${row.name} : ${formatCents(row.priceCents)}`);
      onDone();
    },
    onError: (error) => form.refuse(error, TEXT.saveFailed),
  });
  const euros = parseEuros(form.draft.salePrice);
  const cents = Math.round(euros * 100);
  const submit = () => {
    const wrong = !(euros > 0) || cents >= detail.model.priceCents;
    if (!form.check({ price: wrong ? TEXT.priceInvalid : undefined })) return;
    if (!start.isPending) start.mutate({ id: detail.model.id, price: euros });
  };
  // What shoppers will see struck through, said before the owner confirms.
  const preview =
    euros > 0 && cents >= lowest
      ? fill(TEXT.saleNoReference, { price: formatCents(lowest) })
      : fill(TEXT.saleReference, { price: formatCents(lowest) });
  return (
    <EurosForm
      form={form}
      name="salePrice"
      label={TEXT.salePrice}
      busy={start.isPending}
      submitLabel={TEXT.startSale}
      onSubmit={submit}
      after={
        <p className="admin-muted" aria-live="polite">
          {preview}
        </p>
      }
    />
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
  const form = useEurosForm("endPrice");
  const end = trpc.catalogue.endSale.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.saleEnded, `${row.name} : ${formatCents(row.priceCents)}`);
      onDone();
    },
    onError: (error) => form.refuse(error, TEXT.saveFailed),
  });
  const submit = () => {
    const price = form.draft.endPrice;
    const euros = price.trim() ? parseEuros(price) : undefined;
    const wrong = euros !== undefined && !(euros > 0);
    if (!form.check({ price: wrong ? TEXT.priceInvalid : undefined })) return;
    if (!end.isPending) end.mutate({ id: detail.model.id, price: euros });
  };
  return (
    <EurosForm
      form={form}
      name="endPrice"
      label={TEXT.endPrice}
      hint={TEXT.endPriceHint}
      busy={end.isPending}
      submitLabel={TEXT.endSale}
      onSubmit={submit}
      before={
        <p>
          {fill(TEXT.onSaleSince, {
            date: formatDateTime(since),
            price: formatCents(detail.model.priceCents),
          })}{" "}
          {reference === null
            ? TEXT.onSaleNoReference
            : fill(TEXT.onSaleReference, { price: formatCents(reference) })}
        </p>
      }
    />
  );
}
