import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DialogActions } from "~/components/admin/dialog-actions";
import { parseEuros } from "~/components/admin/format";
import { type FieldErrors, PanelForm, TextField, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { fieldErrorsOf, notifyError, notifySuccess } from "~/components/admin/notify";
import { isAdminClientError, trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";

const TEXT = copy.productForm;

interface Draft {
  reference: string;
  name: string;
  price: string;
  stock: string;
}
const EMPTY: Draft = { reference: "", name: "", price: "", stock: "0" };

/** Spec §5: reference and name required, price above 0, stock a whole number ≥ 0 (default 0). */
function checkDraft(draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.reference.trim()) errors.reference = TEXT.required;
  if (!draft.name.trim()) errors.name = TEXT.required;
  const price = parseEuros(draft.price);
  if (!(price > 0)) errors.price = TEXT.pricePositive;
  if (!/^\d+$/.test(draft.stock.trim() || "0")) errors.stock = TEXT.stockInteger;
  return errors;
}

/**
 * "Ajouter un nouveau produit": the form in a dialog, with the server's answers on its fields. The
 * product is a draft of the catalogue (its words, photos and series are still to come): the owner
 * goes on to its editor.
 */
export function ProductFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={TEXT.title}>
      <ProductForm onDone={onClose} />
    </Modal>
  );
}

function ProductForm({ onDone }: { onDone: () => void }) {
  const form = usePanelForm(EMPTY);
  const { draft } = form;
  const navigate = useNavigate();
  const create = trpc.products.create.useMutation({
    onSuccess: (product) => {
      notifySuccess(TEXT.added, fill(TEXT.addedText, { name: product.name, reference: product.reference }));
      onDone();
      navigate(catalogueModelPath(product.id));
    },
    onError: (error) => {
      if (isAdminClientError(error) && error.data?.code === "CONFLICT") {
        form.setErrors({ reference: error.message || TEXT.duplicate });
        notifyError(TEXT.addFailed, error.message || TEXT.duplicate);
        return;
      }
      form.refuse(error, fieldErrorsOf(error) ? TEXT.validationTitle : TEXT.addFailed);
    },
  });

  const submit = () => {
    // Take the owner to the first field to correct.
    if (!form.check(checkDraft(draft))) {
      notifyError(TEXT.validationTitle, TEXT.validationText);
      return;
    }
    create.mutate({
      reference: draft.reference.trim(),
      name: draft.name.trim(),
      price: parseEuros(draft.price),
      stock: Number(draft.stock.trim() || "0"),
    });
  };

  return (
    <PanelForm form={form} onSubmit={submit}>
      <TextField
        form={form}
        name="reference"
        label={TEXT.reference}
        hint={TEXT.referenceHint}
        data-autofocus
        required
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField form={form} name="name" label={TEXT.name} required maxLength={120} autoComplete="off" />
      <div className="admin-form__row">
        <TextField
          form={form}
          name="price"
          label={TEXT.price}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          required
        />
        <TextField
          form={form}
          name="stock"
          label={TEXT.stock}
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
        />
      </div>
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={create.isPending}
      />
    </PanelForm>
  );
}
