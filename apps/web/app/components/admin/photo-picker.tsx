import { photoThumbnailPath } from "@souls/core/photos";
import { type ChangeEvent, useId, useState } from "react";
import { notifyError } from "./notify";
import { PHOTO_ACCEPT, sendPhoto } from "./photo-upload";

const THUMBNAIL_WIDTH = 240;

/** A kept photo's small version, 240 pixels wide at its own proportions. */
export function PhotoThumbnail({
  picture,
  className,
  lazy = false,
}: {
  picture: { source: string; width: number; height: number; alt: { fr: string } };
  className?: string;
  /** Below the fold (a list of series): loaded when scrolled to. */
  lazy?: boolean;
}) {
  return (
    <img
      className={className}
      src={photoThumbnailPath(picture)}
      alt={picture.alt.fr}
      width={THUMBNAIL_WIDTH}
      height={Math.round((THUMBNAIL_WIDTH * picture.height) / picture.width)}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
    />
  );
}

/**
 * One photo picked on a phone or a computer and sent to the photo route with what it is for
 * (`purpose`): a button-like label over the file input, its hint, « Envoi… » said to screen
 * readers, and the shop's refusal under it (and in a notice). `onSent` once it is kept.
 */
export function PhotoPicker({
  purpose,
  hasPhoto,
  className,
  ariaLabel,
  words,
  onSent,
}: {
  purpose: Record<string, string>;
  /** A photo is there already: the button replaces it. */
  hasPhoto: boolean;
  /** The block's class: `series-picture` gives `series-picture__choose`, `__input`. */
  className: string;
  /** The input's name for screen readers when its label (the button's words) is not enough. */
  ariaLabel?: string;
  words: { choose: string; replace: string; sending: string; hint: string; refused: string };
  onSent: () => unknown;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again (after a refusal): the input forgets it.
    event.target.value = "";
    if (!file || sending) return;
    setSending(true);
    setRefusal(null);
    const error = await sendPhoto(purpose, file);
    setSending(false);
    if (error) {
      setRefusal(error);
      notifyError(words.refused, error);
      return;
    }
    await onSent();
  };
  return (
    <div className="field">
      <label
        htmlFor={ids.input}
        className={`button button--outline button--small ${className}__choose`}
        aria-disabled={sending || undefined}
      >
        {sending ? words.sending : hasPhoto ? words.replace : words.choose}
      </label>
      <input
        id={ids.input}
        className={`${className}__input`}
        type="file"
        accept={PHOTO_ACCEPT}
        disabled={sending}
        aria-label={ariaLabel}
        aria-describedby={[ids.hint, refusal ? ids.error : ""].filter(Boolean).join(" ")}
        onChange={pick}
      />
      <p id={ids.hint} className="admin-hint">
        {words.hint}
      </p>
      <p role="status" aria-live="polite" className="visually-hidden">
        {sending ? words.sending : ""}
      </p>
      {refusal ? (
        <p id={ids.error} className="field__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
