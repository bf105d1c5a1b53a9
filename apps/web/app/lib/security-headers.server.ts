import { env } from "./env.server";

/**
 * The headers every response carries (server.mjs applies them to static files, resource routes and
 * pages alike). Pages add their Content-Security-Policy, which needs the request's nonce.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
  // Nothing here needs a camera, a microphone or the shopper's position; payments only for
  // Stripe's frame (Apple Pay / Google Pay through the Payment Element).
  "Permissions-Policy":
    'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
  ...(env.isDeployment ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
};

/** Pages that hold a secret in their address (tracking) set a stricter one in their `headers`. */
export const DEFAULT_REFERRER_POLICY = "strict-origin-when-cross-origin";

const STRIPE = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  form: ["https://checkout.stripe.com"],
};

/**
 * The page's policy: scripts only from the shop, inline ones only with this request's nonce or,
 * for a page kept by the page cache, their hashes (no inline script without one); styles only from
 * the shop's stylesheets and the page's own inline styles by hash; Stripe's domains only on the
 * page that loads Stripe.js, never framed. Inline styles are allowed wholesale only where Stripe's
 * elements need them; the admin frames its own e-mail previews (routes/admin-email-preview sets
 * their policy).
 */
export function contentSecurityPolicy({
  inline,
  stripe,
  admin,
}: {
  /** `{ nonce }` for a page rendered for one request, the hashes of a page the cache keeps. */
  inline: { nonce: string } | { scripts: string[]; styles: string[] };
  stripe: boolean;
  admin: boolean;
}): string {
  const extra = (list: string[]) => (stripe ? ` ${list.join(" ")}` : "");
  const scripts = "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.scripts;
  const styles = stripe
    ? ["'unsafe-inline'"]
    : "nonce" in inline
      ? [`'nonce-${inline.nonce}'`]
      : inline.styles;
  return [
    "default-src 'none'",
    `${["script-src 'self'", ...scripts].join(" ")}${extra(STRIPE.script)}`,
    ["style-src 'self'", ...styles].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${extra(STRIPE.connect)}`,
    `frame-src${stripe ? extra(STRIPE.frame) : admin ? " 'self'" : " 'none'"}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    `form-action 'self'${extra(STRIPE.form)}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    ...(env.isDeployment ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
