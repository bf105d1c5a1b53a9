import { copy } from "@souls/core/admin-copy";
import { PHOTO_LIMITS, photoThumbnailPath } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { FormField } from "~/components/admin/form-field";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

export type GalleryPhoto = RouterOutputs["photos"]["list"]["photos"][number];

const TEXT = copy.photos;
/** The thumbnail's width in the panel; its height follows the photo's own shape. */
const THUMBNAIL_WIDTH = 160;

/**
 * One photo of the gallery: its thumbnail, its place (move up or down, or straight to the cover,
 * each a button, so the keyboard and a phone's screen reader can do all of it), its words in
 * both languages and its removal. Buttons carry `data-photo`/`data-action` so the manager can
 * give focus back to the same button once the gallery has moved.
 */
export function PhotoCard({
  photo,
  index,
  total,
  moving,
  onMove,
  onRemove,
}: {
  photo: GalleryPhoto;
  index: number;
  total: number;
  /** A new order is being saved: no other move meanwhile. */
  moving: boolean;
  onMove: (photo: GalleryPhoto, to: number, action: "up" | "down" | "cover") => void;
  onRemove: (photo: GalleryPhoto, number: number) => void;
}) {
  const n = index + 1;
  const headingId = useId();
  const action = (name: "up" | "down" | "title" | "remove") => ({
    "data-photo": photo.id,
    "data-action": name,
  });
  return (
    <li className="photo-card" aria-labelledby={headingId}>
      <figure className="photo-card__figure">
        <img
          src={photoThumbnailPath(photo)}
          alt={photo.alt.fr || fill(TEXT.noAlt, { n })}
          width={THUMBNAIL_WIDTH}
          height={Math.round((THUMBNAIL_WIDTH * photo.height) / photo.width)}
          loading="lazy"
          decoding="async"
        />
        <figcaption>
          <h3 id={headingId} className="photo-card__title" tabIndex={-1} {...action("title")}>
            {fill(TEXT.photoOf, { n, total })}
          </h3>
          {index === 0 ? <span className="admin-badge admin-badge--info">{TEXT.cover}</span> : null}
        </figcaption>
      </figure>
      <div className="photo-card__actions">
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={fill(TEXT.moveUpLabel, { n })}
          disabled={index === 0 || moving}
          onClick={() => onMove(photo, index - 1, "up")}
          {...action("up")}
        >
          <span aria-hidden="true">↑ </span>
          {TEXT.moveUp}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          aria-label={fill(TEXT.moveDownLabel, { n })}
          disabled={index === total - 1 || moving}
          onClick={() => onMove(photo, index + 1, "down")}
          {...action("down")}
        >
          <span aria-hidden="true">↓ </span>
          {TEXT.moveDown}
        </button>
        {index > 0 ? (
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={fill(TEXT.makeCoverLabel, { n })}
            disabled={moving}
            onClick={() => onMove(photo, 0, "cover")}
          >
            {TEXT.makeCover}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--danger button--small"
          aria-label={fill(TEXT.removeLabel, { n })}
          onClick={() => onRemove(photo, n)}
          {...action("remove")}
        >
          {TEXT.remove}
        </button>
      </div>
      <AltForm photo={photo} n={n} />
    </li>
  );
}

/** The photo's words in French and English, saved together. */
function AltForm({ photo, n }: { photo: GalleryPhoto; n: number }) {
  const [fr, setFr] = useState(photo.alt.fr);
  const [en, setEn] = useState(photo.alt.en);
  const [errors, setErrors] = useState<{ fr?: string; en?: string; form?: string }>({});
  const save = trpc.photos.setAlt.useMutation({
    onSuccess: () => {
      setErrors({});
      notifySuccess(TEXT.altSaved, fill(TEXT.photo, { n }));
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      setErrors(fields ? { fr: fields.fr?.[0], en: fields.en?.[0] } : { form: errorMessage(failure) });
      notifyFailure(TEXT.actionFailed, failure);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ id: photo.id, fr, en });
  };
  const missing = !photo.alt.fr || !photo.alt.en;
  return (
    <form className="photo-card__words" noValidate onSubmit={submit}>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <FormField label={TEXT.altFr} hint={TEXT.altHint} error={errors.fr}>
        {(props) => (
          <textarea
            {...props}
            name="fr"
            rows={2}
            value={fr}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => setFr(event.target.value)}
          />
        )}
      </FormField>
      <FormField label={TEXT.altEn} error={errors.en}>
        {(props) => (
          <textarea
            {...props}
            name="en"
            rows={2}
            lang="en"
            value={en}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => setEn(event.target.value)}
          />
        )}
      </FormField>
      {missing ? <p className="admin-hint">{TEXT.altMissing}</p> : null}
      <BusyButton
        type="submit"
        className="button button--primary button--small"
        busy={save.isPending}
        busyLabel={TEXT.saving}
        aria-label={fill(TEXT.saveAltLabel, { n })}
      >
        {TEXT.saveAlt}
      </BusyButton>
    </form>
  );
}
