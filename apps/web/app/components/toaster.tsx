import { useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ToastAnswer } from "~/lib/form.server";
import { useHydrated } from "~/lib/hydrated";
import { onToast, type Toast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";

const VISIBLE_MS = 5_000;

/**
 * The one place toasts show: from the server (a redirect's flash cookie, rendered in the HTML so
 * they show without JavaScript, faded out by CSS), from fetchers and from the owner's panel.
 */
export function Toaster({ initial }: { initial: Toast | null }) {
  const [toasts, setToasts] = useState<Toast[]>(initial ? [initial] : []);

  useEffect(() => {
    if (initial) setToasts((list) => (list.some((t) => t.id === initial.id) ? list : [initial]));
  }, [initial]);

  // One message at a time: the newest replaces the last, so they never pile up over the page.
  useEffect(() => onToast((toast) => setToasts([toast])), []);

  const dismiss = (id: string) => setToasts((list) => list.filter((t) => t.id !== id));

  return (
    <section className="toaster" aria-live="polite" aria-atomic="false">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), VISIBLE_MS + 600);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <InlineToast
      toast={toast}
      onDismiss={hydrated ? () => onDismiss(toast.id) : undefined}
      label={t("toast.close")}
    />
  );
}

/** One toast's markup; also used by pages to show an action's error without JavaScript. */
export function InlineToast({
  toast,
  onDismiss,
  label,
}: {
  toast: Toast;
  onDismiss?: () => void;
  label?: string;
}) {
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      <p className="toast__title">{toast.title}</p>
      {toast.text ? <p className="toast__text">{toast.text}</p> : null}
      {toast.link ? (
        <a className="toast__link" href={toast.link.href}>
          {toast.link.label}
        </a>
      ) : null}
      {onDismiss ? (
        <button type="button" className="toast__close" onClick={onDismiss} aria-label={label}>
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The page's own action answer (a refused form posted without JavaScript), shown as a toast. */
export function ActionToast() {
  const answer = useActionData<ToastAnswer>();
  const hydrated = useHydrated();
  // With JavaScript, fetchers show their own toasts; this covers full-page posts.
  if (!answer?.toast || hydrated) return null;
  return (
    <div className="toaster toaster--page">
      <InlineToast toast={answer.toast} />
    </div>
  );
}
