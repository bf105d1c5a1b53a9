/**
 * The review page and the opt-out page against real PostgreSQL: what a buyer's link opens, what
 * her form answers (each field's message, a 4xx, nothing written) and what a forged or stale link
 * gets; the one-click opt-out of a mail client.
 */

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { shopDay } from "@souls/core/format";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { inviteReviewers } from "@souls/shop/reviews";
import { placeShippedOrder, reviewLinkToken, TEST_SECRET } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<unknown>;

let t: TestDatabase;
let review: { loader: Handler; action: Handler };
let optOut: { loader: Handler; action: Handler };
let order: { id: number; orderNumber: string; token: string };
let link = "";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SESSION_SECRET", TEST_SECRET);
  review = (await import("./route")) as unknown as typeof review;
  optOut = (await import("~/routes/review-opt-out/route")) as unknown as typeof optOut;
  order = await placeShippedOrder(t.db, {
    lines: [
      { model: "nadia", quantity: 1 },
      { model: "bilin", quantity: 1 },
    ],
    shippedAt: new Date(Date.now() - 11 * 86_400_000),
  });
  await inviteReviewers(t.db, { secret: TEST_SECRET });
  link = reviewLinkToken(TEST_SECRET, "review", order.id);
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** What a loader or an action answered or threw: status, headers, data. */
async function call(handler: Handler, path: string, body?: Record<string, string> | string) {
  const request = new Request(`http://shop.test${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body:
      body === undefined ? undefined : typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
  let result: unknown;
  try {
    result = await handler({ request, params: {}, context: { socketAddress: "203.0.113.9" } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: null };
  const wrapped = result as { data: Record<string, unknown>; init?: ResponseInit };
  return {
    status: wrapped.init?.status ?? 200,
    headers: new Headers(wrapped.init?.headers),
    data: wrapped.data,
  };
}

const reviewOf = (changes: Record<string, string> = {}) => ({
  intent: "review",
  token: link,
  model: "nadia",
  rating: "5",
  title: "Une merveille",
  body: "Le jacquard est encore plus beau en vrai.",
  authorName: "Camille M.",
  experiencedOn: shopDay(),
  consent: "yes",
  ...changes,
});
const reviewRows = () => t.db.selectFrom("reviews").selectAll().execute();

describe("the review page", () => {
  it("opens the order's models from its link, never cached, indexed or sent on as a referrer", async () => {
    const opened = await call(review.loader, `/en/write-a-review?token=${encodeURIComponent(link)}`);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      refusal: null,
      selected: null,
      view: {
        orderNumber: order.orderNumber,
        suggestedAuthorName: "Camille M.",
        models: [
          { model: "nadia", name: "Nadia", can: "write", review: null, path: "/en/product/nadia-fanny-pack" },
          { model: "bilin", name: "Bilin", can: "write", review: null },
        ],
      },
    });
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(opened.headers.get("X-Robots-Tag")).toBe("noindex");
    const one = await call(review.loader, `/donner-mon-avis?token=${encodeURIComponent(link)}&model=bilin`);
    expect(one.data).toMatchObject({ selected: "bilin" });
  });

  it.each([
    ["no token", "/donner-mon-avis"],
    ["a forged one", `/donner-mon-avis?token=${encodeURIComponent(`${link.slice(0, -2)}xx`)}`],
    ["another kind of link", `/donner-mon-avis?token=${reviewLinkToken(TEST_SECRET, "optOut", 1)}`],
  ])("opens nothing with %s: 400, said in the page's language", async (_case, path) => {
    const opened = await call(review.loader, path);
    expect(opened.status).toBe(400);
    expect(opened.data).toMatchObject({ refusal: "invalid", view: null });
  });

  it("answers a refused field with its message, keeps what was typed, writes nothing", async () => {
    const refused = await call(
      review.action,
      "/en/write-a-review",
      reviewOf({
        rating: "6",
        body: "Bof.",
        title: "x".repeat(101),
        consent: "",
        experiencedOn: "2020-01-01",
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      outcome: "invalid",
      model: "nadia",
      errors: {
        rating: "reviews:errors.rating",
        title: "reviews:errors.titleLength",
        body: "reviews:errors.bodyLength",
        experiencedOn: "reviews:errors.experiencedOn",
        consent: "reviews:errors.consent",
      },
      values: { body: "Bof.", authorName: "Camille M." },
    });
    expect(await reviewRows()).toEqual([]);
  });

  it("refuses a form that is not the page's, a model of another order, a forged link", async () => {
    expect((await call(review.action, "/donner-mon-avis", { intent: "steal" })).status).toBe(400);
    expect((await call(review.action, "/donner-mon-avis", "not a form")).status).toBe(400);
    const otherModel = await call(review.action, "/donner-mon-avis", reviewOf({ model: "aicha" }));
    expect(otherModel).toMatchObject({ status: 404, data: { outcome: "refused", refusal: "unknownModel" } });
    const forged = await call(
      review.action,
      "/donner-mon-avis",
      reviewOf({ token: `r.${order.id}.${"A".repeat(43)}` }),
    );
    expect(forged).toMatchObject({ status: 400, data: { outcome: "refused", refusal: "invalid" } });
    expect(await reviewRows()).toEqual([]);
  });

  it("saves a review, then its change as the same review, in the language of the page", async () => {
    const first = await call(review.action, "/en/write-a-review", reviewOf());
    expect(first).toMatchObject({ status: 200, data: { outcome: "saved", model: "nadia", created: true } });
    const changed = await call(
      review.action,
      "/en/write-a-review",
      reviewOf({ rating: "4", title: "Encore mieux" }),
    );
    expect(changed.data).toMatchObject({ outcome: "saved", created: false });
    expect(await reviewRows()).toMatchObject([{ rating: 4, title: "Encore mieux", locale: "en", saves: 2 }]);
  });
});

describe("the review invitations' opt-out page", () => {
  const optOutLink = () => reviewLinkToken(TEST_SECRET, "optOut", order.id);

  it("asks first (a mail scanner following the link changes nothing), its button stops them", async () => {
    const page = await call(optOut.loader, `/avis/desinscription?token=${optOutLink()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await t.db.selectFrom("reviewOptOuts").selectAll().execute()).toEqual([]);
    const done = await call(optOut.action, "/avis/desinscription", { token: optOutLink() });
    expect(done).toMatchObject({ status: 200, data: { outcome: "opted_out" } });
    expect(await t.db.selectFrom("reviewOptOuts").select("email").execute()).toEqual([
      { email: "camille@example.org" },
    ]);
  });

  it("takes a mail client's one-click post (RFC 8058), the token in the link, and refuses a forged one", async () => {
    const oneClick = await call(
      optOut.action,
      `/en/reviews/unsubscribe?token=${optOutLink()}`,
      "List-Unsubscribe=One-Click",
    );
    expect(oneClick).toMatchObject({ status: 200, data: { outcome: "opted_out" } });
    const forged = await call(
      optOut.action,
      `/en/reviews/unsubscribe?token=${link}`,
      "List-Unsubscribe=One-Click",
    );
    expect(forged).toMatchObject({ status: 400, data: { outcome: "invalid" } });
  });
});
