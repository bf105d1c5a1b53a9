import type { BrowserContext } from "@playwright/test";

/**
 * Sends a browser's requests to Stripe's hosts (js, api, hooks, checkout.stripe.com) to the
 * stand-in at `origin`, so the shop's pages, their CSP and their addresses stay exactly what they
 * are in production. `stripeJs: "unreachable"` makes Stripe.js fail to load, as offline.
 */
export async function routeStripeTo(
  context: BrowserContext,
  origin: string,
  options: { stripeJs?: "served" | "unreachable" } = {},
): Promise<void> {
  await context.route(/^https:\/\/(js|api|hooks|checkout)\.stripe\.com\//, async (route) => {
    const url = new URL(route.request().url());
    const host = url.hostname.split(".")[0];
    if (host === "js" && options.stripeJs === "unreachable") return route.abort("internetdisconnected");
    const target = `${origin}${host === "api" ? "" : `/${host}`}${url.pathname}${url.search}`;
    // Redirects go back to the browser, which follows them as it would Stripe's.
    const response = await route.fetch({ url: target, maxRedirects: 0 });
    await route.fulfill({ response });
  });
}
