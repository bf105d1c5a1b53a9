import { copy } from "@souls/api/admin-words";
import { BusyButton } from "./busy-button";

/** A form dialog's two buttons: « Annuler », and its submit button, busy while it saves. */
export function DialogActions({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
}: {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
}) {
  return (
    <div className="admin-dialog__actions">
      <button type="button" className="button button--outline button--small" onClick={onCancel}>
        {copy.common.cancel}
      </button>
      <BusyButton
        type="submit"
        className="button button--primary button--small"
        busy={busy}
        busyLabel={busyLabel}
      >
        {submitLabel}
      </BusyButton>
    </div>
  );
}
