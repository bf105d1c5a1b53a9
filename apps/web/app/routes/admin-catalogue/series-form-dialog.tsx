import { copy } from "@souls/core/admin-copy";
import { SERIES_TEXT_LIMITS } from "@souls/core/catalogue-rules";
import { type FormEvent, useState } from "react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { FormField } from "~/components/admin/form-field";
import { Modal } from "~/components/admin/modal";
import { errorMessage, fieldErrorsOf, notifyError, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.seriesForm;

/** A series as the form edits it: its id and its words in both languages. */
export interface SeriesDraftOf {
  id: number;
  titleFr: string;
  titleEn: string;
  subtitleFr: string;
  subtitleEn: string;
}

type FieldName = "titleFr" | "titleEn" | "subtitleFr" | "subtitleEn";
const FIELDS: FieldName[] = ["titleFr", "titleEn", "subtitleFr", "subtitleEn"];

/** « Nouvelle série » (`series` is "new") or « Modifier la série ». */
export function SeriesFormDialog({
  series,
  onClose,
}: {
  series: SeriesDraftOf | "new" | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={series !== null}
      onClose={onClose}
      title={series === "new" ? TEXT.createTitle : TEXT.editTitle}
    >
      {series ? <SeriesForm series={series} onDone={onClose} /> : null}
    </Modal>
  );
}

function SeriesForm({ series, onDone }: { series: SeriesDraftOf | "new"; onDone: () => void }) {
  const [draft, setDraft] = useState<Record<FieldName, string>>(() =>
    series === "new"
      ? { titleFr: "", titleEn: "", subtitleFr: "", subtitleEn: "" }
      : {
          titleFr: series.titleFr,
          titleEn: series.titleEn,
          subtitleFr: series.subtitleFr,
          subtitleEn: series.subtitleEn,
        },
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refused = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    if (fields) setErrors(Object.fromEntries(FIELDS.map((field) => [field, fields[field]?.[0]])));
    else setFormError(errorMessage(error));
    notifyError(TEXT.failed, errorMessage(error));
  };
  const saved = (title: string) => () => {
    notifySuccess(title, draft.titleFr.trim());
    onDone();
  };
  const create = trpc.catalogue.createSeries.useMutation({
    onSuccess: saved(TEXT.created),
    onError: refused,
  });
  const update = trpc.catalogue.updateSeries.useMutation({ onSuccess: saved(TEXT.saved), onError: refused });
  const busy = create.isPending || update.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.titleFr.trim()) found.titleFr = copy.productForm.required;
    if (!draft.titleEn.trim()) found.titleEn = copy.productForm.required;
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (busy) return;
    if (series === "new") create.mutate(draft);
    else update.mutate({ id: series.id, ...draft });
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
      <FormField label={TEXT.titleFr} hint={TEXT.titleHint} error={errors.titleFr}>
        {(props) => (
          <input
            {...props}
            {...bind("titleFr")}
            data-autofocus
            required
            maxLength={SERIES_TEXT_LIMITS.title}
          />
        )}
      </FormField>
      <FormField label={TEXT.titleEn} error={errors.titleEn}>
        {(props) => (
          <input {...props} {...bind("titleEn")} lang="en" required maxLength={SERIES_TEXT_LIMITS.title} />
        )}
      </FormField>
      <FormField label={TEXT.subtitleFr} hint={TEXT.subtitleHint} error={errors.subtitleFr}>
        {(props) => (
          <textarea {...props} {...bind("subtitleFr")} rows={3} maxLength={SERIES_TEXT_LIMITS.subtitle} />
        )}
      </FormField>
      <FormField label={TEXT.subtitleEn} error={errors.subtitleEn}>
        {(props) => (
          <textarea
            {...props}
            {...bind("subtitleEn")}
            lang="en"
            rows={3}
            maxLength={SERIES_TEXT_LIMITS.subtitle}
          />
        )}
      </FormField>
      <DialogActions
        onCancel={onDone}
        submitLabel={series === "new" ? TEXT.create : TEXT.save}
        busyLabel={TEXT.saving}
        busy={busy}
      />
    </form>
  );
}
