import { copy } from "@souls/api/admin-words";
import { type ReactNode, type RefObject, type SyntheticEvent, useEffect, useId, useRef } from "react";

/**
 * A modal `<dialog>`: `showModal()` makes the rest of the page inert (focus stays inside), Escape
 * closes it, and focus goes back to the control that opened it. Its content mounts only while it
 * is open, so a closed dialog loads nothing.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  role,
  size = "medium",
  initialFocus,
  finalFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Id of the element that describes the dialog (a confirmation's question). */
  description?: string;
  children: ReactNode;
  role?: "alertdialog";
  size?: "small" | "medium" | "large";
  /**
   * The control to focus on opening (the safe choice of a confirmation); else the first element
   * marked `data-autofocus` (a form's first field); else the first control.
   */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on closing instead of the opener: an action that succeeded may take away the
   * button that opened the dialog (its result says what happened).
   */
  finalFocus?: RefObject<HTMLElement | null>;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Else the browser focuses the first control: the close button.
      (initialFocus?.current ?? dialog.querySelector<HTMLElement>("[data-autofocus]"))?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, initialFocus]);

  // Closed by Escape, by the close button or by the page: the parent's state follows, focus returns.
  const handleClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    // React passes a nested dialog's close event up its tree: only this dialog's own counts.
    if (event.target !== event.currentTarget) return;
    onClose();
    const target = finalFocus?.current ?? returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`admin-dialog admin-dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description}
      role={role}
      onClose={handleClose}
    >
      {open ? (
        <div className="admin-dialog__body">
          <header className="admin-dialog__header">
            <h2 id={titleId} className="admin-dialog__title">
              {title}
            </h2>
            <button
              type="button"
              className="admin-icon-button"
              aria-label={copy.common.close}
              onClick={() => dialogRef.current?.close()}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
