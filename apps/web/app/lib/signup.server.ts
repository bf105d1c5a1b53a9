import { type AppLoadContext, data } from "@remix-run/node";
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
import { clientHash } from "./client.server";
import { db } from "./db.server";
import { sessionSecret } from "./env.server";
import { logRefusal } from "./refusal.server";
import { makeToast } from "./toast.server";

export interface SignupResult {
  form: "signup" | "waitlist";
  /** Field messages, and `form` for what concerns the whole form (a rate limit). */
  errors: { email?: string; name?: string; consent?: string; form?: string };
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

/** A sign-up refused as a whole: too many from this client (429), or a model on sale (409). */
function refusedSignup(
  request: Request,
  form: FormData,
  kind: SignupResult["form"],
  outcome: "rate_limited" | "available",
) {
  const values = { email: text(form.get("email")).slice(0, 320), name: text(form.get("name")).slice(0, 200) };
  const status = outcome === "rate_limited" ? 429 : 409;
  logRefusal(
    request,
    status,
    outcome === "rate_limited" ? "sign-up limit per client" : "waitlist of a model on sale",
  );
  const message = outcome === "rate_limited" ? "signup.errors.rateLimited" : "signup.errors.notSoldOut";
  return data({ form: kind, errors: { form: message }, values } satisfies SignupResult, {
    status,
    headers: outcome === "rate_limited" ? { "Retry-After": "3600" } : undefined,
  });
}

/**
 * The `signup` intent of any page: validate, store once unconfirmed (the address receives its
 * confirmation e-mail), thank in the page's language. One client signs up only a few an hour.
 */
export async function handleSignup(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
  source: SignupRequest["source"],
) {
  const parsed = signupSchema.safeParse({ email: form.get("email"), name: form.get("name") ?? undefined });
  if (!parsed.success) return invalidSignup(form, "signup", parsed.error.issues);
  const outcome = await recordSignup(db, {
    email: parsed.data.email,
    name: parsed.data.name,
    locale,
    source,
    clientHash: clientHash(request, context),
    secret: sessionSecret,
  });
  if (outcome === "rate_limited") return refusedSignup(request, form, "signup", outcome);
  return answerAction(
    request,
    form,
    makeToast({ kind: "success", title: "signup.thanks.title", description: "signup.thanks.text" }),
  );
}

/**
 * The `waitlist` intent of a sold-out model's page: once confirmed, one e-mail when it is back,
 * then forgotten. Only a sold-out model has a list.
 */
export async function handleWaitlist(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
  model: ModelCode,
) {
  const parsed = waitlistSchema.safeParse({ email: form.get("email"), consent: form.get("consent") });
  if (!parsed.success) return invalidSignup(form, "waitlist", parsed.error.issues);
  const outcome = await joinWaitlist(db, {
    email: parsed.data.email,
    locale,
    model,
    clientHash: clientHash(request, context),
    secret: sessionSecret,
  });
  if (outcome === "rate_limited" || outcome === "available")
    return refusedSignup(request, form, "waitlist", outcome);
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
