import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { flashStorage } from "./cookies.server";
import type { Toast } from "./toast";

const KEY = "toast";

export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await flashStorage.getSession(request.headers.get("Cookie"));
  const toast = (session.get(KEY) as Toast | undefined) ?? null;
  return { toast, setCookie: toast ? await flashStorage.destroySession(session) : null };
}

export function makeToast(toast: Omit<Toast, "id">): Toast {
  return { id: randomUUID(), ...toast };
}

/** A 303 back to a page, carrying a toast and any other cookies the action set. */
export async function redirectWithToast(
  to: string,
  toast: Toast,
  init: { headers?: Headers } = {},
): Promise<Response> {
  const session = await flashStorage.getSession();
  session.flash(KEY, toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashStorage.commitSession(session));
  return redirect(to, { status: 303, headers });
}
