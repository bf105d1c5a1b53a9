import { copy } from "@souls/api/admin-words";
import { type ReactNode, type RefObject, useId, useRef } from "react";
import { BusyButton } from "./busy-button";
import { Modal } from "./modal";

/**
 * Asks before an action that cannot be undone. Focus starts on "Annuler", so a stray Enter
 * never deletes anything. `children` holds the action's options (a checkbox, a note).
 */
export function ConfirmDialog({
  open,
  title,
  question,
  note,
  confirmLabel,
  cancelLabel = copy.common.cancel,
  busyLabel,
  busy = false,
  tone = "danger",
  finalFocus,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  note?: string;
  confirmLabel: string;
  /** When "Annuler" would be ambiguous (cancelling an order): "Garder la commande". */
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  /** "primary" for a step that loses nothing (a parcel received). */
  tone?: "danger" | "primary";
  finalFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const questionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={questionId}
      role="alertdialog"
      size="small"
      initialFocus={cancelRef}
      finalFocus={finalFocus}
    >
      <div id={questionId}>
        <p className="admin-dialog__question">{question}</p>
        {note ? <p className="admin-muted">{note}</p> : null}
      </div>
      {children ? <div className="admin-dialog__options">{children}</div> : null}
      <div className="admin-dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--outline button--small"
          onClick={onClose}
        >
          {cancelLabel}
        </button>
        <BusyButton
          type="button"
          className={`button button--${tone} button--small`}
          onClick={onConfirm}
          busy={busy}
          busyLabel={busyLabel}
        >
          {confirmLabel}
        </BusyButton>
      </div>
    </Modal>
  );
}
