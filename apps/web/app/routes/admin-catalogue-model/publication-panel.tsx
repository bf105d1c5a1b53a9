import { copy } from "@souls/api/admin-words";
import { LOCALES, type Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { useRef, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/components/admin/format";
import { errorMessage, notifyError, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { ModelStatusBadge } from "~/components/admin/status-badge";
import { isAdminClientError, isUnauthorized, trpc } from "~/lib/trpc";
import { inputId } from "./model-draft";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

const PREVIEW: Record<Locale, { draft: string; published: string }> = {
  fr: { draft: TEXT.preview, published: TEXT.view },
  en: { draft: TEXT.previewEn, published: TEXT.viewEn },
};

/**
 * Where the model stands and what can happen to it: its pages (a draft's preview is the owner's
 * alone), what is still missing before it can be published, and the buttons for each step.
 */
export function PublicationPanel({
  detail,
  dirty,
  onFollow,
}: {
  detail: ModelDetail;
  /** Words typed and not saved: publishing would show what is stored, so it waits. */
  dirty: boolean;
  /** Opens a missing piece's field (its language's tab) and focuses it. */
  onFollow: (path: string) => void;
}) {
  const { model, texts, missingFields: missing } = detail;
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<"unpublish" | "archive" | null>(null);

  const done = (title: string, text?: string) => () => {
    setRefusal(null);
    setConfirming(null);
    notifySuccess(title, text);
    // The button pressed gives way to the next step's: the panel's title keeps the focus.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const failed = (error: unknown) => {
    setConfirming(null);
    if (isUnauthorized(error)) return;
    if (isAdminClientError(error) && error.data?.code === "CONFLICT" && model.status === "draft") {
      // Something went missing meanwhile (another tab): the list above, refreshed, says what.
      notifyError(TEXT.publishRefused, TEXT.publishMissing);
      return;
    }
    setRefusal(errorMessage(error));
    notifyFailure(TEXT.publishRefused, error);
    requestAnimationFrame(() => refusalRef.current?.focus());
  };
  const publish = trpc.catalogue.publish.useMutation({
    onSuccess: done(TEXT.published, fill(TEXT.publishedText, { name: model.name })),
    onError: failed,
  });
  const unpublish = trpc.catalogue.unpublish.useMutation({
    onSuccess: done(TEXT.unpublished),
    onError: failed,
  });
  const archive = trpc.catalogue.archive.useMutation({ onSuccess: done(TEXT.archived), onError: failed });
  const unarchive = trpc.catalogue.unarchive.useMutation({
    onSuccess: done(TEXT.unarchived),
    onError: failed,
  });

  // Incomplete or unsaved: the button says why it does nothing, and the server refuses anyway.
  const blocked = missing.length > 0 || dirty;

  const note =
    model.status === "archived"
      ? TEXT.archivedNote
      : model.status === "published" && model.publishedAt
        ? fill(TEXT.publishedNote, { date: formatDateTime(model.publishedAt) })
        : TEXT.draftNote;

  return (
    <section className="admin-panel" aria-labelledby="editor-publication">
      <h3 id="editor-publication" ref={headingRef} className="admin-panel__title" tabIndex={-1}>
        {TEXT.publication}
      </h3>
      <div className="admin-badges">
        <ModelStatusBadge status={model.status} />
      </div>
      <p>{note}</p>
      <ul className="admin-plain-list admin-editor__links">
        {LOCALES.map((locale) => {
          const path = texts[locale].path;
          if (!path) return null;
          return (
            <li key={locale}>
              {/* The storefront shows a draft to the owner's session only, never cached. */}
              <a href={path} target="_blank" rel="noopener" className="text-link">
                {model.status === "draft" ? PREVIEW[locale].draft : PREVIEW[locale].published}
                <span className="visually-hidden"> {TEXT.newTab}</span>
              </a>
            </li>
          );
        })}
      </ul>

      {model.status === "draft" ? (
        missing.length > 0 ? (
          <div className="admin-editor__missing" id="editor-missing">
            <p className="notice__title">{TEXT.missingTitle}</p>
            <ul>
              {missing.map((piece) => (
                <li key={piece.label}>
                  <a
                    href={`#${inputId(piece.field)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onFollow(piece.field);
                    }}
                  >
                    {piece.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="admin-result">{TEXT.complete}</p>
        )
      ) : null}
      {model.status === "draft" && (missing.length > 0 || dirty) ? (
        <p className="admin-hint" id="editor-publish-blocked">
          {missing.length > 0 ? TEXT.publishMissing : TEXT.publishUnsaved}
        </p>
      ) : null}

      {refusal ? (
        <div ref={refusalRef} role="alert" tabIndex={-1} className="form-error admin-error-summary">
          <p className="notice__title">{TEXT.publishRefused}</p>
          <p>{refusal}</p>
        </div>
      ) : null}

      <div className="admin-actions admin-actions--row">
        {model.status === "draft" ? (
          <BusyButton
            type="button"
            className="button button--primary button--small"
            busy={publish.isPending}
            busyLabel={TEXT.publishing}
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? "editor-publish-blocked" : undefined}
            onClick={() => {
              if (!blocked) publish.mutate({ id: model.id });
            }}
          >
            {TEXT.publish}
          </BusyButton>
        ) : null}
        {model.status === "published" ? (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setConfirming("unpublish")}
          >
            {TEXT.unpublish}
          </button>
        ) : null}
        {model.status === "archived" ? (
          <BusyButton
            type="button"
            className="button button--primary button--small"
            busy={unarchive.isPending}
            busyLabel={TEXT.working}
            onClick={() => unarchive.mutate({ id: model.id })}
          >
            {TEXT.unarchive}
          </BusyButton>
        ) : (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setConfirming("archive")}
          >
            {TEXT.archive}
          </button>
        )}
      </div>

      <ConfirmDialog
        open={confirming === "unpublish"}
        title={TEXT.unpublishTitle}
        question={fill(TEXT.unpublishQuestion, { name: model.name })}
        note={TEXT.unpublishNote}
        confirmLabel={TEXT.unpublish}
        busy={unpublish.isPending}
        busyLabel={TEXT.working}
        onConfirm={() => {
          if (!unpublish.isPending) unpublish.mutate({ id: model.id });
        }}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === "archive"}
        title={TEXT.archiveTitle}
        question={fill(TEXT.archiveQuestion, { name: model.name })}
        note={TEXT.archiveNote}
        confirmLabel={TEXT.archive}
        busy={archive.isPending}
        busyLabel={TEXT.working}
        onConfirm={() => {
          if (!archive.isPending) archive.mutate({ id: model.id });
        }}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
