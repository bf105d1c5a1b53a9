import { copy } from "@souls/api/admin-words";
import { PHOTO_LIMITS, photoThumbnailPath } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { useId } from "react";
import { Field } from "~/components/admin/forms";
import type { RouterOutputs } from "~/lib/trpc";

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
  alts,
}: {
  photo: GalleryPhoto;
  index: number;
  total: number;
  /** A new order is being saved: no other move meanwhile. */
  moving: boolean;
  onMove: (photo: GalleryPhoto, to: number, action: "up" | "down" | "cover") => void;
  onRemove: (photo: GalleryPhoto, number: number) => void;
  alts: PhotoWordsDraft;
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
      <AltFields photo={photo} alts={alts} />
    </li>
  );
}

/**
 * A photo's words as its model's editor holds them until its one « Enregistrer »: what is typed
 * for each photo, and why the last save refused it.
 */
export interface PhotoWordsDraft {
  /** The model's form: the words are posted with it (without JavaScript too). */
  form?: string;
  value: (photo: GalleryPhoto) => { fr: string; en: string };
  onChange: (photo: GalleryPhoto, words: { fr: string; en: string }) => void;
  errorOf: (photo: GalleryPhoto, locale: "fr" | "en") => string | undefined;
}

/** The photo's words in French and English, saved with the model. */
function AltFields({ photo, alts }: { photo: GalleryPhoto; alts: PhotoWordsDraft }) {
  const words = alts.value(photo);
  const missing = !words.fr.trim() || !words.en.trim();
  return (
    <div className="photo-card__words">
      <Field
        id={`model-alt-${photo.id}-fr`}
        label={TEXT.altFr}
        hint={TEXT.altHint}
        error={alts.errorOf(photo, "fr")}
      >
        {(props) => (
          <textarea
            {...props}
            name={`alt.${photo.id}.fr`}
            form={alts.form}
            rows={2}
            value={words.fr}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => alts.onChange(photo, { ...words, fr: event.target.value })}
          />
        )}
      </Field>
      <Field id={`model-alt-${photo.id}-en`} label={TEXT.altEn} error={alts.errorOf(photo, "en")}>
        {(props) => (
          <textarea
            {...props}
            name={`alt.${photo.id}.en`}
            form={alts.form}
            rows={2}
            lang="en"
            value={words.en}
            maxLength={PHOTO_LIMITS.altLength}
            onChange={(event) => alts.onChange(photo, { ...words, en: event.target.value })}
          />
        )}
      </Field>
      {missing ? <p className="admin-hint">{TEXT.altMissing}</p> : null}
    </div>
  );
}
