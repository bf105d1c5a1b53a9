import { data } from "@remix-run/node";
import { safeRedirectPath } from "./redirect";
import type { Toast } from "./toast";
import { makeToast, redirectWithToast } from "./toast.server";

/**
 * How a successful form action answers. A form posted without JavaScript carries `redirectTo`
 * and gets a 303 back to its page with the toast in a flash cookie; a fetcher gets the toast
 * as data and shows it in place.
 */
export async function answerAction(
  request: Request,
  form: FormData,
  toast: Toast,
  init: { headers?: Headers; status?: number } = {},
) {
  if (form.has("redirectTo")) {
    const fallback = new URL(request.url).pathname;
    return redirectWithToast(safeRedirectPath(form.get("redirectTo"), fallback), toast, {
      headers: init.headers,
    });
  }
  return data({ toast }, init);
}

/** Reads a form body; a body that is not a form is a 400, not a crash. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "invalid_form" }, { status: 400 });
  }
}

/** A form the page does not understand (unknown intent, tampered fields): 400 with a message. */
export function invalidRequest() {
  return data(
    { toast: makeToast({ kind: "error", title: "toast.invalid.title", description: "toast.invalid.text" }) },
    { status: 400 },
  );
}
