import { Form, useRevalidator } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import type { Locale } from "@souls/core/locales";
import { PHOTO_LIMITS } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { Field } from "~/components/admin/forms";
import { notifySuccess } from "~/components/admin/notify";
import { PhotoPicker, PhotoThumbnail } from "~/components/admin/photo-picker";
import { wordsPreviewPath } from "~/screens";
import { IntentButton } from "./intent-button";
import { wordsPagePath } from "./words-path";

const TEXT = copy.words.hero;

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
      <PhotoThumbnail picture={picture} />
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
  const revalidator = useRevalidator();
  const shown = hero.draft ?? hero.published;

  const intent = (value: string, label: string, className: string) => (
    <IntentButton locale={locale} intent={value} label={label} className={className} busy={busy} />
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
      <PhotoPicker
        purpose={{ hero: "draft" }}
        hasPhoto={shown !== null}
        className="admin-hero-picture"
        ariaLabel={TEXT.title}
        words={TEXT}
        onSent={() => {
          notifySuccess(TEXT.added);
          revalidator.revalidate();
        }}
      />
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
