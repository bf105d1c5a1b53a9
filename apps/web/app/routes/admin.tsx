import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { logOut } from "@souls/shop";
import { z } from "zod";
import { AdminShell, adminLinks } from "~/components/admin/admin-shell";
import { TestsPanel } from "~/components/admin/tests-panel";
import { readForm } from "~/lib/actions.server";
import {
  adminCookie,
  adminSession,
  adminSessionId,
  attemptLogin,
  isKnownDevice,
  rememberDevice,
} from "~/lib/admin-session.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { logRefusal } from "~/lib/refusal.server";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { ADMIN_PAGES } from "~/screens";

export const meta: MetaFunction = () => [
  { title: "Administration – SOULS" },
  { name: "robots", content: "noindex" },
];

export const links = adminLinks;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  return data({ loggedIn: (await adminSession(request)) !== null }, { headers: NO_STORE });
}

const loginForm = z.object({ password: z.string().min(1).max(200) });

const ERRORS = {
  wrong_password: "Mot de passe incorrect",
  blocked: "Trop de tentatives échouées : la connexion est bloquée pendant 15 minutes.",
  missing: "Saisissez le mot de passe.",
} as const;

const throttled = (seconds: number) =>
  `Trop de tentatives de connexion à la boutique en ce moment : réessayez dans ${seconds} seconde${seconds > 1 ? "s" : ""}.`;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "logout") {
    const id = await adminSessionId(request);
    if (id) await logOut(db, id);
    return redirect(ADMIN_PAGES.tests, {
      status: 303,
      headers: { "Set-Cookie": await adminCookie.serialize("", { maxAge: 0 }) },
    });
  }
  if (intent !== "login") return data({ error: ERRORS.missing }, { status: 400 });
  const parsed = loginForm.safeParse({ password: form.get("password") });
  if (!parsed.success) return data({ error: ERRORS.missing }, { status: 400 });
  const result = await attemptLogin({
    password: parsed.data.password,
    clientHash: clientHash(request, context),
    knownDevice: await isKnownDevice(request),
  });
  if (!result.ok) {
    if (result.reason === "throttled") {
      logRefusal(request, 429, `login throttled for ${result.retryAfterSeconds} s`);
      return data(
        { error: throttled(result.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.reason === "blocked") logRefusal(request, 429, "login blocked for this client");
    return data({ error: ERRORS[result.reason] }, { status: result.reason === "blocked" ? 429 : 401 });
  }
  const headers = new Headers({ "Set-Cookie": await adminCookie.serialize(result.sessionId) });
  headers.append("Set-Cookie", await rememberDevice());
  return redirectWithToast(ADMIN_PAGES.tests, makeToast({ kind: "success", title: "admin.loggedIn" }), {
    headers,
  });
}

export default function AdminPage() {
  const { loggedIn } = useLoaderData<typeof loader>();
  if (loggedIn) {
    return (
      <AdminShell title="Administration - Tests">
        <TestsPanel />
      </AdminShell>
    );
  }
  return <LoginForm />;
}

function LoginForm() {
  const answer = useActionData<typeof action>();
  const error = answer && "error" in answer ? answer.error : undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="admin-login">
      <h1>Accès sécurisé</h1>
      <p>Espace réservé à la boutique SOULS.</p>
      <Form method="post" className="admin-login__form">
        <input type="hidden" name="intent" value="login" />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="admin-password">Mot de passe</label>
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
          {busy ? "Connexion..." : "Se connecter"}
        </button>
      </Form>
    </main>
  );
}
