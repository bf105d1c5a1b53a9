import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { findAdminSession, type LoginResult, logIn, passwordCheck } from "@souls/shop/admin";
import { ADMIN_PAGES } from "~/screens";
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
 * The password to compare with. Locally, without ADMIN_PASSWORD, one is generated per start and
 * printed (env.server refuses a deployment without it).
 */
function ownerPassword(): string {
  if (env.ADMIN_PASSWORD) return env.ADMIN_PASSWORD;
  const generated = randomBytes(12).toString("base64url");
  console.log(`[admin] no ADMIN_PASSWORD set: the /admin password for this run is ${generated}`);
  return generated;
}
export const checkAdminPassword = passwordCheck(ownerPassword());

export async function adminSessionId(request: Request): Promise<string | null> {
  const value = await adminCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : null;
}

/** The owner's session behind a request, checked in the database; null when there is none. */
export async function adminSession(request: Request): Promise<{ sessionIdHash: string } | null> {
  const id = await adminSessionId(request);
  return id ? findAdminSession(db, id) : null;
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
  password: string;
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
    const result = await logIn(db, {
      ...attempt,
      check: checkAdminPassword,
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
