/**
 * How every form of the shop and the owner's login is read and answered. A form is read with
 * its zod schema by `parseForm`, which gives the data or, for the page to show again, each
 * field's first message (an `ns:path` locale key) and what was typed. See decision 012. A
 * schema of @souls/shop refuses with codes: its caller passes the keys that word them
 * (lib/refusals.ts, decision 062).
 */
import { data } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import type { z } from "zod";
import { safeRedirectPath } from "./redirect";
import type { Toast } from "./toast";
import { makeToast, redirectWithToast } from "./toast.server";

/** A form read against its schema, with what was typed (the page shows it again if needed). */
export type FormReading<Data, Field extends string> =
  | { ok: true; data: Data; values: Record<Field, string> }
  | { ok: false; errors: Partial<Record<Field, string>>; values: Record<Field, string> };

/** No field of the shop holds more: longer text is cut before validation rather than echoed back. */
const MAX_FIELD_LENGTH = 2000;

/**
 * Reads `fields` of a posted form through `schema`. A missing field reaches the schema as
 * `undefined` and a file as itself (both refused by a text rule); an issue outside the listed
 * fields (an object-level rule) is reported on the first field. `words` gives the locale key of
 * each refusal code of a shop schema.
 */
export function parseForm<Schema extends z.ZodType, Field extends string>(
  form: FormData,
  schema: Schema,
  fields: readonly Field[],
  words: Readonly<Record<string, string>> = {},
): FormReading<z.output<Schema>, Field> {
  const input: Record<string, unknown> = {};
  const values = {} as Record<Field, string>;
  for (const field of fields) {
    const value = form.get(field);
    input[field] = typeof value === "string" ? value.slice(0, MAX_FIELD_LENGTH) : (value ?? undefined);
    values[field] = typeof value === "string" ? value.slice(0, MAX_FIELD_LENGTH) : "";
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fields.find((name) => name === issue.path[0]) ?? fields[0];
    if (field !== undefined) errors[field] ??= words[issue.message] ?? issue.message;
  }
  return { ok: false, errors, values };
}

/** Reads a form body; a body that is not a form is a 400, not a crash. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "invalid_form" }, { status: 400 });
  }
}

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
  return data({ outcome: "toast" as const, toast }, init);
}

/** A form the page does not understand (unknown intent, tampered fields): 400 with a message. */
export async function invalidRequest(locale: Locale) {
  const toast = await makeToast(locale, {
    kind: "error",
    title: "common:toast.invalid.title",
    text: "common:toast.invalid.text",
  });
  return data({ outcome: "invalidRequest" as const, toast }, { status: 400 });
}

/** The answers that carry a toast, for the page that shows one after a post without JavaScript. */
export type ToastAnswer = typeof answerAction | typeof invalidRequest;
