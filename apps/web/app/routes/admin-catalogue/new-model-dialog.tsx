import { useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DialogActions } from "~/components/admin/dialog-actions";
import { parseEuros } from "~/components/admin/format";
import { Field, PanelForm, TextField, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";

const TEXT = copy.newModel;
const FORM = copy.productForm;

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
  const form = usePanelForm({
    name: "",
    reference: "",
    price: "",
    stock: "0",
    seriesId: series[0] ? String(series[0].id) : "",
  });
  const { draft, errors, bind } = form;
  const create = trpc.catalogue.createModel.useMutation({
    onSuccess: (model) => {
      notifySuccess(TEXT.created, fill(TEXT.createdText, { name: model.name }));
      navigate(catalogueModelPath(model.id));
    },
    onError: (error) => form.refuse(error, TEXT.failed),
  });

  const submit = () => {
    const price = parseEuros(draft.price);
    const found = {
      name: draft.name.trim() ? undefined : FORM.required,
      price: price > 0 ? undefined : FORM.pricePositive,
      stock: /^\d+$/.test(draft.stock.trim() || "0") ? undefined : FORM.stockInteger,
    };
    if (!form.check(found) || create.isPending) return;
    create.mutate({
      name: draft.name.trim(),
      reference: draft.reference.trim() || undefined,
      price,
      stock: Number(draft.stock.trim() || "0"),
      seriesId: draft.seriesId ? Number(draft.seriesId) : undefined,
    });
  };

  return (
    <PanelForm form={form} onSubmit={submit}>
      <TextField
        form={form}
        name="name"
        label={TEXT.name}
        hint={TEXT.nameHint}
        data-autofocus
        required
        maxLength={120}
        autoComplete="off"
      />
      <TextField
        form={form}
        name="reference"
        label={TEXT.reference}
        hint={TEXT.referenceHint}
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="admin-form__row">
        <TextField
          form={form}
          name="price"
          label={TEXT.price}
          inputMode="decimal"
          autoComplete="off"
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
      <Field label={TEXT.series} error={errors.seriesId}>
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
      </Field>
      <DialogActions
        onCancel={onCancel}
        submitLabel={TEXT.submit}
        busyLabel={TEXT.submitting}
        busy={create.isPending}
      />
    </PanelForm>
  );
}
