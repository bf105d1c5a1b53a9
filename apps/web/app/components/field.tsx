import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translations";

/** A labelled input with its error message wired for screen readers (aria-invalid, describedby). */
export function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  /** A message key, `ns:path`. */
  error?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const { t } = useTranslation("checkout");
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
