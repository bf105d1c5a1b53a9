import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translations";

/**
 * A labelled input with its hint and error message wired for screen readers (aria-invalid,
 * describedby).
 */
export function Field({
  name,
  label,
  hint,
  error,
  errorValues,
  children,
}: {
  name: string;
  label: string;
  /** What the field expects (its bounds), under its label. */
  hint?: string;
  /** A message key, `ns:path`. */
  error?: string;
  /** The values the message names (a field's bounds). */
  errorValues?: Record<string, string | number>;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const { t } = useTranslation("checkout");
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(error, errorValues)}
        </p>
      ) : null}
    </div>
  );
}
