import { type ActionFunctionArgs, type AppLoadContext, data } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import {
  joinWaitlist,
  recordSignup,
  type SignupRequest,
  signupSchema,
  waitlistSchema,
} from "@souls/shop/signups";
import { clientHash } from "./client.server";
import { db } from "./db.server";
import { sessionSecret } from "./env.server";
import { answerAction, invalidRequest, parseForm, readForm } from "./form.server";
import { requirePage } from "./page.server";
import { logRefusal } from "./refusal.server";
import { SIGNUP_REFUSAL_WORDS } from "./refusals";
import { makeToast } from "./toast.server";

type SignupForm = "signup" | "waitlist";
type SignupField = "email" | "name" | "consent";

/**
 * A refused sign-up, shown again by the form that sent it: field messages, and `form` for what
 * concerns the whole form (a rate limit).
 */
function refusal(
  form: SignupForm,
  errors: Partial<Record<SignupField | "form", string>>,
  values: Partial<Record<SignupField, string>>,
  init: { status: number; headers?: HeadersInit },
) {
  const shown = { email: values.email ?? "", name: values.name ?? "" };
  return data({ outcome: "signupRefused" as const, form, errors, values: shown }, init);
}

/** A sign-up refused as a whole: too many from this client (429), or a model on sale (409). */
function refusedAsAWhole(
  request: Request,
  form: SignupForm,
  values: Partial<Record<SignupField, string>>,
  outcome: "rate_limited" | "available",
) {
  const status = outcome === "rate_limited" ? 429 : 409;
  logRefusal(
    request,
    status,
    outcome === "rate_limited" ? "sign-up limit per client" : "waitlist of a model on sale",
  );
  const message =
    outcome === "rate_limited" ? "common:signup.errors.rateLimited" : "common:signup.errors.notSoldOut";
  return refusal(form, { form: message }, values, {
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
  const reading = parseForm(form, signupSchema, ["email", "name"], SIGNUP_REFUSAL_WORDS);
  if (!reading.ok) return refusal("signup", reading.errors, reading.values, { status: 400 });
  const outcome = await recordSignup(db, {
    email: reading.data.email,
    name: reading.data.name,
    locale,
    source,
    clientHash: clientHash(request, context),
    secret: sessionSecret,
  });
  if (outcome === "rate_limited") return refusedAsAWhole(request, "signup", reading.data, outcome);
  const toast = await makeToast(locale, {
    kind: "success",
    title: "common:signup.thanks.title",
    text: "common:signup.thanks.text",
  });
  return answerAction(request, form, toast);
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
  const reading = parseForm(form, waitlistSchema, ["email", "consent"], SIGNUP_REFUSAL_WORDS);
  if (!reading.ok) return refusal("waitlist", reading.errors, reading.values, { status: 400 });
  const outcome = await joinWaitlist(db, {
    email: reading.data.email,
    locale,
    model,
    clientHash: clientHash(request, context),
    secret: sessionSecret,
  });
  if (outcome === "rate_limited" || outcome === "available")
    return refusedAsAWhole(request, "waitlist", reading.data, outcome);
  const toast = await makeToast(locale, {
    kind: "success",
    title: "common:signup.waitlist.thanks.title",
    text: "common:signup.waitlist.thanks.text",
  });
  return answerAction(request, form, toast);
}

/** What a page's sign-up and waitlist intents answer, for the form that reads it. */
export type SignupAnswer = typeof handleSignup | typeof handleWaitlist;

/** The action of a page whose only form is the sign-up (the home page, the thank-you page). */
export function signupAction(source: SignupRequest["source"]) {
  return async ({ request, context }: ActionFunctionArgs) => {
    const { locale } = requirePage(request);
    const form = await readForm(request);
    if (form.get("intent") === "signup") return handleSignup(request, context, form, locale, source);
    return invalidRequest(locale);
  };
}
