import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import { fixedT } from "~/i18n.server";
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

/** What a toast says, as message keys (`ns:path`) with their values. */
export interface ToastMessage {
  kind: Toast["kind"];
  title: string;
  text?: string;
  values?: Record<string, string | number>;
  /** Where the message leads (its label a message key): the cart, after a piece is added. */
  link?: { href: string; label: string };
}

/** A toast in the page's language. */
export async function makeToast(locale: Locale, message: ToastMessage): Promise<Toast> {
  const t = await fixedT(locale, "common");
  const text = message.text ? t(message.text, message.values) : undefined;
  const toast = writtenToast(message.kind, t(message.title, message.values), text);
  return message.link ? { ...toast, link: { href: message.link.href, label: t(message.link.label) } } : toast;
}

/** A toast whose words are already written for its reader (the owner's French pages). */
export function writtenToast(kind: Toast["kind"], title: string, text?: string): Toast {
  return { id: randomUUID(), kind, title, text };
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
