import { copy } from "@souls/api/admin-words";
import { SERIES_TEXT_LIMITS } from "@souls/core/catalogue-rules";
import { formatDateTime, wallTimeOf } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { DialogActions } from "~/components/admin/dialog-actions";
import { Field, PanelForm, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.seriesForm;

/** A series as the form edits it: its id, its words in both languages and its launch. */
export interface SeriesDraftOf {
  id: number;
  titleFr: string;
  titleEn: string;
  subtitleFr: string;
  subtitleEn: string;
  /** ISO 8601; null: on sale once published (decision 039). */
  opensAt: string | null;
  earlyAccessMinutes: number;
  launchLimitPieces: number;
  launchLimitHours: number;
}

const EARLY_ACCESS = [
  [0, TEXT.earlyAccessNone],
  [30, TEXT.earlyAccess30],
  [60, TEXT.earlyAccess60],
  [1440, TEXT.earlyAccess1440],
] as const;

/** The launch's fields as the form holds them: the day and hour in Paris time, as she types them. */
interface LaunchDraft {
  opensDate: string;
  opensTime: string;
  earlyAccessMinutes: string;
  launchLimitPieces: string;
  launchLimitHours: string;
}

function launchDraftOf(series: SeriesDraftOf | "new"): LaunchDraft {
  if (series === "new") {
    return {
      opensDate: "",
      opensTime: "",
      earlyAccessMinutes: "0",
      launchLimitPieces: "1",
      launchLimitHours: "24",
    };
  }
  const wall = series.opensAt ? wallTimeOf(series.opensAt) : { date: "", time: "" };
  return {
    opensDate: wall.date,
    opensTime: wall.time,
    earlyAccessMinutes: String(series.earlyAccessMinutes),
    launchLimitPieces: String(series.launchLimitPieces),
    launchLimitHours: String(series.launchLimitHours),
  };
}

/** A number field's value as sent: the API says what is wrong with one that is not a whole number. */
const whole = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value) : value);

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
  const form = usePanelForm(() =>
    series === "new"
      ? { titleFr: "", titleEn: "", subtitleFr: "", subtitleEn: "" }
      : {
          titleFr: series.titleFr,
          titleEn: series.titleEn,
          subtitleFr: series.subtitleFr,
          subtitleEn: series.subtitleEn,
        },
  );
  const { draft, errors, bind } = form;
  const [launch, setLaunch] = useState<LaunchDraft>(() => launchDraftOf(series));
  // An opening already past no longer moves (the API refuses it too): said, and the fields locked.
  const [passed] = useState(
    () => series !== "new" && series.opensAt !== null && new Date(series.opensAt).getTime() <= Date.now(),
  );
  const refused = (error: unknown) => form.refuse(error, TEXT.failed);
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

  const submit = () => {
    const found = {
      titleFr: draft.titleFr.trim() ? undefined : copy.productForm.required,
      titleEn: draft.titleEn.trim() ? undefined : copy.productForm.required,
    };
    if (!form.check(found) || busy) return;
    const launchInput = {
      opensDate: launch.opensDate,
      opensTime: launch.opensTime,
      earlyAccessMinutes: Number(launch.earlyAccessMinutes) as 0 | 30 | 60 | 1440,
      launchLimitPieces: whole(launch.launchLimitPieces) as number,
      launchLimitHours: whole(launch.launchLimitHours) as number,
    };
    if (series === "new") create.mutate({ ...draft, launch: launchInput });
    else update.mutate({ id: series.id, ...draft, launch: launchInput });
  };

  const bindLaunch = (name: keyof LaunchDraft) => ({
    name: `launch.${name}`,
    value: launch[name],
    onChange: (event: { target: { value: string } }) =>
      setLaunch((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <PanelForm form={form} onSubmit={submit}>
      <Field label={TEXT.titleFr} hint={TEXT.titleHint} error={errors.titleFr}>
        {(props) => (
          <input
            {...props}
            {...bind("titleFr")}
            data-autofocus
            required
            maxLength={SERIES_TEXT_LIMITS.title}
          />
        )}
      </Field>
      <Field label={TEXT.titleEn} error={errors.titleEn}>
        {(props) => (
          <input {...props} {...bind("titleEn")} lang="en" required maxLength={SERIES_TEXT_LIMITS.title} />
        )}
      </Field>
      <Field label={TEXT.subtitleFr} hint={TEXT.subtitleHint} error={errors.subtitleFr}>
        {(props) => (
          <textarea {...props} {...bind("subtitleFr")} rows={3} maxLength={SERIES_TEXT_LIMITS.subtitle} />
        )}
      </Field>
      <Field label={TEXT.subtitleEn} error={errors.subtitleEn}>
        {(props) => (
          <textarea
            {...props}
            {...bind("subtitleEn")}
            lang="en"
            rows={3}
            maxLength={SERIES_TEXT_LIMITS.subtitle}
          />
        )}
      </Field>
      <fieldset className="admin-series__launch" disabled={busy}>
        <legend>{TEXT.launchLegend}</legend>
        {passed && series !== "new" && series.opensAt ? (
          <p className="admin-hint">
            {fill(TEXT.openingPassed, { date: formatDateTime(series.opensAt, "fr", "short") })}
          </p>
        ) : (
          <p className="admin-hint">{TEXT.launchIntro}</p>
        )}
        <div className="admin-form__row">
          <Field label={TEXT.opensDate} error={errors["launch.opensDate"]}>
            {(props) => <input {...props} {...bindLaunch("opensDate")} type="date" disabled={passed} />}
          </Field>
          <Field label={TEXT.opensTime} error={errors["launch.opensTime"]}>
            {(props) => (
              <input {...props} {...bindLaunch("opensTime")} type="time" step={60} disabled={passed} />
            )}
          </Field>
        </div>
        {!passed && (launch.opensDate || launch.opensTime) ? (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setLaunch((current) => ({ ...current, opensDate: "", opensTime: "" }))}
          >
            {TEXT.cancelOpening}
          </button>
        ) : null}
        <Field
          label={TEXT.earlyAccess}
          hint={TEXT.earlyAccessHint}
          error={errors["launch.earlyAccessMinutes"]}
        >
          {(props) => (
            <select {...props} {...bindLaunch("earlyAccessMinutes")} disabled={passed}>
              {EARLY_ACCESS.map(([minutes, label]) => (
                <option key={minutes} value={minutes}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="admin-form__row">
          <Field
            label={TEXT.launchLimitPieces}
            hint={TEXT.launchLimitPiecesHint}
            error={errors["launch.launchLimitPieces"]}
          >
            {(props) => (
              <input
                {...props}
                {...bindLaunch("launchLimitPieces")}
                type="number"
                min={1}
                max={20}
                inputMode="numeric"
                disabled={passed}
              />
            )}
          </Field>
          <Field
            label={TEXT.launchLimitHours}
            hint={TEXT.launchLimitHoursHint}
            error={errors["launch.launchLimitHours"]}
          >
            {(props) => (
              <input
                {...props}
                {...bindLaunch("launchLimitHours")}
                type="number"
                min={0}
                max={168}
                inputMode="numeric"
                disabled={passed}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <DialogActions
        onCancel={onDone}
        submitLabel={series === "new" ? TEXT.create : TEXT.save}
        busyLabel={TEXT.saving}
        busy={busy}
      />
    </PanelForm>
  );
}
