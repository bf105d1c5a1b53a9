import { Form, useRevalidator } from "@remix-run/react";
import { copy } from "@souls/core/admin-copy";
import type { Locale } from "@souls/core/locales";
import { PHOTO_LIMITS, photoThumbnailPath } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { type ChangeEvent, useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { Field } from "~/components/admin/forms";
import { notifyError, notifySuccess } from "~/components/admin/notify";
import { PHOTO_ACCEPT, sendPhoto } from "~/components/admin/photo-upload";
import { wordsPreviewPath } from "~/screens";
import { wordsPagePath } from "./words-path";

const TEXT = copy.words.hero;
const THUMBNAIL_WIDTH = 240;

interface Picture {
  source: string;
  width: number;
  height: number;
  alt: { fr: string; en: string };
}

export interface HeroPictureView {
  published: Picture | null;
  draft: Picture | null;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
}

function Thumbnail({ picture, label }: { picture: Picture; label: string }) {
  return (
    <figure className="admin-hero-picture__figure">
      <img
        src={photoThumbnailPath(picture)}
        alt={picture.alt.fr}
        width={THUMBNAIL_WIDTH}
        height={Math.round((THUMBNAIL_WIDTH * picture.height) / picture.width)}
        decoding="async"
      />
      <figcaption className="admin-muted">{label}</figcaption>
    </figure>
  );
}

/**
 * « Photo d'accueil »: the home page's hero picture, for both languages at once. Sent to the photo
 * route (judged and cut as a model's photo) as her draft; previewed with the words' preview, then
 * published on its own, dropped, or taken off the home page (the drawing again).
 */
export function HeroPictureSection({
  locale,
  hero,
  busy,
}: {
  locale: Locale;
  hero: HeroPictureView;
  busy: FormDataEntryValue | null | undefined;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const revalidator = useRevalidator();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = hero.draft ?? hero.published;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again (after a refusal): the input forgets it.
    event.target.value = "";
    if (!file || sending) return;
    setSending(true);
    setRefusal(null);
    const error = await sendPhoto({ hero: "draft" }, file);
    setSending(false);
    if (error) {
      setRefusal(error);
      notifyError(TEXT.refused, error);
      return;
    }
    notifySuccess(TEXT.added);
    revalidator.revalidate();
  };

  const intent = (value: string, label: string, className: string) => (
    <Form method="post" action={wordsPagePath(locale)}>
      <input type="hidden" name="locale" value={locale} />
      <BusyButton
        type="submit"
        name="intent"
        value={value}
        className={className}
        busy={busy === value}
        busyLabel={copy.words.working}
      >
        {label}
      </BusyButton>
    </Form>
  );

  return (
    <section className="admin-panel admin-stack admin-hero-picture" aria-labelledby="hero-picture-title">
      <h2 id="hero-picture-title">{TEXT.title}</h2>
      <p className="admin-muted">{TEXT.seriesWins}</p>
      <div className="admin-hero-picture__pictures">
        {hero.published ? <Thumbnail picture={hero.published} label={TEXT.published} /> : null}
        {hero.draft ? <Thumbnail picture={hero.draft} label={TEXT.draft} /> : null}
        {shown ? null : <p className="admin-muted">{TEXT.none}</p>}
      </div>
      {hero.draft && hero.draftSavedAt ? (
        <p role="status">
          {fill(TEXT.draftWaiting, {
            date: formatDateTime(hero.draftSavedAt),
            name: hero.draftSavedBy ?? copy.words.someone,
          })}
        </p>
      ) : null}
      <div className="field">
        <label
          htmlFor={ids.input}
          className="button button--outline button--small admin-hero-picture__choose"
          aria-disabled={sending || undefined}
        >
          {sending ? TEXT.sending : shown ? TEXT.replace : TEXT.choose}
        </label>
        <input
          id={ids.input}
          className="admin-hero-picture__input"
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={sending}
          aria-label={TEXT.title}
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
      {shown ? (
        <Form
          method="post"
          action={wordsPagePath(locale)}
          className="admin-form admin-hero-picture__words"
          // A new picture or a publication: the fields start again from the picture's words.
          key={`${shown.source}:${hero.draftSavedAt ?? ""}`}
        >
          <input type="hidden" name="locale" value={locale} />
          <Field label={TEXT.altFr} hint={TEXT.altHint}>
            {(props) => (
              <input {...props} name="altFr" defaultValue={shown.alt.fr} maxLength={PHOTO_LIMITS.altLength} />
            )}
          </Field>
          <Field label={TEXT.altEn}>
            {(props) => (
              <input
                {...props}
                name="altEn"
                lang="en"
                defaultValue={shown.alt.en}
                maxLength={PHOTO_LIMITS.altLength}
              />
            )}
          </Field>
          <div>
            <BusyButton
              type="submit"
              name="intent"
              value="heroAlt"
              className="button button--outline button--small"
              busy={busy === "heroAlt"}
              busyLabel={copy.words.working}
            >
              {TEXT.saveAlt}
            </BusyButton>
          </div>
        </Form>
      ) : null}
      {shown ? (
        <div className="admin-toolbar">
          {hero.draft ? (
            <a
              href={wordsPreviewPath(locale)}
              target="_blank"
              rel="noopener"
              className="button button--outline"
            >
              {TEXT.preview} <span className="visually-hidden">{copy.words.newTab}</span>
            </a>
          ) : null}
          {hero.draft ? intent("heroPublish", TEXT.publish, "button button--primary") : null}
          {hero.draft ? intent("heroDrop", TEXT.drop, "button button--ghost") : null}
          {intent("heroRemove", TEXT.remove, "button button--outline")}
        </div>
      ) : null}
    </section>
  );
}
