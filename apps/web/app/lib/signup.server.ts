import { data } from "@remix-run/node";
import {
  joinWaitlist,
  type ModelCode,
  recordSignup,
  type SignupRequest,
  signupSchema,
  waitlistSchema,
} from "@souls/shop";
import type { Locale } from "~/screens";
import { answerAction } from "./actions.server";
import { db } from "./db.server";
import { makeToast } from "./toast.server";

export interface SignupResult {
  form: "signup" | "waitlist";
  errors: { email?: string; name?: string; consent?: string };
  values: { email: string; name: string };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

function invalidSignup(
  form: FormData,
  kind: SignupResult["form"],
  issues: { path: PropertyKey[]; message: string }[],
) {
  const values = { email: text(form.get("email")).slice(0, 320), name: text(form.get("name")).slice(0, 200) };
  const errors: SignupResult["errors"] = {};
  for (const issue of issues) {
    const field = issue.path[0] === "name" || issue.path[0] === "consent" ? issue.path[0] : "email";
    errors[field] ??= issue.message;
  }
  return data({ form: kind, errors, values } satisfies SignupResult, { status: 400 });
}

/** The `signup` intent of any page: validate, store once, thank in the page's language. */
export async function handleSignup(
  request: Request,
  form: FormData,
  locale: Locale,
  source: SignupRequest["source"],
) {
  const parsed = signupSchema.safeParse({ email: form.get("email"), name: form.get("name") ?? undefined });
  if (!parsed.success) return invalidSignup(form, "signup", parsed.error.issues);
  await recordSignup(db, { email: parsed.data.email, name: parsed.data.name, locale, source });
  return answerAction(
    request,
    form,
    makeToast({ kind: "success", title: "signup.thanks.title", description: "signup.thanks.text" }),
  );
}

/** The `waitlist` intent of a sold-out model's page: one e-mail when it is back, then forgotten. */
export async function handleWaitlist(request: Request, form: FormData, locale: Locale, model: ModelCode) {
  const parsed = waitlistSchema.safeParse({ email: form.get("email"), consent: form.get("consent") });
  if (!parsed.success) return invalidSignup(form, "waitlist", parsed.error.issues);
  await joinWaitlist(db, { email: parsed.data.email, locale, model });
  return answerAction(
    request,
    form,
    makeToast({
      kind: "success",
      title: "signup.waitlist.thanks.title",
      description: "signup.waitlist.thanks.text",
    }),
  );
}
