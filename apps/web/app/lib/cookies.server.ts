import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { env, sessionSecret } from "./env.server";

const secure = env.isDeployment;
// `__Host-` binds a cookie to this exact origin over HTTPS; plain names on local HTTP.
const named = (name: string) => (secure ? `__Host-${name}` : name);

/** The cart: model codes and quantities, signed so it cannot be forged. */
export const cartCookie = createCookie(named("cart"), {
  httpOnly: true,
  sameSite: "lax",
  secure,
  path: "/",
  secrets: [sessionSecret],
  maxAge: 60 * 60 * 24 * 30,
});

/** One-shot messages (toasts) carried across a redirect, so they show without JavaScript. */
export const flashStorage = createCookieSessionStorage({
  cookie: {
    name: named("flash"),
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [sessionSecret],
  },
});

/** Order numbers this browser placed: it alone may see their payment and thank-you pages. */
export const ordersCookie = createCookie(named("orders"), {
  httpOnly: true,
  sameSite: "lax",
  secure,
  path: "/",
  secrets: [sessionSecret],
  maxAge: 60 * 60 * 24 * 30,
});
