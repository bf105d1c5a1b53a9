import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DialogActions } from "~/components/admin/dialog-actions";
import { eurosFieldValue, formatCents, parseEuros } from "~/components/admin/format";
import { Field, PanelForm, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { notifySuccess } from "~/components/admin/notify";
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
  const form = usePanelForm(() => ({ price: eurosFieldValue(product.priceCents) }));
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
    onError: (failure) => form.refuse(failure, TEXT.failed),
  });

  const submit = () => {
    const euros = parseEuros(form.draft.price);
    if (
      !form.check({ price: euros > 0 && euros <= MAX_PRICE ? undefined : copy.productForm.pricePositive })
    ) {
      return;
    }
    // The same price again changes nothing: no call, no line in the history.
    if (Math.round(euros * 100) === product.priceCents) {
      onDone();
      return;
    }
    if (!setPriceOf.isPending) setPriceOf.mutate({ id: product.id, price: euros });
  };

  return (
    <PanelForm
      form={form}
      onSubmit={submit}
      before={
        <div>
          <p className="admin-dialog__question">
            {fill(TEXT.product, { name: product.name, reference: product.reference })}
          </p>
          <p className="admin-muted">{fill(TEXT.current, { price: formatCents(product.priceCents) })}</p>
        </div>
      }
    >
      <Field label={TEXT.price} hint={TEXT.note} error={form.errors.price}>
        {(props) => (
          <input
            {...props}
            {...form.bind("price")}
            data-autofocus
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            required
          />
        )}
      </Field>
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={setPriceOf.isPending}
      />
    </PanelForm>
  );
}
