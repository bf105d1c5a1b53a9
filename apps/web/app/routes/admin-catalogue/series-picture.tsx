import { copy } from "@souls/api/admin-words";
import { PHOTO_LIMITS } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { useId } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { PanelForm, TextField, usePanelForm } from "~/components/admin/forms";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PhotoPicker, PhotoThumbnail } from "~/components/admin/photo-picker";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { seriesPath } from "~/screens";

const TEXT = copy.seriesPicture;

type Series = RouterOutputs["catalogue"]["list"]["series"][number];

/**
 * A series' picture in the owner's panel: the home page's hero while the series is featured, the
 * top of its page. Picked on a phone or a computer and sent to the photo route (judged there as a
 * model's photo), described in both languages, removed; with a link to the series' page.
 */
export function SeriesPicture({ series }: { series: Series }) {
  const ids = { title: useId() };
  const utils = trpc.useUtils();
  const picture = series.picture;
  const published = series.models.some((model) => model.status === "published");

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
          <PhotoThumbnail className="series-picture__image" picture={picture} lazy />
        ) : (
          <p className="admin-muted series-picture__none">{TEXT.none}</p>
        )}
        <div className="series-picture__actions admin-stack">
          <PhotoPicker
            purpose={{ seriesId: String(series.id) }}
            hasPhoto={picture !== null}
            className="series-picture"
            ariaLabel={fill(TEXT.chooseLabel, { title: series.titleFr })}
            words={TEXT}
            onSent={async () => {
              notifySuccess(TEXT.added, series.titleFr);
              await utils.catalogue.list.invalidate();
            }}
          />
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
  const form = usePanelForm(alt, { toastOnly: true });
  const save = trpc.photos.setSeriesAlt.useMutation({
    onSuccess: async () => {
      notifySuccess(TEXT.altSaved);
      await utils.catalogue.list.invalidate();
    },
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });
  const submit = () => {
    if (!save.isPending) save.mutate({ seriesId, ...form.draft });
  };
  return (
    <PanelForm form={form} onSubmit={submit} className="admin-form series-picture__words">
      <TextField
        form={form}
        name="fr"
        label={TEXT.altFr}
        hint={TEXT.altHint}
        maxLength={PHOTO_LIMITS.altLength}
      />
      <TextField form={form} name="en" label={TEXT.altEn} lang="en" maxLength={PHOTO_LIMITS.altLength} />
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
    </PanelForm>
  );
}
