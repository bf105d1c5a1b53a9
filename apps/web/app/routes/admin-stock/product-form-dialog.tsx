import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { FormField } from "~/components/admin/form-field";
import { parseEuros } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { errorMessage, fieldErrorsOf, notifyError, notifySuccess } from "~/components/admin/notify";
import { isAdminClientError, trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";

const TEXT = copy.productForm;

type FieldName = "reference" | "name" | "price" | "stock";
type FieldErrors = Partial<Record<FieldName, string>>;
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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const navigate = useNavigate();
  const create = trpc.products.create.useMutation({
    onSuccess: (product) => {
      notifySuccess(TEXT.added, fill(TEXT.addedText, { name: product.name, reference: product.reference }));
      onDone();
      navigate(catalogueModelPath(product.id));
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setErrors({
          reference: fields.reference?.[0],
          name: fields.name?.[0],
          price: fields.price?.[0],
          stock: fields.stock?.[0],
        });
        notifyError(TEXT.validationTitle, TEXT.validationText);
        return;
      }
      if (isAdminClientError(error) && error.data?.code === "CONFLICT") {
        setErrors({ reference: error.message || TEXT.duplicate });
        notifyError(TEXT.addFailed, error.message || TEXT.duplicate);
        return;
      }
      setFormError(errorMessage(error));
      notifyError(TEXT.addFailed, errorMessage(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifyError(TEXT.validationTitle, TEXT.validationText);
      // Take the owner to the first field to correct.
      const first = (["reference", "name", "price", "stock"] as const).find((name) => found[name]);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    create.mutate({
      reference: draft.reference.trim(),
      name: draft.name.trim(),
      price: parseEuros(draft.price),
      stock: Number(draft.stock.trim() || "0"),
    });
  };

  const bind = (name: FieldName) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="admin-form" noValidate onSubmit={submit}>
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <FormField label={TEXT.reference} hint={TEXT.referenceHint} error={errors.reference}>
        {(props) => (
          <input
            {...props}
            {...bind("reference")}
            data-autofocus
            required
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>
      <FormField label={TEXT.name} error={errors.name}>
        {(props) => <input {...props} {...bind("name")} required maxLength={120} autoComplete="off" />}
      </FormField>
      <div className="admin-form__row">
        <FormField label={TEXT.price} error={errors.price}>
          {(props) => (
            <input
              {...props}
              {...bind("price")}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              required
            />
          )}
        </FormField>
        <FormField label={TEXT.stock} error={errors.stock}>
          {(props) => (
            <input {...props} {...bind("stock")} type="number" inputMode="numeric" step="1" min="0" />
          )}
        </FormField>
      </div>
      <DialogActions
        onCancel={onDone}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={create.isPending}
      />
    </form>
  );
}
