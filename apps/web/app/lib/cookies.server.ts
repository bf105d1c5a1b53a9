import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { ADMIN_SESSION_HOURS } from "@souls/shop/admin";
import { env, sessionSecret, sessionSecrets } from "./env.server";

const secure = env.isDeployment;
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * Every cookie of the shop: signed, httpOnly, and in a deployment Secure with the `__Host-` prefix
 * (bound to this exact origin over HTTPS); plain names on local HTTP. A shopper's are
 * SameSite=Lax; the owner's SameSite=Strict (never sent by a request from another site). Signed
 * with SESSION_SECRET; during a rotation one signed with SESSION_SECRET_PREVIOUS still reads.
 */
function shopCookie(
  name: string,
  { maxAge, sameSite = "lax" }: { maxAge?: number; sameSite?: "lax" | "strict" },
) {
  return createCookie(secure ? `__Host-${name}` : name, {
    httpOnly: true,
    sameSite,
    secure,
    path: "/",
    secrets: [...sessionSecrets],
    maxAge,
  });
}

/** The cart: model codes and quantities, signed so it cannot be forged. */
export const cartCookie = shopCookie("cart", { maxAge: THIRTY_DAYS });

/** One-shot messages (toasts) carried across a redirect, so they show without JavaScript. */
const flashCookie = shopCookie("flash", {});
export const flashStorage = createCookieSessionStorage({ cookie: flashCookie });

/** Order numbers this browser placed: it alone may see their payment and thank-you pages. */
export const ordersCookie = shopCookie("orders", { maxAge: THIRTY_DAYS });

/**
 * The early-access passes this browser was given by a subscriber's link (decision 039): the series
 * and sign-up each names. Every order checks them again, with its address, in its transaction.
 */
export const earlyAccessCookie = shopCookie("early_access", { maxAge: 2 * 24 * 3600 });

/**
 * The owner's session: a random id whose hash the database keeps (logging out deletes it there),
 * for ADMIN_SESSION_HOURS.
 */
export const adminCookie = shopCookie("admin_session", {
  maxAge: ADMIN_SESSION_HOURS * 3600,
  sameSite: "strict",
});

/**
 * A browser the owner logged in from: a signed random id kept for a year. The login throttle that
 * slows every client during an attack from many addresses does not slow this browser down.
 */
export const adminDeviceCookie = shopCookie("admin_device", { maxAge: 365 * 24 * 3600, sameSite: "strict" });

/** A cookie's name without the `__Host-` prefix a deployment gives it. */
const baseName = (name: string) => (name.startsWith("__Host-") ? name.slice("__Host-".length) : name);

const COOKIES_READ = new Set(
  [cartCookie, flashCookie, ordersCookie, earlyAccessCookie, adminCookie, adminDeviceCookie].map((cookie) =>
    baseName(cookie.name),
  ),
);

/**
 * Whether `name` is a cookie the app reads, with or without the prefix: a request carrying one
 * may see a page of its own (a cart, a message, the owner's session), so the page cache neither
 * serves nor keeps its page.
 */
export const isShopCookie = (name: string) => COOKIES_READ.has(baseName(name));

/** The cookies that outlive a request, which a rotation of SESSION_SECRET must not lose. */
const KEPT_COOKIES = [cartCookie, ordersCookie, earlyAccessCookie, adminCookie, adminDeviceCookie];

/** Each of them as the current secret alone reads it (only during a rotation). */
const CURRENT_ONLY =
  sessionSecrets.length > 1
    ? KEPT_COOKIES.map((cookie) => ({
        cookie,
        current: createCookie(cookie.name, { secrets: [sessionSecret] }),
      }))
    : [];

/** The name a Set-Cookie value sets. */
const setName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("=")).trim();

/**
 * During a rotation of SESSION_SECRET: Set-Cookie values that sign again, with the current secret
 * and unchanged, the cookies of `request` that only the previous secret verifies — unless the
 * response sets them already. Once every browser came back, the previous secret can go (the
 * owner stays signed in, a cart stays full).
 */
export async function resignedCookies(request: Request, responseHeaders: Headers): Promise<string[]> {
  const header = request.headers.get("Cookie");
  if (!header || CURRENT_ONLY.length === 0) return [];
  const setting = new Set(responseHeaders.getSetCookie().map(setName));
  const resigned: string[] = [];
  for (const { cookie, current } of CURRENT_ONLY) {
    if (setting.has(cookie.name)) continue;
    const value = await cookie.parse(header);
    if (value === null || value === "" || (await current.parse(header)) !== null) continue;
    resigned.push(await cookie.serialize(value));
  }
  return resigned;
}
