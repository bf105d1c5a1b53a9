import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A button whose action is under way: disabled (a second click would send it twice), marked
 * busy for screen readers and the stylesheet, and saying so (`busyLabel`, when it has one).
 */
export function BusyButton({
  type,
  busy,
  busyLabel,
  disabled,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  type: "button" | "submit";
  busy: boolean;
  busyLabel?: ReactNode;
}) {
  return (
    <button {...button} type={type} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
