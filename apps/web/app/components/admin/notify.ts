/** The admin pages' toasts, in French, shown by the shop's Toaster (root layout). */

import { adminText, copy } from "@souls/api/admin-words";
import { showToast } from "~/lib/toast";
import { isAdminClientError, isUnauthorized } from "~/lib/trpc";

let counter = 0;

function notify(kind: "success" | "error", title: string, text?: string) {
  counter += 1;
  showToast({
    // Not crypto.randomUUID(): it is missing on plain-http addresses (a phone on the workshop's wifi).
    id: `admin-${Date.now()}-${counter}`,
    kind,
    title,
    text,
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

/** The first message of each refused field, as a form shows it under the field, if any. */
export function firstFieldErrorsOf(error: unknown): Record<string, string | undefined> | null {
  const fields = fieldErrorsOf(error);
  return (
    fields && Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages?.[0]]))
  );
}

/** Per-field messages of a refused input (`error.data.zodError.fieldErrors`) in French, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string[] | undefined> | null {
  if (!isAdminClientError(error)) return null;
  const fields = error.data?.zodError?.fieldErrors;
  if (!fields) return null;
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages?.map((message) => adminText(message.key, message.values)),
    ]),
  );
}
