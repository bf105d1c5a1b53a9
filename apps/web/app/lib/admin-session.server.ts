import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { copy } from "@souls/api/admin-words";
import { type AdminSession, ensureOwner, findAdminSession, type LoginResult, logIn } from "@souls/shop/admin";
import { ADMIN_PAGES, mayOpen } from "~/screens";
import { adminCookie, adminDeviceCookie } from "./cookies.server";
import { db } from "./db.server";
import { env } from "./env.server";

export async function isKnownDevice(request: Request): Promise<boolean> {
  const value = await adminDeviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value);
}

export function rememberDevice(): Promise<string> {
  return adminDeviceCookie.serialize(randomBytes(16).toString("base64url"));
}

/**
 * The owner's first password (decision 043): ADMIN_PASSWORD only ever starts a shop that has none —
 * hashed into the database the first time the login page is opened or tried; afterwards the stored
 * one is hers to change in « Mon accès », and ADMIN_PASSWORD is ignored (said once in the log).
 * Locally, without ADMIN_PASSWORD, a new shop's password is generated and printed (env.server
 * refuses a deployment without it).
 */
let owner: Promise<void> | undefined;
export function ownerReady(): Promise<void> {
  owner ??= (async () => {
    const generated = env.ADMIN_PASSWORD ? undefined : randomBytes(12).toString("base64url");
    const outcome = await ensureOwner(db, env.ADMIN_PASSWORD ?? generated ?? "");
    if (outcome === "created" && generated) {
      console.log(`[admin] no ADMIN_PASSWORD set: the /admin password of this new shop is ${generated}`);
    } else if (outcome === "stored" && env.ADMIN_PASSWORD) {
      console.log("[admin] the owner's password is stored in the database: ADMIN_PASSWORD is ignored");
    }
  })().catch((error: unknown) => {
    owner = undefined;
    throw error;
  });
  return owner;
}

export async function adminSessionId(request: Request): Promise<string | null> {
  const value = await adminCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : null;
}

/**
 * The person's session behind a request, checked in the database; null when there is none. Her
 * role must allow the address (screens.ts `mayOpen`, decision 043): otherwise the request is
 * answered 403 with the panel's French message, whatever the page or endpoint.
 */
export async function adminSession(request: Request): Promise<AdminSession | null> {
  const id = await adminSessionId(request);
  const session = id ? await findAdminSession(db, id) : null;
  if (session && !mayOpen(session.role, new URL(request.url).pathname)) throw forbidden();
  return session;
}

/** The answer to a person whose role does not allow the page or the action. */
export function forbidden(): Response {
  const body = { forbidden: { title: copy.errors.forbiddenTitle, message: copy.errors.common.forbidden } };
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Every admin page's loader starts here: no valid session, back to the login form. */
export async function requireAdmin(request: Request): Promise<void> {
  if (!(await adminSession(request)))
    throw redirect(ADMIN_PAGES.home, { headers: { "Cache-Control": "no-store" } });
}

/** The loader of the admin pages whose data comes through tRPC: it only checks the session. */
export async function adminPageLoader({ request }: { request: Request }): Promise<null> {
  await requireAdmin(request);
  return null;
}

/**
 * The owner's login attempt, kept cheap for everyone else during a flood of guesses: this server
 * checks one attempt at a time (the others wait here, not on a database connection), and once the
 * database has said "throttled", it answers the same at once until that wait is over. The
 * database stays the judge: several servers each learn the throttle from it.
 */
let checking = Promise.resolve();
let throttledUntil = 0;

export async function attemptLogin(attempt: {
  login: string;
  password: string;
  userAgent: string;
  network: string;
  clientHash: string;
  knownDevice: boolean;
}): Promise<LoginResult> {
  const waitSeconds = () => Math.ceil((throttledUntil - Date.now()) / 1000);
  if (!attempt.knownDevice && waitSeconds() > 0) {
    return { ok: false, reason: "throttled", retryAfterSeconds: waitSeconds() };
  }
  const turn = checking.then(async () => {
    if (!attempt.knownDevice && waitSeconds() > 0) {
      return { ok: false, reason: "throttled", retryAfterSeconds: waitSeconds() } as const;
    }
    await ownerReady();
    const result = await logIn(db, {
      ...attempt,
      freeFailuresPerHour: env.ADMIN_LOGIN_FREE_FAILURES,
    });
    if (!result.ok && result.reason === "throttled") {
      throttledUntil = Date.now() + result.retryAfterSeconds * 1000;
    }
    return result;
  });
  checking = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}
