import { copy } from "@souls/api/admin-words";
import type { ReactNode } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import {
  type FormState,
  PanelForm,
  type PanelFormOptions,
  TextField,
  usePanelForm,
} from "~/components/admin/forms";

const TEXT = copy.editor;

/** A price form's draft: the one field, under the input's name. */
export type EurosDraft<Name extends string> = Record<Name, string>;

/**
 * A price form's draft and refusal (decision 061): the server names the field `price`, and
 * every refusal is said under it.
 */
export function useEurosForm<Name extends string>(name: Name) {
  const options: PanelFormOptions = { errorNames: { [name]: "price" }, refusalUnder: "price" };
  return usePanelForm({ [name]: "" } as EurosDraft<Name>, options);
}

/**
 * One price in euros and its button: a sale's price, the price after a sale. `onSubmit` checks
 * what she typed (`form.check`, which focuses the field with its error) and sends it.
 */
export function EurosForm<Name extends string>({
  form,
  name,
  label,
  hint,
  busy,
  submitLabel,
  onSubmit,
  before,
  after,
}: {
  form: FormState<EurosDraft<Name>>;
  name: Name;
  label: string;
  hint?: string;
  busy: boolean;
  submitLabel: string;
  onSubmit: () => void;
  /** Said above the field (the sale under way). */
  before?: ReactNode;
  /** Said between the field and its button (what shoppers will see struck through). */
  after?: ReactNode;
}) {
  return (
    <PanelForm form={form} onSubmit={onSubmit} before={before}>
      <TextField
        form={form}
        name={name}
        label={label}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
      />
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
    </PanelForm>
  );
}
