/**
 * The shop pages that e-mails link to, in both languages. Keys are the page ids of the web app's
 * screens map (`apps/web/app/screens.ts`), so the web app can test that every address here is one
 * of its routes: a renamed page must not leave old links in mailboxes. A model's page is the
 * catalogue's: its payload carries its address (which answers 301 once the owner changes it).
 */
import type { Locale } from "@souls/core/locales";

type Paths = Readonly<Record<Locale, string>>;

export const EMAIL_LINKS = {
  home: { fr: "/", en: "/en" },
  tracking: { fr: "/suivi-commande", en: "/en/track-order" },
  terms: { fr: "/cgv", en: "/en/terms-of-sale" },
  signupConfirm: { fr: "/inscription/confirmer", en: "/en/signup/confirm" },
  unsubscribe: { fr: "/desinscription", en: "/en/unsubscribe" },
  review: { fr: "/donner-mon-avis", en: "/en/write-a-review" },
  reviewOptOut: { fr: "/avis/desinscription", en: "/en/reviews/unsubscribe" },
} as const satisfies Record<string, Paths>;

export type EmailLinkPage = keyof typeof EMAIL_LINKS;

/**
 * The owner's pages her own e-mails link to (French only): keys are the web app's ADMIN_PAGES,
 * which a test of the web app checks.
 */
export const ADMIN_EMAIL_LINKS = {
  orders: "/admin-orders",
  stock: "/admin-stock",
  settings: "/admin-reglages",
} as const;

/** The owner's orders page with one order open: the link of her new-order e-mail. */
export function adminOrderUrl(siteUrl: string, orderNumber: string): string {
  return `${absoluteUrl(siteUrl, ADMIN_EMAIL_LINKS.orders)}?commande=${encodeURIComponent(orderNumber)}`;
}

/** Absolute address of a shop page; `siteUrl` is the public origin (a trailing slash is tolerated). */
export function shopUrl(siteUrl: string, page: EmailLinkPage, locale: Locale): string {
  return absoluteUrl(siteUrl, EMAIL_LINKS[page][locale]);
}

/** A path of the shop (a model's page, a photo) as an absolute address. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}

/**
 * The order tracking page. With a token it opens the order directly: a secret link, which only
 * the e-mails about that order carry (each its own token). Without, the page asks for the order's
 * number and e-mail address and sends the link there.
 */
export function trackingUrl(siteUrl: string, locale: Locale, token?: string): string {
  const page = shopUrl(siteUrl, "tracking", locale);
  return token === undefined ? page : withToken(page, token);
}

/** The page that confirms a newsletter or waitlist sign-up (double opt-in). */
export function signupConfirmUrl(siteUrl: string, locale: Locale, token: string): string {
  return withToken(shopUrl(siteUrl, "signupConfirm", locale), token);
}

/** The unsubscribe page; the same address is the one-click `List-Unsubscribe` target (RFC 8058). */
export function unsubscribeUrl(siteUrl: string, locale: Locale, token: string): string {
  return withToken(shopUrl(siteUrl, "unsubscribe", locale), token);
}

/**
 * A subscriber's early-access link to a series (`/acces-anticipe/<token>`, `/en/early-access/<token>`):
 * signed and bound to her sign-up (`@souls/shop/launch`).
 */
export const EARLY_ACCESS_PATHS = { fr: "/acces-anticipe/", en: "/en/early-access/" } as const;

export function earlyAccessUrl(siteUrl: string, locale: Locale, token: string): string {
  return absoluteUrl(siteUrl, `${EARLY_ACCESS_PATHS[locale]}${encodeURIComponent(token)}`);
}

/** The review form of an order, on one model's review when `model` is given. */
export function reviewUrl(siteUrl: string, locale: Locale, token: string, model?: string): string {
  const page = withToken(shopUrl(siteUrl, "review", locale), token);
  return model === undefined ? page : `${page}&model=${encodeURIComponent(model)}`;
}

/** "No more review invitations"; the same address is the one-click `List-Unsubscribe` target. */
export function reviewOptOutUrl(siteUrl: string, locale: Locale, token: string): string {
  return withToken(shopUrl(siteUrl, "reviewOptOut", locale), token);
}

function withToken(page: string, token: string): string {
  return `${page}?token=${encodeURIComponent(token)}`;
}
