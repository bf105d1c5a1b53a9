import { useId, useRef } from "react";
import { copy } from "./copy";
import { Modal } from "./modal";

/**
 * Asks before an action that cannot be undone. Focus starts on "Annuler", so a stray Enter
 * never deletes anything.
 */
export function ConfirmDialog({
  open,
  title,
  question,
  note,
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  question: string;
  note?: string;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
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
    >
      <div id={questionId}>
        <p className="admin-dialog__question">{question}</p>
        {note ? <p className="admin-muted">{note}</p> : null}
      </div>
      <div className="admin-dialog__actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button--outline button--small"
          onClick={onClose}
        >
          {copy.common.cancel}
        </button>
        <button
          type="button"
          className="button button--danger button--small"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
