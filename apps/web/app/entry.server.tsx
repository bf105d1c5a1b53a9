import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isDatabaseUnavailable } from "@souls/db";
import { loggedPath } from "@souls/db/log";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { pageWords } from "./i18n.server";
import { countInBackground, hitOf } from "./lib/audience.server";
import { resignedCookies } from "./lib/cookies.server";
import { DocumentContext } from "./lib/document";
import { reportRequestError } from "./lib/error-reports.server";
import { webMetrics } from "./lib/metrics.server";
import {
  type CacheTicket,
  cleanAddress,
  inlineHashes,
  pageCache,
  preferredEncoding,
} from "./lib/page-cache.server";
import { stripePublishableKey } from "./lib/payments.server";
import { collapsedSlashes, SHOP_METHODS, unreadableRequest } from "./lib/readable-request.server";
import { scriptsAfterContent } from "./lib/scripts-after-content.server";
import {
  contentSecurityPolicy,
  DEFAULT_REFERRER_POLICY,
  SECURITY_HEADERS,
} from "./lib/security-headers.server";
import { inlineStylesheet } from "./lib/stylesheet.server";
import { type WordSource, WordsProvider } from "./lib/translations";
import { verificationResponse } from "./lib/verification.server";
import { isAdminPath, isPrivateRoute, localeForPath, pageForPath, routeId } from "./screens";

/** For server.mjs: a kept page sent from memory is counted too (decision 047). */
export { countInBackground as countKeptPage } from "./lib/audience.server";
export { createPostTurns } from "./lib/post-turns.server";
export { inlineStylesheetFrom } from "./lib/stylesheet.server";
/**
 * For server.mjs: the headers every response carries, pages and static files alike, what it
 * refuses before the app, the cache of public pages it answers from (with its compression), and
 * the metrics with the watch on the worker (decision 044).
 */
export {
  cleanAddress,
  collapsedSlashes,
  pageCache,
  preferredEncoding,
  SECURITY_HEADERS,
  SHOP_METHODS,
  unreadableRequest,
  webMetrics,
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Given by server.mjs when the page rendered may be kept by the page cache. */
    pageCache?: CacheTicket | null;
  }
}

/** Stripe.js loads on the checkout only, and only when Stripe is configured. */
function loadsStripe(context: EntryContext): boolean {
  return (
    stripePublishableKey !== null &&
    context.staticHandlerContext.matches.some((match) => match.route.id.startsWith("checkout."))
  );
}

/**
 * A refused request's `Retry-After`, set by the action or loader that refused it, as the client
 * receives it: Remix passes a route's own headers on only through a `headers` export, which most
 * routes do not need, so a 429 or a 503 would otherwise lose it on the way.
 */
function carryRetryAfter(status: number, headers: Headers, context: EntryContext): void {
  if ((status !== 429 && status !== 503) || headers.has("Retry-After")) return;
  const { actionHeaders, loaderHeaders } = context.staticHandlerContext;
  for (const routeHeaders of [...Object.values(actionHeaders ?? {}), ...Object.values(loaderHeaders)]) {
    const retryAfter = routeHeaders.get("Retry-After");
    if (retryAfter) return void headers.set("Retry-After", retryAfter);
  }
}

const ABORT_DELAY = 5_000;

/** Requests that failed because the database was unreachable: their page is a 503, not a 500. */
const duringOutage = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    duringOutage.add(request);
    console.error(
      `[db] unavailable while serving ${loggedPath(new URL(request.url).pathname)}:`,
      (error as Error).message,
    );
    return;
  }
  console.error(error);
  // A fault of ours (not a refusal answered with its status) goes to Sentry when it is set up
  // (decision 056), with the request's method and path only.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportRequestError(error, request, { where: "remix" });
};

/** Single-fetch data of the same pages is no more cacheable than their HTML. */
export async function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context?: AppLoadContext },
): Promise<Response> {
  for (const cookie of await resignedCookies(request, response.headers))
    response.headers.append("Set-Cookie", cookie);
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const match = pageForPath(pathname);
  if (isAdminPath(pathname) || (match && isPrivateRoute(routeId(match.page, match.locale)))) {
    response.headers.set("Cache-Control", "no-store");
  }
  // A page reached by a link with JavaScript is a page view; the same page's data fetched again
  // (after a form was sent on it) is not.
  if (response.status === 200 && !sameAddress(request.headers.get("Referer"), pathname)) {
    countInBackground(hitOf(request, context?.socketAddress));
  }
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Configured at run time, so it cannot be a route of its own: answered before rendering.
  const verification = verificationResponse(request);
  if (verification) return verification;

  if (duringOutage.has(request)) {
    // The page still renders (the error boundary, in the shopper's language); browsers and load
    // balancers are told to come back shortly.
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  carryRetryAfter(responseStatusCode, responseHeaders, remixContext);
  const stripe = loadsStripe(remixContext);
  const { matches } = remixContext.staticHandlerContext;
  const admin = matches.some((match) => match.route.id.startsWith("admin"));
  // A shopper's own pages (her order, her address) and the owner's are never kept by a cache.
  if (admin || matches.some((match) => isPrivateRoute(match.route.id))) {
    responseHeaders.set("Cache-Control", "no-store");
  }
  // A shopper's French page offers the English one to a browser asking for it (decision 033).
  if (!admin) responseHeaders.append("Vary", "Accept-Language");
  if (!responseHeaders.has("Referrer-Policy"))
    responseHeaders.set("Referrer-Policy", DEFAULT_REFERRER_POLICY);
  const words = wordsOf(request, remixContext);
  const app = (nonce: string) => (
    <DocumentContext.Provider value={{ nonce, stylesheet: inlineStylesheet() }}>
      <WordsProvider source={words}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce || undefined}
        />
      </WordsProvider>
    </DocumentContext.Provider>
  );

  // A cookie signed with the previous SESSION_SECRET goes back signed with the current one.
  for (const cookie of await resignedCookies(request, responseHeaders))
    responseHeaders.append("Set-Cookie", cookie);

  // A public page for a visitor without cart or message is kept for the next ones: its inline
  // scripts are allowed by hash, not by a nonce the next visitor would reuse.
  const ticket = loadContext.pageCache;
  const kept = ticket && responseStatusCode === 200 && !responseHeaders.has("Set-Cookie") ? ticket : null;
  const nonce = kept ? "" : randomBytes(16).toString("base64");
  const html = scriptsAfterContent(await renderWhole(app(nonce), nonce));
  const inline = kept ? inlineHashes(html) : { nonce };
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ inline, stripe, admin }));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (kept) pageCache.keep(kept, Object.fromEntries(responseHeaders), html);
  if (!admin && responseStatusCode === 200) countInBackground(hitOf(request, loadContext.socketAddress));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/** Whether a referrer is the page itself (its path: a data request after a form sent on it). */
function sameAddress(referrer: string | null, pathname: string): boolean {
  if (!referrer) return false;
  try {
    return new URL(referrer).pathname === pathname;
  } catch {
    return false;
  }
}

/**
 * The page's words: the namespaces its matched routes declare (`handle.i18n`), the same on the
 * server as in the browser, which loads their files before hydrating (a missing one shows in both).
 */
function wordsOf(request: Request, context: EntryContext): WordSource {
  const locale = localeForPath(new URL(request.url).pathname);
  const namespaces = context.staticHandlerContext.matches.flatMap((match) => {
    const handle = context.routeModules[match.route.id]?.handle as { i18n?: string[] } | undefined;
    return handle?.i18n ?? [];
  });
  const page = { locale, namespaces: [...new Set(namespaces)] };
  const words = pageWords(locale, page.namespaces);
  return { resources: (of) => (of === locale ? words : {}), page };
}

/**
 * The whole page at once. Its loaders have all answered before it renders (the shop defers no
 * data), so streaming would send nothing sooner, and a whole page can be kept and have its scripts
 * put after its content. An error anywhere in it rejects: Remix then renders the error page.
 */
function renderWhole(element: ReactElement, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new PassThrough();
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => {
      clearTimeout(abortTimer);
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
    const fail = (error: unknown) => {
      clearTimeout(abortTimer);
      reject(error);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: nonce || undefined,
      onAllReady: () => pipe(body),
      onShellError: fail,
      onError: fail,
    });
    // Cleared once the page is written: a pending timer would keep the whole render in memory.
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
