import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { FormField } from "~/components/admin/form-field";
import { parseEuros } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { errorMessage, fieldErrorsOf, notifyError, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";

const TEXT = copy.newModel;
const FORM = copy.productForm;

type FieldName = "name" | "reference" | "price" | "stock" | "seriesId";
type FieldErrors = Partial<Record<FieldName, string>>;

/** « Nouveau modèle »: a draft with its name, price and series, then its editor. */
export function NewModelDialog({
  open,
  onClose,
  series,
}: {
  open: boolean;
  onClose: () => void;
  series: { id: number; titleFr: string; featured: boolean }[];
}) {
  return (
    <Modal open={open} onClose={onClose} title={TEXT.title}>
      <NewModelForm onCancel={onClose} series={series} />
    </Modal>
  );
}

function NewModelForm({
  onCancel,
  series,
}: {
  onCancel: () => void;
  series: { id: number; titleFr: string; featured: boolean }[];
}) {
  const navigate = useNavigate();
  // The newest series first: a new model most often joins the one being prepared.
  const [draft, setDraft] = useState({
    name: "",
    reference: "",
    price: "",
    stock: "0",
    seriesId: series[0] ? String(series[0].id) : "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = trpc.catalogue.createModel.useMutation({
    onSuccess: (model) => {
      notifySuccess(TEXT.created, fill(TEXT.createdText, { name: model.name }));
      navigate(catalogueModelPath(model.id));
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields) {
        setErrors({
          name: fields.name?.[0],
          reference: fields.reference?.[0],
          price: fields.price?.[0],
          stock: fields.stock?.[0],
          seriesId: fields.seriesId?.[0],
        });
      } else {
        setFormError(errorMessage(error));
      }
      notifyError(TEXT.failed, errorMessage(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    if (!draft.name.trim()) found.name = FORM.required;
    const price = parseEuros(draft.price);
    if (!(price > 0)) found.price = FORM.pricePositive;
    if (!/^\d+$/.test(draft.stock.trim() || "0")) found.stock = FORM.stockInteger;
    setErrors(found);
    const first = (["name", "price", "stock"] as const).find((name) => found[name]);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (create.isPending) return;
    create.mutate({
      name: draft.name.trim(),
      reference: draft.reference.trim() || undefined,
      price,
      stock: Number(draft.stock.trim() || "0"),
      seriesId: draft.seriesId ? Number(draft.seriesId) : undefined,
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
      <FormField label={TEXT.name} hint={TEXT.nameHint} error={errors.name}>
        {(props) => (
          <input {...props} {...bind("name")} data-autofocus required maxLength={120} autoComplete="off" />
        )}
      </FormField>
      <FormField label={TEXT.reference} hint={TEXT.referenceHint} error={errors.reference}>
        {(props) => (
          <input {...props} {...bind("reference")} maxLength={40} autoComplete="off" spellCheck={false} />
        )}
      </FormField>
      <div className="admin-form__row">
        <FormField label={TEXT.price} error={errors.price}>
          {(props) => <input {...props} {...bind("price")} inputMode="decimal" autoComplete="off" required />}
        </FormField>
        <FormField label={TEXT.stock} error={errors.stock}>
          {(props) => (
            <input {...props} {...bind("stock")} type="number" inputMode="numeric" step="1" min="0" />
          )}
        </FormField>
      </div>
      <FormField label={TEXT.series} error={errors.seriesId}>
        {(props) =>
          series.length === 0 ? (
            <select {...props} {...bind("seriesId")} disabled>
              <option value="">{TEXT.noSeries}</option>
            </select>
          ) : (
            <select {...props} {...bind("seriesId")}>
              {series.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.titleFr}
                </option>
              ))}
            </select>
          )
        }
      </FormField>
      <DialogActions
        onCancel={onCancel}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={create.isPending}
      />
    </form>
  );
}
