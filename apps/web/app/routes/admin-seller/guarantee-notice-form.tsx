import { useRevalidator } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { notifyError, notifySuccess } from "~/components/admin/notify";
import { GUARANTEE_NOTICE_UPLOAD_PATH } from "~/screens";

const TEXT = copy.guaranteeNotice;
const LOCALES = ["fr", "en"] as const;
type NoticeLocale = (typeof LOCALES)[number];

/** A language's notice as « Ma boutique » lists it (its loader). */
export interface PanelNotice {
  src: string;
  contentType: string;
  width: number | null;
  height: number | null;
  byteSize: number;
  uploadedAt: string;
}

const TYPE_NAMES: Record<string, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/webp": "WebP",
  "application/pdf": "PDF",
};

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fr-FR")} Ko`;

/**
 * « Ma boutique »'s second form: the Commission's notice on the legal guarantee, one file per
 * language, sent to its own endpoint (a file is no field of the identity). Without JavaScript each
 * form posts there and comes back to this page (`done`); with it, the answer shows here and the
 * page reads the notices again.
 */
export function GuaranteeNoticeForms({
  notices,
  done,
}: {
  notices: Record<NoticeLocale, PanelNotice | null>;
  done: "saved" | "removed" | null;
}) {
  return (
    <section
      className="admin-panel admin-seller__notice"
      id="avis-garantie"
      aria-labelledby="avis-garantie-title"
    >
      <h2 id="avis-garantie-title" className="admin-seller__legend">
        {TEXT.title}
      </h2>
      <p className="admin-hint">{TEXT.intro}</p>
      {done ? (
        <p className="admin-result" role="status">
          {TEXT[done]}
        </p>
      ) : null}
      {LOCALES.map((locale) => (
        <NoticeOfLanguage key={locale} locale={locale} notice={notices[locale]} />
      ))}
    </section>
  );
}

function NoticeOfLanguage({ locale, notice }: { locale: NoticeLocale; notice: PanelNotice | null }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const language = TEXT.languages[locale];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const intent = body.get("intent") === "remove" ? "remove" : "upload";
    setBusy(intent);
    setError(null);
    try {
      const answer = await fetch(form.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      const json = (await answer.json().catch(() => ({}))) as { error?: string };
      if (!answer.ok) {
        const message = json.error ?? copy.common.technicalError;
        setError(message);
        notifyError(TEXT.refusedTitle, message);
        return;
      }
      form.reset();
      notifySuccess(intent === "remove" ? TEXT.removed : TEXT.saved);
      revalidator.revalidate();
    } catch {
      setError(copy.common.networkError);
      notifyError(TEXT.refusedTitle, copy.common.networkError);
    } finally {
      setBusy(null);
    }
  }

  const inputId = `notice-file-${locale}`;
  return (
    <div className="admin-seller__notice-language" data-notice-locale={locale}>
      <h3>{language}</h3>
      {notice ? (
        <>
          <p className="admin-muted">
            {fill(TEXT.current, {
              type: TYPE_NAMES[notice.contentType] ?? notice.contentType,
              size: sizeOf(notice.byteSize),
              date: formatDateTime(notice.uploadedAt),
            })}
          </p>
          {notice.contentType === "application/pdf" ? null : (
            <img
              className="admin-seller__notice-preview"
              src={notice.src}
              alt={fill(TEXT.preview, { language: language.toLowerCase() })}
              width={notice.width ?? undefined}
              height={notice.height ?? undefined}
            />
          )}
          <p>
            <a href={notice.src} target="_blank" rel="noopener" className="text-link">
              {TEXT.open}
            </a>
          </p>
        </>
      ) : (
        <p className="admin-muted">{TEXT.none}</p>
      )}
      <form
        className="admin-form"
        method="post"
        action={GUARANTEE_NOTICE_UPLOAD_PATH}
        encType="multipart/form-data"
        onSubmit={submit}
      >
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor={inputId}>
            {TEXT.file} ({language.toLowerCase()})
          </label>
          <input
            id={inputId}
            name="notice"
            type="file"
            required
            accept="image/png,image/jpeg,image/webp,application/pdf"
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ""}`}
            aria-invalid={error ? true : undefined}
          />
          <p className="admin-hint" id={`${inputId}-hint`}>
            {TEXT.fileHint}
          </p>
          {error ? (
            <p className="field__error" id={`${inputId}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="admin-toolbar">
          <BusyButton
            type="submit"
            className="button button--primary"
            busy={busy === "upload"}
            busyLabel={TEXT.uploading}
          >
            {TEXT.upload}
          </BusyButton>
        </div>
      </form>
      {notice ? (
        <form
          method="post"
          action={GUARANTEE_NOTICE_UPLOAD_PATH}
          encType="multipart/form-data"
          onSubmit={submit}
        >
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="locale" value={locale} />
          <BusyButton
            type="submit"
            className="button button--ghost"
            busy={busy === "remove"}
            busyLabel={TEXT.removing}
          >
            {TEXT.remove} ({language.toLowerCase()})
          </BusyButton>
        </form>
      ) : null}
    </div>
  );
}
