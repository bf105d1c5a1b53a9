import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isDatabaseUnavailable } from "@souls/db";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { translator } from "./i18n.server";
import { NonceContext } from "./lib/nonce";
import { stripePublishableKey } from "./lib/payments.server";
import {
  contentSecurityPolicy,
  DEFAULT_REFERRER_POLICY,
  SECURITY_HEADERS,
} from "./lib/security-headers.server";
import { verificationResponse } from "./lib/verification.server";
import { isAdminPath, isPrivateRoute, localeForPath, pageForPath, routeId } from "./screens";

/** For server.mjs: the headers every response carries, pages and static files alike. */
export { SECURITY_HEADERS };

/** Stripe.js loads on the checkout only, and only when Stripe is configured. */
function loadsStripe(context: EntryContext): boolean {
  return (
    stripePublishableKey !== null &&
    context.staticHandlerContext.matches.some((match) => match.route.id.startsWith("checkout."))
  );
}

const ABORT_DELAY = 5_000;

/** Requests that failed because the database was unreachable: their page is a 503, not a 500. */
const duringOutage = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    duringOutage.add(request);
    console.error(
      `[db] unavailable while serving ${new URL(request.url).pathname}:`,
      (error as Error).message,
    );
    return;
  }
  console.error(error);
};

/** Single-fetch data of the same pages is no more cacheable than their HTML. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  const pathname = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const match = pageForPath(pathname);
  if (isAdminPath(pathname) || (match && isPrivateRoute(routeId(match.page, match.locale)))) {
    response.headers.set("Cache-Control", "no-store");
  }
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Configured at run time, so it cannot be a route of its own: answered before rendering.
  const verification = verificationResponse(request);
  if (verification) return verification;

  const instance = await translator(localeForPath(new URL(request.url).pathname));

  if (duringOutage.has(request)) {
    // The page still renders (the error boundary, in the shopper's language); browsers and load
    // balancers are told to come back shortly.
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  const nonce = randomBytes(16).toString("base64");
  const stripe = loadsStripe(remixContext);
  const { matches } = remixContext.staticHandlerContext;
  const admin = matches.some((match) => match.route.id.startsWith("admin"));
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce, stripe, admin }));
  // A shopper's own pages (her order, her address) and the owner's are never kept by a cache.
  if (admin || matches.some((match) => isPrivateRoute(match.route.id))) {
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (!responseHeaders.has("Referrer-Policy"))
    responseHeaders.set("Referrer-Policy", DEFAULT_REFERRER_POLICY);

  // Crawlers get the whole page at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const body = new PassThrough();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, Remix's handleError logs them.
          if (shellRendered) console.error(error);
        },
      },
    );
    // Cleared once the page is written: a pending timer would keep the whole render in memory.
    const abortTimer = setTimeout(abort, ABORT_DELAY);
    body.on("close", () => clearTimeout(abortTimer));
  });
}
