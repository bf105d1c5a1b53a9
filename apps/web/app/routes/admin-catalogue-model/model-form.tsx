import { useBlocker, useNavigate } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { LOCALES, type Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import { type FormEvent, type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { errorMessage, fieldErrorsOf, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { ProductHistoryList } from "~/components/admin/product-history";
import { isUnauthorized, trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";
import { IdentityPanel } from "./identity-panel";
import {
  draftOf,
  fieldLabel,
  fieldOrder,
  type GalleryPhoto,
  inputId,
  isDirty,
  type ModelDraft,
  type ReturnedSave,
  rebase,
  refusedFields,
  saveInputOf,
} from "./model-draft";
import { PhotosPanel } from "./photos-panel";
import { PublicationPanel } from "./publication-panel";
import { SalePanel } from "./sale-panel";
import { TextsPanel } from "./texts-panel";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;
const FORM_ID = "model-form";
/** Whether the page's script runs never changes once it does. */
const noSubscription = () => () => {};

/** A refused save: each field's message by its editor path, and a sentence when there is no field. */
interface Refusal {
  fields: Record<string, string>;
  message?: string;
}

/**
 * The model's editor once loaded. What she types stays in one draft until « Enregistrer »; a
 * refused save writes nothing, keeps every word and lists each field to correct once, above the
 * form, each a link to its field. Leaving with unsaved words asks first (a link of the panel, or
 * closing the tab).
 */
export function ModelForm({
  detail,
  photos,
  siteUrl,
  back,
  returned,
}: {
  detail: ModelDetail;
  photos: GalleryPhoto[];
  siteUrl: string;
  back: ReactNode;
  /** A save refused without JavaScript: what she typed comes back, with each refusal. */
  returned: ReturnedSave | null;
}) {
  const id = detail.model.id;
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const stored = draftOf(detail, photos);
  const storedKey = JSON.stringify(stored);
  const [saved, setSaved] = useState<ModelDraft>(stored);
  const [draft, setDraft] = useState<ModelDraft>(returned?.values ?? stored);
  const [seen, setSeen] = useState(storedKey);
  // What is stored moved (a sale, a photo, this form's own save): untouched parts follow it.
  if (seen !== storedKey) {
    setSeen(storedKey);
    setDraft(rebase(draft, saved, stored));
    setSaved(stored);
  }
  const dirty = isDirty(draft, saved);
  const [language, setLanguage] = useState<Locale>("fr");
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    returned ? { fields: refusedFields(returned.fieldErrors, photos) } : null,
  );
  // Until the page runs its script, both languages show (their tabs need JavaScript); a page
  // opened from another one of the panel has it from its first render.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const summaryRef = useRef<HTMLDivElement>(null);
  const sent = useRef<ModelDraft | null>(null);

  const refuse = (next: Refusal) => setRefusal(next);
  // Each refusal, once shown, takes the focus: the page scrolls to it and a screen reader reads it.
  useEffect(() => {
    if (refusal) summaryRef.current?.focus();
  }, [refusal]);

  const save = trpc.catalogue.save.useMutation({
    onSuccess: () => {
      // What was sent is stored; whatever she typed meanwhile stays unsaved.
      if (sent.current) setSaved(sent.current);
      setRefusal(null);
      notifySuccess(TEXT.saved, fill(TEXT.savedText, { name: draft.name.trim() || detail.model.name }));
      void utils.catalogue.detail.invalidate({ id });
      void utils.photos.list.invalidate({ productId: id });
      void utils.catalogue.list.invalidate();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const fields = fieldErrorsOf(error);
      if (!fields) {
        // No field to point at (the connection, the server): said once, in the summary.
        notifyFailure(TEXT.saveFailed, error);
        refuse({ fields: {}, message: errorMessage(error) });
        return;
      }
      const found = refusedFields(fields, photos);
      refuse({ fields: found });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const prepared = saveInputOf(id, draft, photos);
    if ("priceRefused" in prepared) {
      refuse({ fields: { price: TEXT.priceInvalid } });
      return;
    }
    sent.current = draft;
    save.mutate(prepared.input);
  };

  // Closing the tab or reloading with unsaved words: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  // A link of the panel (« Retour au catalogue », the menu): the editor asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );

  /** A link of the summary or of what is missing: its field, in its language's tab, focused. */
  const follow = (path: string) => {
    if (path.startsWith("texts.en")) setLanguage("en");
    else if (path.startsWith("texts.fr")) setLanguage("fr");
    requestAnimationFrame(() => {
      const field = document.getElementById(inputId(path));
      field?.scrollIntoView({ block: "center" });
      field?.focus();
    });
  };

  const errorOf = (path: string) => refusal?.fields[path];
  const order = fieldOrder(draft, photos);
  const problems = Object.entries(refusal?.fields ?? {})
    .map(([path, message]) => ({ path, message, at: order.indexOf(path) }))
    .sort((a, b) => (a.at < 0 ? order.length : a.at) - (b.at < 0 ? order.length : b.at));

  const duplicate = trpc.catalogue.duplicate.useMutation({
    onSuccess: (copyRow) => {
      notifySuccess(TEXT.duplicated, fill(TEXT.duplicatedText, { name: copyRow.name }));
      void utils.catalogue.list.invalidate();
      navigate(catalogueModelPath(copyRow.id));
    },
    onError: (error) => notifyFailure(TEXT.saveFailed, error),
  });

  return (
    <div className="admin-stack admin-editor">
      {back}
      <header className="admin-editor__header">
        <div>
          <h2 className="admin-editor__title">{fill(TEXT.title, { name: detail.model.name })}</h2>
          <p className="admin-muted admin-mono">{fill(TEXT.code, { code: detail.model.code })}</p>
        </div>
        <div className="admin-editor__header-actions">
          <BusyButton
            type="button"
            className="button button--outline button--small"
            busy={duplicate.isPending}
            busyLabel={TEXT.duplicating}
            aria-describedby="editor-duplicate-hint"
            onClick={() => duplicate.mutate({ id })}
          >
            {TEXT.duplicate}
          </BusyButton>
          <p id="editor-duplicate-hint" className="admin-hint">
            {TEXT.duplicateHint}
          </p>
        </div>
      </header>
      <PublicationPanel detail={detail} dirty={dirty} onFollow={follow} />

      <form
        id={FORM_ID}
        method="post"
        className="admin-stack"
        noValidate
        onSubmit={submit}
        aria-label={fill(TEXT.title, { name: detail.model.name })}
      >
        {refusal ? (
          <div
            ref={summaryRef}
            className="form-error error-summary"
            role="alert"
            aria-labelledby="editor-summary-title"
            tabIndex={-1}
            // biome-ignore lint/a11y/noAutofocus: a refusal answered without JavaScript is where she goes next (the page loads on it).
            autoFocus={returned !== null}
          >
            <p className="notice__title" id="editor-summary-title">
              {TEXT.summaryTitle}
            </p>
            {refusal.message ? <p>{refusal.message}</p> : null}
            {problems.length > 0 ? (
              <ul>
                {problems.map((problem) => (
                  <li key={problem.path}>
                    <a
                      href={`#${inputId(problem.path)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        follow(problem.path);
                      }}
                    >
                      {fieldLabel(problem.path, photos)} : {problem.message}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <IdentityPanel
          detail={detail}
          draft={draft}
          onChange={(part) => setDraft((current) => ({ ...current, ...part }))}
          errorOf={errorOf}
        />
        <TextsPanel
          detail={detail}
          siteUrl={siteUrl}
          language={language}
          onLanguage={setLanguage}
          draft={draft}
          onChange={(locale, next) => setDraft((current) => ({ ...current, [locale]: next }))}
          errorOf={errorOf}
          hydrated={hydrated}
          refused={LOCALES.filter((locale) =>
            problems.some((problem) => problem.path.startsWith(`texts.${locale}.`)),
          )}
        />
      </form>

      <PhotosPanel
        detail={detail}
        alts={{
          form: FORM_ID,
          value: (photo) => draft.alts[String(photo.id)] ?? photo.alt,
          onChange: (photo, words) =>
            setDraft((current) => ({ ...current, alts: { ...current.alts, [String(photo.id)]: words } })),
          errorOf: (photo, locale) => errorOf(`alt.${photo.id}.${locale}`),
        }}
      />

      <div className="admin-editor__savebar">
        <p className="admin-editor__savestate" role="status">
          {dirty ? TEXT.unsaved : TEXT.allSaved}
        </p>
        <BusyButton
          type="submit"
          form={FORM_ID}
          className="button button--primary"
          busy={save.isPending}
          busyLabel={TEXT.working}
        >
          {TEXT.save}
        </BusyButton>
      </div>

      <SalePanel detail={detail} />
      <section className="admin-panel" aria-labelledby="editor-history">
        <h3 id="editor-history" className="admin-panel__title">
          {TEXT.history}
        </h3>
        <ProductHistoryList events={detail.history} />
      </section>

      <ConfirmDialog
        open={blocker.state === "blocked"}
        title={TEXT.leaveTitle}
        question={fill(TEXT.leaveQuestion, { name: detail.model.name })}
        note={TEXT.leaveNote}
        confirmLabel={TEXT.leave}
        cancelLabel={TEXT.stay}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </div>
  );
}
