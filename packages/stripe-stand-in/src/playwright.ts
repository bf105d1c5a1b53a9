import type { BrowserContext, Frame, Route } from "@playwright/test";

const STRIPE_HOST = /^https:\/\/(js|api|hooks|checkout)\.stripe\.com\//;

/**
 * Sends a browser's requests to Stripe's hosts (js, api, hooks, checkout.stripe.com) to the
 * stand-in at `origin`, so the shop's pages, their CSP and their addresses stay exactly what they
 * are in production. `stripeJs: "unreachable"` makes Stripe.js fail to load, as offline.
 *
 * One gap of the browser is bridged: Chromium follows a redirect without asking the routes
 * (microsoft/playwright#33882), so a 303 from the shop (or Stripe's page) to Stripe's host would
 * leave for the real Stripe. Such a redirect after a form post is checked here as Chromium checks it
 * — against the posting page's `form-action` — and then followed by a fresh navigation.
 */
export async function routeStripeTo(
  context: BrowserContext,
  origin: string,
  options: { stripeJs?: "served" | "unreachable"; shopOrigin?: string } = {},
): Promise<void> {
  const policies = new WeakMap<Frame, { url: string; csp: string }>();
  context.on("response", (response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || response.status() >= 300) return;
    policies.set(request.frame(), {
      url: response.url(),
      csp: response.headers()["content-security-policy"] ?? "",
    });
  });

  /** Forwards a request, and turns a redirect to Stripe's host into a navigation the routes see. */
  async function forward(route: Route, url?: string) {
    const request = route.request();
    const response = await route.fetch({ url, maxRedirects: 0 });
    const location = response.headers().location;
    if (!(response.status() >= 300 && response.status() < 400 && location && STRIPE_HOST.test(location))) {
      return route.fulfill({ response });
    }
    const posting = policies.get(request.frame());
    if (request.method() === "POST" && posting && !formActionAllows(posting, location)) {
      // What Chromium does with a redirect its form-action forbids: the navigation fails.
      return route.abort("blockedbyclient");
    }
    return route.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<!doctype html><meta http-equiv="refresh" content="0; url=${location.replace(/"/g, "&quot;")}">`,
    });
  }

  await context.route(STRIPE_HOST, async (route) => {
    const url = new URL(route.request().url());
    const host = url.hostname.split(".")[0];
    if (host === "js" && options.stripeJs === "unreachable") return route.abort("internetdisconnected");
    return forward(route, `${origin}${host === "api" ? "" : `/${host}`}${url.pathname}${url.search}`);
  });
  const { shopOrigin } = options;
  if (shopOrigin) {
    await context.route(
      (url) => url.origin === shopOrigin,
      async (route) => {
        const request = route.request();
        if (request.method() !== "POST" || !request.isNavigationRequest()) return route.fallback();
        return forward(route);
      },
    );
  }
}

/** Whether a page's `form-action` lets a form post end at `target` (no directive: anything). */
function formActionAllows(page: { url: string; csp: string }, target: string): boolean {
  const directive = page.csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "form-action");
  if (!directive) return true;
  const to = new URL(target);
  return directive.slice(1).some((source) => {
    if (source === "'self'") return to.origin === new URL(page.url).origin;
    if (source.endsWith(":")) return to.protocol === source;
    return source.replace(/\/$/, "") === to.origin;
  });
}
