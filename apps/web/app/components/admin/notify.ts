/**
 * The admin pages' toasts, shown by the shop's Toaster (root layout). The Toaster translates a
 * toast's title and text as locale keys; the admin's texts are French sentences, not keys, so they
 * travel as interpolation values of a bare `{{…}}` key (a missing key comes back interpolated) —
 * a colon or a dot in a server message can then never be read as a namespace or a key path.
 */
import { showToast } from "~/lib/toast-events";
import { isAdminClientError, isUnauthorized } from "~/lib/trpc";
import { copy } from "./copy";

let counter = 0;

function notify(kind: "success" | "error", title: string, text?: string) {
  counter += 1;
  showToast({
    // Not crypto.randomUUID(): it is missing on plain-http addresses (a phone on the workshop's wifi).
    id: `admin-${Date.now()}-${counter}`,
    kind,
    title: "{{adminTitle}}",
    description: text ? "{{adminText}}" : undefined,
    values: text ? { adminTitle: title, adminText: text } : { adminTitle: title },
  });
}

export function notifySuccess(title: string, text?: string): void {
  notify("success", title, text);
}

export function notifyError(title: string, text?: string): void {
  notify("error", title, text);
}

/**
 * What went wrong, in French: the server's own message for a refusal (CONFLICT, NOT_FOUND…),
 * a plain sentence for a broken connection or a crash.
 */
export function errorMessage(error: unknown): string {
  if (!isAdminClientError(error)) return copy.common.technicalError;
  if (isUnauthorized(error)) return copy.common.sessionExpired;
  const data = error.data;
  if (!data) return copy.common.networkError;
  if (data.code === "INTERNAL_SERVER_ERROR") return copy.common.technicalError;
  if (fieldErrorsOf(error)) return copy.productForm.validationText;
  return error.message || copy.common.technicalError;
}

/** A failed action: toast with its title and the reason (nothing while going back to the login). */
export function notifyFailure(title: string, error: unknown): void {
  if (isUnauthorized(error)) return;
  notifyError(title, errorMessage(error));
}

/** Per-field messages of a zod refusal (`error.data.zodError.fieldErrors`), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> | null {
  if (!isAdminClientError(error)) return null;
  const zodError = (
    error.data as { zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null }
  )?.zodError;
  return zodError?.fieldErrors ?? null;
}
