import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { FormField } from "~/components/admin/form-field";
import { eurosFieldValue, formatCents, parseEuros } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import type { ProductRow } from "./stock-table";

const TEXT = copy.priceForm;
/** PRODUCT_LIMITS.maxPriceCents in euros: the server's own ceiling. */
const MAX_PRICE = 100_000;

/** « Modifier le prix » of a model: the shop and open checkouts follow, past orders keep theirs. */
export function PriceDialog({ product, onClose }: { product: ProductRow | null; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={TEXT.title} size="small">
      {product ? <PriceForm product={product} onDone={onClose} /> : null}
    </Modal>
  );
}

function PriceForm({ product, onDone }: { product: ProductRow; onDone: () => void }) {
  const [price, setPrice] = useState(() => eurosFieldValue(product.priceCents));
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const setPriceOf = trpc.products.setPrice.useMutation({
    onSuccess: (row) => {
      notifySuccess(
        TEXT.done,
        fill(TEXT.doneText, {
          name: row.name,
          from: formatCents(product.priceCents),
          to: formatCents(row.priceCents),
        }),
      );
      onDone();
    },
    onError: (failure) => {
      const field = fieldErrorsOf(failure)?.price?.[0];
      if (field) setError(field);
      else setFormError(errorMessage(failure));
      notifyFailure(TEXT.failed, failure);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const euros = parseEuros(price);
    if (!(euros > 0) || euros > MAX_PRICE) {
      setError(copy.productForm.pricePositive);
      event.currentTarget.querySelector<HTMLInputElement>('[name="price"]')?.focus();
      return;
    }
    setError(undefined);
    // The same price again changes nothing: no call, no line in the history.
    if (Math.round(euros * 100) === product.priceCents) {
      onDone();
      return;
    }
    if (!setPriceOf.isPending) setPriceOf.mutate({ id: product.id, price: euros });
  };

  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      <div>
        <p className="admin-dialog__question">
          {fill(TEXT.product, { name: product.name, reference: product.reference })}
        </p>
        <p className="admin-muted">{fill(TEXT.current, { price: formatCents(product.priceCents) })}</p>
      </div>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <FormField label={TEXT.price} hint={TEXT.note} error={error}>
        {(props) => (
          <input
            {...props}
            name="price"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            required
          />
        )}
      </FormField>
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={setPriceOf.isPending}
      />
    </form>
  );
}
