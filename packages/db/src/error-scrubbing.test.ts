/**
 * What an error report may carry (decision 056): texts and values with a person's data replaced,
 * what failed and where kept. deploy/error-reporting.test.mjs proves it on what the SDK really
 * sends.
 */
import { describe, expect, it } from "vitest";
import { FILTERED, scrubBreadcrumb, scrubEvent, scrubText, scrubValue } from "./error-scrubbing";

describe("scrubText", () => {
  it.each([
    ["an e-mail address", "refused <jeanne.dupont@example.fr>", "refused <[Filtered]>"],
    ["a French phone number", "call 06 12 34 56 78 now", "call [Filtered] now"],
    ["an international one", "tel. +33 6 12 34 56 78.", "tel. [Filtered]."],
    ["a street address", "to 12 rue des Lilas, 75011 Paris", "to [Filtered], [Filtered]"],
    ["an English one", "ship to 221b Baker Street", "ship to [Filtered]"],
    [
      "a URL's query",
      "GET https://shop.example/suivi?token=abc&email=x",
      "GET https://shop.example/suivi?[Filtered]",
    ],
    ["a path's query", 'fetch "/suivi-commande?token=abc"', 'fetch "/suivi-commande?[Filtered]"'],
    ["a bearer token", "Authorization: Bearer sk_live_abc.def", "Authorization: Bearer [Filtered]"],
    ["a long random token", "link trk9f8e7d6c5b4a39281706f5e4d3c2b1a0 expired", `link ${FILTERED} expired`],
    ["an early-access token in a path", "/en/early-access/abc123/x", "/en/early-access/…/x"],
  ])("replaces %s", (_what, text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it.each([
    'relation "orders" does not exist',
    "order 1042 of 3 failed after 2 tries",
    "timeout of 5000 ms exceeded at 2026-11-28",
    "Cannot read properties of undefined (reading 'priceCents')",
    "migration 2026-11-22T00-00-products-and-signups failed",
  ])("keeps what says what failed: %s", (text) => {
    expect(scrubText(text)).toBe(text);
  });
});

describe("scrubValue", () => {
  it("replaces the values of keys that name a person's data, at any depth, and scrubs the rest", () => {
    expect(
      scrubValue({
        order: { number: 1042, customer: { name: "Jeanne" }, shipping: { line1: "12 rue des Lilas" } },
        firstName: "Jeanne",
        email: "jeanne@example.fr",
        note: "write to jeanne@example.fr",
        items: [{ model: "alba", phone: "0612345678" }],
      }),
    ).toEqual({
      order: { number: 1042, customer: FILTERED, shipping: { line1: FILTERED } },
      firstName: FILTERED,
      email: FILTERED,
      note: `write to ${FILTERED}`,
      items: [{ model: "alba", phone: FILTERED }],
    });
  });
});

describe("scrubEvent", () => {
  it("keeps the request's method and path only, no user, no frame's variables, only the SDK's contexts", () => {
    const event = scrubEvent({
      user: { email: "jeanne@example.fr", ip_address: "203.0.113.7" },
      request: {
        method: "POST",
        url: "https://shop.example/suivi-commande?token=abc",
        headers: { cookie: "session=x", "user-agent": "Jeanne's phone" },
        cookies: { session: "x" },
        data: { name: "Jeanne Dupont" },
        query_string: "token=abc",
      },
      exception: {
        values: [
          {
            type: "Error",
            value: "no order for jeanne@example.fr",
            stacktrace: {
              frames: [
                { filename: "/app/packages/shop/src/orders/track.ts", lineno: 12, vars: { token: "abc" } },
              ],
            },
          },
        ],
      },
      contexts: { runtime: { name: "node", version: "v22.23.3" }, order: { email: "jeanne@example.fr" } },
      extra: { address: "12 rue des Lilas" },
      tags: { service: "web" },
    });
    expect(event.user).toBeUndefined();
    expect(event.request).toEqual({ method: "POST", url: "/suivi-commande" });
    expect(event.exception?.values?.[0]?.value).toBe(`no order for ${FILTERED}`);
    expect(event.exception?.values?.[0]?.stacktrace?.frames?.[0]).toEqual({
      filename: "/app/packages/shop/src/orders/track.ts",
      lineno: 12,
      vars: undefined,
    });
    expect(event.contexts).toEqual({ runtime: { name: "node", version: "v22.23.3" } });
    expect(event.extra).toEqual({ address: FILTERED });
    expect(event.tags).toEqual({ service: "web" });
  });

  it("reduces a breadcrumb's URL to its path and scrubs its message", () => {
    expect(
      scrubBreadcrumb({
        category: "http",
        message: "[worker] sent to jeanne@example.fr",
        data: {
          url: "https://api.stripe.com/v1/customers?email=jeanne%40example.fr",
          "http.query": "email=x",
          method: "GET",
        },
      }),
    ).toEqual({
      category: "http",
      message: `[worker] sent to ${FILTERED}`,
      data: { url: "/v1/customers", method: "GET" },
    });
  });
});
