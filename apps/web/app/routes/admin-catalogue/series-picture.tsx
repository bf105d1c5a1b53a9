import { copy } from "@souls/core/admin-copy";
import { PHOTO_LIMITS, photoThumbnailPath } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { Field } from "~/components/admin/forms";
import { notifyError, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PHOTO_ACCEPT, sendPhoto } from "~/components/admin/photo-upload";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { seriesPath } from "~/screens";

const TEXT = copy.seriesPicture;
const THUMBNAIL_WIDTH = 240;

type Series = RouterOutputs["catalogue"]["list"]["series"][number];

/**
 * A series' picture in the owner's panel: the home page's hero while the series is featured, the
 * top of its page. Picked on a phone or a computer and sent to the photo route (judged there as a
 * model's photo), described in both languages, removed; with a link to the series' page.
 */
export function SeriesPicture({ series }: { series: Series }) {
  const ids = { title: useId(), hint: useId(), error: useId(), input: useId() };
  const utils = trpc.useUtils();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const picture = series.picture;
  const published = series.models.some((model) => model.status === "published");

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again (after a refusal): the input forgets it.
    event.target.value = "";
    if (!file || sending) return;
    setSending(true);
    setRefusal(null);
    const error = await sendPhoto({ seriesId: String(series.id) }, file);
    setSending(false);
    if (error) {
      setRefusal(error);
      notifyError(TEXT.refused, error);
      return;
    }
    notifySuccess(TEXT.added, series.titleFr);
    await utils.catalogue.list.invalidate();
  };

  const remove = trpc.photos.removeSeriesPicture.useMutation({
    onSuccess: async () => {
      notifySuccess(TEXT.removed);
      await utils.catalogue.list.invalidate();
    },
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });

  return (
    // Not a region: each series has one, and landmarks must be told apart; its heading names it.
    <div className="series-picture">
      <h3 id={ids.title} className="series-picture__title">
        {TEXT.title}
      </h3>
      <div className="series-picture__body">
        {picture ? (
          <img
            className="series-picture__image"
            src={photoThumbnailPath(picture)}
            alt={picture.alt.fr}
            width={THUMBNAIL_WIDTH}
            height={Math.round((THUMBNAIL_WIDTH * picture.height) / picture.width)}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <p className="admin-muted series-picture__none">{TEXT.none}</p>
        )}
        <div className="series-picture__actions admin-stack">
          <div className="field">
            <label
              htmlFor={ids.input}
              className="button button--outline button--small series-picture__choose"
              aria-disabled={sending || undefined}
            >
              {sending ? TEXT.sending : picture ? TEXT.replace : TEXT.choose}
            </label>
            <input
              id={ids.input}
              className="series-picture__input"
              type="file"
              accept={PHOTO_ACCEPT}
              disabled={sending}
              aria-label={fill(TEXT.chooseLabel, { title: series.titleFr })}
              aria-describedby={[ids.hint, refusal ? ids.error : ""].filter(Boolean).join(" ")}
              onChange={pick}
            />
            <p id={ids.hint} className="admin-hint">
              {TEXT.hint}
            </p>
            <p role="status" aria-live="polite" className="visually-hidden">
              {sending ? TEXT.sending : ""}
            </p>
            {refusal ? (
              <p id={ids.error} className="field__error" role="alert">
                {refusal}
              </p>
            ) : null}
          </div>
          {picture ? (
            <BusyButton
              type="button"
              className="button button--outline button--small"
              aria-label={fill(TEXT.removeLabel, { title: series.titleFr })}
              busy={remove.isPending}
              busyLabel={TEXT.saving}
              onClick={() => remove.mutate({ seriesId: series.id })}
            >
              {TEXT.remove}
            </BusyButton>
          ) : null}
          {published ? (
            <a
              className="text-link"
              href={seriesPath(series.slugs.fr, "fr")}
              target="_blank"
              rel="noopener"
              aria-label={fill(TEXT.pageLabel, { title: series.titleFr })}
            >
              {TEXT.page}
            </a>
          ) : (
            <p className="admin-hint">{TEXT.noPage}</p>
          )}
        </div>
      </div>
      {picture ? <PictureWords seriesId={series.id} alt={picture.alt} /> : null}
    </div>
  );
}

/** The picture's words in French and English, saved together. */
function PictureWords({ seriesId, alt }: { seriesId: number; alt: { fr: string; en: string } }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(alt);
  const save = trpc.photos.setSeriesAlt.useMutation({
    onSuccess: async () => {
      notifySuccess(TEXT.altSaved);
      await utils.catalogue.list.invalidate();
    },
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ seriesId, fr: draft.fr, en: draft.en });
  };
  return (
    <form className="admin-form series-picture__words" noValidate onSubmit={submit}>
      <Field label={TEXT.altFr} hint={TEXT.altHint}>
        {(props) => (
          <input
            {...props}
            value={draft.fr}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => setDraft((current) => ({ ...current, fr: event.target.value }))}
          />
        )}
      </Field>
      <Field label={TEXT.altEn}>
        {(props) => (
          <input
            {...props}
            lang="en"
            value={draft.en}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => setDraft((current) => ({ ...current, en: event.target.value }))}
          />
        )}
      </Field>
      <div>
        <BusyButton
          type="submit"
          className="button button--primary button--small"
          busy={save.isPending}
          busyLabel={TEXT.saving}
        >
          {TEXT.saveAlt}
        </BusyButton>
      </div>
    </form>
  );
}
