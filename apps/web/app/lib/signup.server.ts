import { data } from "@remix-run/node";
import type { SignupSource } from "@souls/db";
import { recordSignup, signupSchema } from "@souls/shop";
import type { Locale } from "~/screens";
import { answerAction } from "./actions.server";
import { db } from "./db.server";
import { makeToast } from "./toast.server";

export interface SignupResult {
  form: "signup";
  errors: { email?: string; name?: string };
  values: { email: string; name: string };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The `signup` intent of any page: validate, store once, thank in the page's language. */
export async function handleSignup(request: Request, form: FormData, locale: Locale, source: SignupSource) {
  const values = { email: text(form.get("email")).slice(0, 320), name: text(form.get("name")).slice(0, 200) };
  const parsed = signupSchema.safeParse({ email: form.get("email"), name: form.get("name") ?? undefined });
  if (!parsed.success) {
    const errors: SignupResult["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "name" ? "name" : "email";
      errors[field] ??= issue.message;
    }
    return data({ form: "signup", errors, values } satisfies SignupResult, { status: 400 });
  }
  await recordSignup(db, { email: parsed.data.email, name: parsed.data.name, locale, source });
  return answerAction(
    request,
    form,
    makeToast({ kind: "success", title: "signup.thanks.title", description: "signup.thanks.text" }),
  );
}
