import {
  type Dispatch,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  useId,
  useRef,
  useState,
} from "react";
import { BusyButton } from "./busy-button";
import { errorMessage, fieldErrorsOf, firstFieldErrorsOf, notifyFailure } from "./notify";

/**
 * The panel's forms (decision 061): one field with its label, hint and error wired for screen
 * readers, and one way for a form to hold its draft, check it, send it through a tRPC mutation
 * and show a refusal (the server's words under the fields it names, else one sentence above).
 */

/** What a form says under its fields: one message a field, none when it is right. */
export type FieldErrors = Record<string, string | undefined>;

/** The props a field gives its control: its id and what describes it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A labelled control with its hint and error wired by `aria-describedby` and `aria-invalid`. */
export function Field({
  id: givenId,
  label,
  hint,
  hintAbove = false,
  error,
  children,
}: {
  /** The control's id, when an error summary links to it; a generated one otherwise. */
  id?: string;
  label: string;
  hint?: string;
  /** The hint between the label and the control (a long form read top to bottom), not under it. */
  hintAbove?: boolean;
  error?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const hintText = hint ? (
    <p className={hintAbove ? "field__hint" : "admin-hint"} id={`${id}-hint`}>
      {hint}
    </p>
  ) : null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hintAbove ? hintText : null}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hintAbove ? null : hintText}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A text input of a panel form, bound to its draft: its label, hint and the form's error for it.
 * The rest (`type`, `maxLength`, `autoComplete`…) goes to the input as it is.
 */
export function TextField<Draft extends object>({
  form,
  name,
  label,
  hint,
  ...input
}: {
  form: FormState<Draft>;
  name: keyof Draft & string;
  label: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name" | "value" | "onChange">) {
  return (
    <Field label={label} hint={hint} error={form.errorOf(name)}>
      {(props) => <input {...props} {...form.bind(name)} {...input} />}
    </Field>
  );
}

/** A form's sentence when the server refused it without naming a field: read out at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

export interface FormState<Draft extends object> {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  /** One field of the draft changed. */
  set: <K extends keyof Draft>(name: K, value: Draft[K]) => void;
  /** A text control bound to a field of the draft: its name, value and change. */
  bind: (name: keyof Draft & string) => {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
  };
  errors: FieldErrors;
  /** A field's message, under the name the server gives it. */
  errorOf: (name: string) => string | undefined;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  formError: string | null;
  setFormError: Dispatch<SetStateAction<string | null>>;
  /** Goes on the `<form>`: where `check` finds the first field to correct. */
  formRef: RefObject<HTMLFormElement>;
  /**
   * The form's own check before sending: its messages under their fields and the first of them
   * (in the page's order) focused. True when there is none: send.
   */
  check: (found: FieldErrors) => boolean;
  /**
   * A refused mutation: the server's messages under the fields it names, else its sentence above
   * the form; and a notice titled `title` (none while going back to the login).
   */
  refuse: (error: unknown, title?: string) => void;
}

/** How a form differs from the others. */
export interface PanelFormOptions {
  /** A refusal that names no field is said by its notice alone (a page's small forms). */
  toastOnly?: boolean;
  /** A field she changes loses its message: the next save judges it again. */
  clearOnChange?: boolean;
  /** The name the server gives a field's error when it is not the field's (price → priceCents). */
  errorNames?: Record<string, string>;
  /** The messages a refusal without JavaScript brought back with the page. */
  initialErrors?: FieldErrors;
  /**
   * A form of one field (a price): every refusal is said under it, under the server's name for
   * it, the server's message for it or else its sentence; none above the form.
   */
  refusalUnder?: string;
  /**
   * The fields the form shows (the refund): a refusal's messages for them go under them, and
   * above the form the messages for the others, else the server's sentence.
   */
  shownFields?: string[];
}

/** A panel form's draft, its errors and its refusal, in one place. */
export function usePanelForm<Draft extends object>(
  initial: Draft | (() => Draft),
  {
    toastOnly = false,
    clearOnChange = false,
    errorNames = {},
    initialErrors = {},
    refusalUnder,
    shownFields,
  }: PanelFormOptions = {},
): FormState<Draft> {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorName = (name: string) => errorNames[name] ?? name;
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    const key = errorName(String(name));
    if (clearOnChange && errors[key]) setErrors({ ...errors, [key]: undefined });
  };
  const bind = (name: keyof Draft & string) => ({
    name,
    value: String(draft[name] ?? ""),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as Draft[typeof name]),
  });
  const check = (found: FieldErrors) => {
    setErrors(found);
    const wrong = Object.keys(found).filter((name) => found[name]);
    if (wrong.length === 0) return true;
    const first = Array.from(formRef.current?.elements ?? []).find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLElement && wrong.includes(errorName((element as HTMLInputElement).name)),
    );
    first?.focus();
    return false;
  };
  const refuse = (error: unknown, title?: string) => {
    const fields = firstFieldErrorsOf(error);
    if (refusalUnder) setErrors({ [refusalUnder]: fields?.[refusalUnder] ?? errorMessage(error) });
    else if (fields && shownFields) {
      setErrors(Object.fromEntries(shownFields.map((name) => [name, fields[name]])));
      const others = Object.entries(fieldErrorsOf(error) ?? {})
        .filter(([name]) => !shownFields.includes(name))
        .flatMap(([, messages]) => messages ?? []);
      setFormError(others.length > 0 ? others.join(" ") : errorMessage(error));
    } else if (fields) setErrors(fields);
    else if (!toastOnly) setFormError(errorMessage(error));
    if (title) notifyFailure(title, error);
  };
  return {
    draft,
    setDraft,
    set,
    bind,
    errors,
    errorOf: (name) => errors[errorName(name)],
    setErrors,
    formError,
    setFormError,
    formRef,
    check,
    refuse,
  };
}

/**
 * A panel form: no browser bubbles (`noValidate`, the form says what is wrong in its own words),
 * its refusal above its fields, and `onSubmit` called once the last refusal is cleared.
 */
export function PanelForm<Draft extends object>({
  form,
  onSubmit,
  className = "admin-form",
  method,
  labelledBy,
  before,
  children,
}: {
  form: FormState<Draft>;
  onSubmit: () => void;
  className?: string;
  /** `post`: without JavaScript the form posts to its page, which answers a refusal itself. */
  method?: "post";
  /** The id of the heading that names the form, when it has one. */
  labelledBy?: string;
  /** Said above the refusal (what the form is about). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      className={className}
      method={method}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        form.setFormError(null);
        onSubmit();
      }}
    >
      {before}
      <FormError message={form.formError} />
      {children}
    </form>
  );
}

/**
 * The submit button of a form on a page (a dialog's has « Annuler » too: `DialogActions`), busy
 * while it saves, with what is said beside it (`children`: when it was last saved…).
 */
export function SubmitBar({
  label,
  busyLabel,
  busy,
  tone = "primary",
  children,
}: {
  label: string;
  busyLabel?: string;
  busy: boolean;
  tone?: "primary" | "outline";
  children?: ReactNode;
}) {
  return (
    <div className="admin-toolbar">
      <BusyButton type="submit" className={`button button--${tone}`} busy={busy} busyLabel={busyLabel}>
        {label}
      </BusyButton>
      {children}
    </div>
  );
}
