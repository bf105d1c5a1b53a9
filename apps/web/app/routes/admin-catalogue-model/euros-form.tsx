import { copy } from "@souls/api/admin-words";
import { type ReactNode, useRef } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { Field } from "~/components/admin/forms";
import { errorMessage, fieldErrorsOf, notifyFailure } from "~/components/admin/notify";

const TEXT = copy.editor;

/**
 * One price in euros and its button: the model's price, a sale's price, the price after a sale.
 * `onSubmit` checks what she typed and sends it, or returns false to have the field focused
 * with its error.
 */
export function EurosForm({
  name,
  label,
  hint,
  value,
  onChange,
  error,
  busy,
  submitLabel,
  onSubmit,
  before,
  after,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => boolean;
  /** Said above the field (the sale under way). */
  before?: ReactNode;
  /** Said between the field and its button (what shoppers will see struck through). */
  after?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!onSubmit()) input.current?.focus();
      }}
    >
      {before}
      <Field label={label} hint={hint} error={error}>
        {(props) => (
          <input
            {...props}
            ref={input}
            name={name}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
          />
        )}
      </Field>
      {after}
      <div>
        <BusyButton
          type="submit"
          className="button button--outline button--small"
          busy={busy}
          busyLabel={TEXT.working}
        >
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}

/** A price the server refused: its message under the field, and a notice. */
export function priceRefused(setError: (message: string) => void) {
  return (failure: unknown) => {
    setError(fieldErrorsOf(failure)?.price?.[0] ?? errorMessage(failure));
    notifyFailure(TEXT.saveFailed, failure);
  };
}
