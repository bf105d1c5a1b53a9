import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { adminText, copy } from "@souls/api/admin-words";
import { logOut, networkOf } from "@souls/shop/admin";
import { z } from "zod";
import { AdminShell, adminLinks } from "~/components/admin/admin-shell";
import {
  adminSession,
  adminSessionId,
  attemptLogin,
  isKnownDevice,
  ownerReady,
  rememberDevice,
} from "~/lib/admin-session.server";
import { clientAddress, clientHash } from "~/lib/client.server";
import { adminCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { parseForm, readForm } from "~/lib/form.server";
import { logRefusal } from "~/lib/refusal.server";
import { redirectWithToast, writtenToast } from "~/lib/toast.server";
import { ADMIN_PAGES } from "~/screens";
import { Dashboard } from "./dashboard";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.loggedIn ? copy.dashboard.metaTitle : "Administration – SOULS" },
  { name: "robots", content: "noindex" },
];

export const links = adminLinks;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await adminSession(request);
  // A helper's home is the orders: the dashboard's figures are the owner's (decision 043).
  if (session?.role === "packing") throw redirect(ADMIN_PAGES.orders, { headers: NO_STORE });
  // A new shop gets its owner's first password here, before anyone types one.
  if (!session) await ownerReady();
  return data({ loggedIn: session !== null }, { headers: NO_STORE });
}

const loginForm = z.object({
  /** A helper's login; left empty by the owner. */
  login: z.string().trim().max(80, { error: "admin:login.wrongPassword" }).default(""),
  password: z
    .string({ error: "admin:login.missing" })
    .min(1, { error: "admin:login.missing" })
    .max(200, { error: "admin:login.wrongPassword" }),
});

/** A refused login, said by a message key of the admin's dictionary (copy.ts). */
function refusedLogin(
  error: string,
  status: number,
  values: Record<string, number> = {},
  headers?: HeadersInit,
) {
  return data({ outcome: "refused" as const, error, values }, { status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "logout") {
    const id = await adminSessionId(request);
    if (id) await logOut(db, id);
    return redirect(ADMIN_PAGES.home, {
      status: 303,
      headers: { "Set-Cookie": await adminCookie.serialize("", { maxAge: 0 }) },
    });
  }
  if (intent !== "login") return refusedLogin("admin:login.missing", 400);
  const reading = parseForm(form, loginForm, ["login", "password"]);
  if (!reading.ok) return refusedLogin(reading.errors.password ?? "admin:login.missing", 400);
  const result = await attemptLogin({
    login: reading.data.login,
    password: reading.data.password,
    userAgent: request.headers.get("User-Agent") ?? "",
    network: networkOf(clientAddress(request, context)),
    clientHash: clientHash(request, context),
    knownDevice: await isKnownDevice(request),
  });
  if (!result.ok) {
    if (result.reason === "throttled") {
      logRefusal(request, 429, `login throttled for ${result.retryAfterSeconds} s`);
      const seconds = result.retryAfterSeconds;
      return refusedLogin("admin:login.throttled", 429, { n: seconds }, { "Retry-After": String(seconds) });
    }
    if (result.reason === "blocked") {
      logRefusal(request, 429, "login blocked for this client");
      return refusedLogin("admin:login.blocked", 429);
    }
    return refusedLogin("admin:login.wrongPassword", 401);
  }
  const headers = new Headers({ "Set-Cookie": await adminCookie.serialize(result.sessionId) });
  headers.append("Set-Cookie", await rememberDevice());
  return redirectWithToast(ADMIN_PAGES.home, writtenToast("success", copy.login.loggedIn), { headers });
}

/** `/admin`: the login form, and once logged in, the owner's home page (decision 026). */
export default function AdminPage() {
  const { loggedIn } = useLoaderData<typeof loader>();
  if (loggedIn) {
    return (
      <AdminShell title={copy.dashboard.title}>
        <Dashboard />
      </AdminShell>
    );
  }
  return <LoginForm />;
}

function LoginForm() {
  const answer = useActionData<typeof action>();
  const error = answer ? adminText(answer.error, answer.values) : undefined;
  // Busy until the answer is on the page, its data reloaded too: a click while that reload runs
  // would cut it short.
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="admin-login">
      <h1>{copy.login.title}</h1>
      <p>{copy.login.intro}</p>
      <Form method="post" className="admin-login__form">
        <input type="hidden" name="intent" value="login" />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="admin-login">{copy.login.login}</label>
          <input
            id="admin-login"
            name="login"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={80}
            aria-describedby="admin-login-hint"
          />
          <p id="admin-login-hint" className="field__hint">
            {copy.login.loginHint}
          </p>
        </div>
        <div className="field">
          <label htmlFor="admin-password">{copy.login.password}</label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? copy.login.submitting : copy.login.submit}
        </button>
      </Form>
    </main>
  );
}
