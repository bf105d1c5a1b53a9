import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { env, sessionSecret } from "./env.server";

const secure = env.isDeployment;
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * Every cookie of the shop: signed, httpOnly, SameSite=Lax, and in a deployment Secure with the
 * `__Host-` prefix (bound to this exact origin over HTTPS); plain names on local HTTP.
 */
const options = (name: string, maxAge?: number) => ({
  name: secure ? `__Host-${name}` : name,
  httpOnly: true,
  sameSite: "lax" as const,
  secure,
  path: "/",
  secrets: [sessionSecret],
  maxAge,
});

/** The cart: model codes and quantities, signed so it cannot be forged. */
const cart = options("cart", THIRTY_DAYS);
export const cartCookie = createCookie(cart.name, cart);

/** One-shot messages (toasts) carried across a redirect, so they show without JavaScript. */
export const flashStorage = createCookieSessionStorage({ cookie: options("flash") });

/** Order numbers this browser placed: it alone may see their payment and thank-you pages. */
const orders = options("orders", THIRTY_DAYS);
export const ordersCookie = createCookie(orders.name, orders);
