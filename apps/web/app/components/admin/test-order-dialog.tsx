import { copy } from "@souls/api/admin-words";
import type { RefObject } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Asked before « Test Commande » runs (the orders page and the tests page): what it does, and that
 * it touches nothing real — no piece held or sold, no figure, export or real invoice.
 */
export function TestOrderDialog({
  open,
  busy,
  finalFocus,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  finalFocus?: RefObject<HTMLElement | null>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={copy.tests.confirmTitle}
      question={copy.tests.confirmQuestion}
      note={copy.tests.confirmNote}
      confirmLabel={copy.tests.confirm}
      busyLabel={copy.tests.running}
      busy={busy}
      tone="primary"
      finalFocus={finalFocus}
      onConfirm={() => {
        if (!busy) onConfirm();
      }}
      onClose={onClose}
    />
  );
}
