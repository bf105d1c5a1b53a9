/**
 * The shopper actions fed good and hostile input, against a real PostgreSQL database:
 * garbage is a 4xx with a message, never a 500, and writes nothing.
 */

import type { ActionFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { checkoutsTooLate } from "@souls/shop/metrics";
import { placePaidOrder } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
type Action = (args: ActionFunctionArgs) => Promise<unknown>;
let actions: Record<string, Action>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  actions = {
    "/": (await import("~/routes/home/route")).action,
    "/en": (await import("~/routes/home/route")).action,
    "/produit/sac-banane-aicha": (await import("~/routes/product/route")).action,
    "/en/product/nadia-fanny-pack": (await import("~/routes/product/route")).action,
    "/panier": (await import("~/routes/cart/route")).action,
    "/en/cart": (await import("~/routes/cart/route")).action,
    "/suivi-commande": (await import("~/routes/tracking/route")).action,
    "/en/track-order": (await import("~/routes/tracking/route")).action,
    "/checkout": (await import("~/routes/checkout/route")).action,
  };
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

let requests = 0;

/** Status of whatever an action answered: a Response, or `data(…, init)`. */
async function post(
  path: string,
  body: BodyInit,
  contentType = "application/x-www-form-urlencoded",
  address?: string,
) {
  const request = new Request(`http://shop.test${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
  });
  try {
    // Each request from its own address, so tracking's rate limit never mixes two tests.
    const context = {
      socketAddress: address ?? `10.0.${Math.floor(++requests / 250)}.${requests % 250}`,
    };
    const result = await actions[path]!({ request, params: {}, context });
    if (result instanceof Response) return { status: result.status, body: result };
    const init = (result as { init?: { status?: number } }).init;
    return { status: init?.status ?? 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: thrown };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, body: thrown };
    throw thrown;
  }
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const huge = "é".repeat(200_000);

const garbage: [string, BodyInit, string?][] = [
  ["an empty body", ""],
  ["no intent", form({ model: "aicha" })],
  ["an unknown intent", form({ intent: "steal", model: "aicha" })],
  ["an unknown model", form({ intent: "add", model: "leather" })],
  ["a huge model", form({ intent: "increment", model: huge })],
  ["odd Unicode", form({ intent: "remove\u0000", model: "a\u202eicha" })],
  ["a sign-up without address", form({ intent: "signup" })],
  ["a sign-up with a huge address", form({ intent: "signup", email: `${huge}@example.org` })],
  ["a sign-up with a script as address", form({ intent: "signup", email: "<script>alert(1)</script>" })],
  ["a back-in-stock sign-up without consent", form({ intent: "waitlist", email: "lina@example.org" })],
  [
    "a back-in-stock sign-up with a forged consent",
    form({ intent: "waitlist", email: "lina@example.org", consent: "on" }),
  ],
  ["a tracking look-up without token", form({ intent: "track" })],
  ["a tracking look-up with a huge token", form({ intent: "track", token: huge })],
  ["a tracking look-up with an array of tokens", "intent=track&token=a&token=b"],
  ["a withdrawal with a made-up token", form({ intent: "confirm-withdrawal", token: "x".repeat(43) })],
  ["a find-my-order request without fields", form({ intent: "find" })],
  [
    "a find-my-order request with a huge number",
    form({ intent: "find", orderNumber: huge, email: "a@b.co" }),
  ],
  [
    "a find-my-order request with arrays and a script",
    "intent=find&orderNumber=SOULS-1&orderNumber=SOULS-2&email=<script>alert(1)</script>",
  ],
  ["JSON instead of a form", JSON.stringify({ intent: "add", model: "aicha" }), "application/json"],
  ["a broken multipart body", "--x\r\nnot a part", "multipart/form-data; boundary=x"],
];

const PATHS = [
  "/",
  "/en",
  "/produit/sac-banane-aicha",
  "/en/product/nadia-fanny-pack",
  "/panier",
  "/en/cart",
  "/suivi-commande",
  "/en/track-order",
];

describe.each(PATHS)("the action of %s", (path) => {
  it.each(garbage)("answers %s with a 4xx and writes nothing", async (_name, body, contentType) => {
    const { status } = await post(path, body, contentType);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    const signups = await t.db
      .selectFrom("signups")
      .select(t.db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(signups.n)).toBe(0);
    const changes = await t.db
      .selectFrom("orderEvents")
      .select(t.db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(changes.n)).toBe(0);
    const mails = await t.db
      .selectFrom("emailQueue")
      .select(t.db.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(0);
  });
});

describe("good input", () => {
  it("adds to the cart from a product page and redirects back without JavaScript", async () => {
    const { status, body } = await post(
      "/produit/sac-banane-aicha",
      form({ intent: "add", model: "aicha", redirectTo: "/produit/sac-banane-aicha" }),
    );
    expect(status).toBe(303);
    const response = body as Response;
    expect(response.headers.get("Location")).toBe("/produit/sac-banane-aicha");
    expect(response.headers.get("Set-Cookie")).toMatch(/cart=.*HttpOnly/i);
  });

  it("never redirects to another site", async () => {
    const { body } = await post(
      "/panier",
      form({ intent: "remove", model: "aicha", redirectTo: "//evil.example/x" }),
    );
    expect((body as Response).headers.get("Location")).toBe("/panier");
  });

  it("refuses a piece beyond the stock with a 409 for a fetcher", async () => {
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "nadia").execute();
    const { status } = await post("/en/product/nadia-fanny-pack", form({ intent: "add", model: "nadia" }));
    expect(status).toBe(409);
  });

  it("stores a sign-up once", async () => {
    expect(
      (await post("/en", form({ intent: "signup", email: "Ana@Example.org", name: "Ana" }))).status,
    ).toBe(200);
    expect((await post("/", form({ intent: "signup", email: "ana@example.org" }))).status).toBe(200);
    const rows = await t.db.selectFrom("signups").select(["email", "name", "locale", "source"]).execute();
    expect(rows).toEqual([{ email: "ana@example.org", name: "Ana", locale: "en", source: "home" }]);
  });
});

describe("« Acheter maintenant » without JavaScript on a piece of which nothing is left", () => {
  const checkout = (checkoutKey: string, fields: Record<string, string> = {}) =>
    post(
      "/checkout",
      form({
        intent: "pay",
        items: "product=bilin&qty=1",
        checkoutKey,
        expectedTotal: "16900",
        firstName: "Camille",
        lastName: "Martin",
        email: "camille@example.org",
        address: "12 rue des Martyrs",
        postalCode: "75009",
        city: "Paris",
        country: "FR",
        ...fields,
      }),
    );
  const orders = async () => (await t.db.selectFrom("orders").select("id").execute()).length;

  it("sends the shopper back to the model's page, at its note, and writes nothing", async () => {
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "bilin").execute();
    const held = await checkout("launch-rush-first-shopper");
    expect(held.status).toBe(303);
    expect((held.body as Response).headers.get("Location")).toMatch(/paiement-test/);
    const before = await orders();

    const tooLate = async () =>
      (await checkoutsTooLate.get()).values.find((value) => value.labels.reason === "gone")?.value ?? 0;
    const countedBefore = await tooLate();
    const late = await checkout("launch-rush-second-shopper");
    expect(late.status).toBe(303);
    expect((late.body as Response).headers.get("Location")).toBe("/produit/sac-banane-bilin#gone-meanwhile");
    expect(await orders()).toBe(before);
    // What the operator sees of it: one post answered too late, without a transaction.
    expect(await tooLate()).toBe(countedBefore + 1);

    // The first shopper's form posted again (a second click): still her order, to pay.
    const again = await checkout("launch-rush-first-shopper");
    expect((again.body as Response).headers.get("Location")).toBe(
      (held.body as Response).headers.get("Location"),
    );
    await t.db.updateTable("products").set({ stock: 25 }).where("slug", "=", "bilin").execute();
  });

  it("says the piece is gone before what is wrong in her address, which cannot bring it back", async () => {
    const mistyped = { email: "camille@", postalCode: "" };
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "bilin").execute();
    // While a piece is left, her address is what stands in the way: 400 and its fields.
    const whileLeft = await checkout("mistyped-while-left", mistyped);
    expect(whileLeft.status).toBe(400);
    expect(answered(whileLeft)).toMatchObject({ outcome: "invalid", errors: { email: expect.any(String) } });

    await t.db.updateTable("products").set({ stock: 0, reserved: 0 }).where("slug", "=", "bilin").execute();
    const before = await orders();
    const gone = await checkout("mistyped-once-gone", mistyped);
    expect(gone.status).toBe(303);
    expect((gone.body as Response).headers.get("Location")).toBe("/produit/sac-banane-bilin#gone-meanwhile");
    expect(await orders()).toBe(before);
    await t.db.updateTable("products").set({ stock: 25 }).where("slug", "=", "bilin").execute();
  });

  it("sends the shopper who finds what is left all held by others' unpaid orders to the page's other note", async () => {
    // Two pieces left: one may be held unpaid at once (the held share, MAX_HELD_SHARE_PER_MODEL).
    await t.db.updateTable("products").set({ stock: 2, reserved: 0 }).where("slug", "=", "bilin").execute();
    const held = await checkout("held-share-first-shopper");
    expect((held.body as Response).headers.get("Location")).toMatch(/paiement-test/);
    const before = await orders();
    const second = await checkout("held-share-second-shopper");
    expect(second.status).toBe(303);
    expect((second.body as Response).headers.get("Location")).toBe(
      "/produit/sac-banane-bilin#held-meanwhile",
    );
    expect(await orders()).toBe(before);
    await t.db.updateTable("products").set({ stock: 25 }).where("slug", "=", "bilin").execute();
  });

  it("lets her have the piece once the hold before hers is paid (no page changed for it)", async () => {
    await t.db.updateTable("products").set({ stock: 2, reserved: 0 }).where("slug", "=", "bilin").execute();
    const held = await checkout("paid-hold-first-shopper");
    expect((held.body as Response).headers.get("Location")).toMatch(/paiement-test/);
    const early = await checkout("paid-hold-second-shopper");
    expect((early.body as Response).headers.get("Location")).toBe("/produit/sac-banane-bilin#held-meanwhile");
    // The first shopper pays: her held piece becomes a sold one, the pieces available stay one.
    await t.db
      .updateTable("products")
      .set((eb) => ({ stock: eb("stock", "-", 1), reserved: eb("reserved", "-", 1) }))
      .where("slug", "=", "bilin")
      .execute();
    const again = await checkout("paid-hold-second-shopper");
    expect((again.body as Response).headers.get("Location")).toMatch(/paiement-test/);
    await t.db.updateTable("products").set({ stock: 25, reserved: 0 }).where("slug", "=", "bilin").execute();
  });

  it("sends there too the shopper whose post arrived with another's for the last piece: one holds it", async () => {
    await t.db.updateTable("products").set({ stock: 1, reserved: 0 }).where("slug", "=", "bilin").execute();
    // Posted together: both read the piece as available before either holds it.
    const answers = await Promise.all([
      checkout("last-piece-shopper-one"),
      checkout("last-piece-shopper-two"),
    ]);
    const places = answers.map((answer) => (answer.body as Response).headers.get("Location") ?? "");
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    expect(places.filter((place) => place.includes("paiement-test"))).toHaveLength(1);
    expect(places).toContain("/produit/sac-banane-bilin#gone-meanwhile");
    await t.db.updateTable("products").set({ stock: 25 }).where("slug", "=", "bilin").execute();
  });
});

/** What an action answered with `data(…)`. */
const answered = (result: { body: unknown }) => (result.body as { data: Record<string, unknown> }).data;

describe("back-in-stock sign-ups", () => {
  it("stores the address with the model and a consent, once", async () => {
    const ask = () =>
      post(
        "/en/product/nadia-fanny-pack",
        form({ intent: "waitlist", email: "Nour@Example.org", consent: "yes" }),
      );
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const rows = await t.db
      .selectFrom("signups")
      .innerJoin("products", "products.id", "signups.productId")
      .select(["email", "locale", "source", "products.slug"])
      .where("source", "=", "waitlist")
      .execute();
    expect(rows).toEqual([{ email: "nour@example.org", locale: "en", source: "waitlist", slug: "nadia" }]);
  });

  it("asks for the consent in the page's language", async () => {
    const result = await post("/produit/sac-banane-aicha", form({ intent: "waitlist", email: "a@b.co" }));
    expect(result.status).toBe(400);
    expect(answered(result)).toMatchObject({
      outcome: "signupRefused",
      form: "waitlist",
      errors: { consent: "common:signup.errors.consentRequired" },
    });
  });
});

describe("order tracking", () => {
  it("shows the order for its token, and records a withdrawal only after the confirmation step", async () => {
    const paid = await placePaidOrder(t.db);
    const step = (intent: string) => post("/suivi-commande", form({ intent, token: ` ${paid.token} ` }));

    const tracked = await step("track");
    expect(tracked.status).toBe(200);
    expect(answered(tracked)).toMatchObject({
      state: "result",
      order: { orderNumber: paid.orderNumber, status: "pending_preparation", withdrawal: { open: true } },
    });

    const confirming = await step("withdraw");
    expect(answered(confirming)).toMatchObject({
      withdrawal: "confirm",
      order: { status: "pending_preparation" },
    });

    const withdrawn = await step("confirm-withdrawal");
    expect(withdrawn.status).toBe(200);
    expect(answered(withdrawn)).toMatchObject({ withdrawal: "recorded", order: { status: "withdrawn" } });

    const again = await step("confirm-withdrawal");
    expect(again.status).toBe(409);
    expect(answered(again)).toMatchObject({ withdrawal: "periodOver" });
    const acknowledgements = await t.db
      .selectFrom("emailQueue")
      .select("id")
      .where("type", "=", "withdrawal_acknowledgement")
      .where("orderId", "=", paid.id)
      .execute();
    expect(acknowledgements).toHaveLength(1);
  });

  it.each([
    ["", 400, { fieldError: "tracking:errors.required" }],
    ["too-short", 400, { fieldError: "tracking:errors.malformed" }],
    ["y".repeat(43), 404, { error: "unknown" }],
  ])("answers the token %j with %i and its message", async (token, status, message) => {
    const result = await post("/en/track-order", form({ intent: "track", token }));
    expect(result.status).toBe(status);
    expect(answered(result)).toMatchObject({ state: "form", ...message });
  });
});

describe("finding an order by its number and e-mail address", () => {
  const find = (fields: Record<string, string>, address?: string) =>
    post("/suivi-commande", form({ intent: "find", ...fields }), undefined, address);
  const linksTo = (orderId: number) =>
    t.db
      .selectFrom("emailQueue")
      .select("recipient")
      .where("type", "=", "tracking_link")
      .where("orderId", "=", orderId)
      .execute();

  it("answers a right pair and a wrong one alike, and sends the link only for the right one", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin" });
    const right = await find({ orderNumber: paid.orderNumber.toLowerCase(), email: "Camille@Example.org" });
    const wrong = await find({ orderNumber: paid.orderNumber, email: "someone@example.org" });
    expect(right.status).toBe(200);
    expect(wrong.status).toBe(200);
    expect(answered(right)).toMatchObject({ state: "sent" });
    expect(answered(wrong)).toEqual(answered(right));
    expect(await linksTo(paid.id)).toEqual([{ recipient: "camille@example.org" }]);
  });

  it.each([
    [
      {},
      {
        orderNumber: "tracking:find.errors.orderNumberRequired",
        email: "tracking:find.errors.emailRequired",
      },
    ],
    [
      { orderNumber: "12345", email: "camille@example.org" },
      { orderNumber: "tracking:find.errors.orderNumber" },
    ],
    [{ orderNumber: "SOULS-123456ABCD", email: "camille" }, { email: "tracking:find.errors.email" }],
  ])("refuses %j with a 400 and each field's message, sending nothing", async (fields, errors) => {
    const before = await t.db.selectFrom("trackingLinkRequests").select("id").execute();
    const result = await find(fields);
    expect(result.status).toBe(400);
    expect(answered(result)).toMatchObject({ state: "form", find: { errors } });
    expect(await t.db.selectFrom("trackingLinkRequests").select("id").execute()).toEqual(before);
  });

  it("tells a client asking too often to come back in an hour", async () => {
    const address = "10.9.9.9";
    for (let i = 0; i < 5; i++) {
      expect(
        (await find({ orderNumber: "SOULS-123456ABCD", email: `x${i}@example.org` }, address)).status,
      ).toBe(200);
    }
    const refused = await find({ orderNumber: "SOULS-123456ABCD", email: "x@example.org" }, address);
    expect(refused.status).toBe(429);
    expect(answered(refused)).toMatchObject({ state: "form", find: { refused: "tooMany" } });
    const headers = new Headers((refused.body as { init?: { headers?: HeadersInit } }).init?.headers);
    expect(headers.get("Retry-After")).toBe("3600");
  });
});

describe("a price changed by the owner during a checkout", () => {
  it("shows the shopper the new total before she pays, and places nothing at the old price", async () => {
    const checkout = (expectedTotal: string) =>
      post(
        "/checkout",
        form({
          intent: "pay",
          items: "product=ilian&qty=1",
          checkoutKey: `price-change-${expectedTotal}-xxxxxxxx`,
          expectedTotal,
          firstName: "Camille",
          lastName: "Martin",
          email: "camille@example.org",
          address: "12 rue des Martyrs",
          postalCode: "75009",
          city: "Paris",
          country: "FR",
        }),
      );
    // The checkout page was loaded at 169 €; the owner lowers the price to 149 € meanwhile.
    await t.db.updateTable("products").set({ priceCents: 14900 }).where("slug", "=", "ilian").execute();
    try {
      const review = await checkout("16900");
      expect(review.status).toBe(200);
      expect(answered(review)).toMatchObject({
        outcome: "review",
        review: { country: "FR", shippingCents: 0, totalCents: 14900 },
      });
      const placedHere = () =>
        t.db
          .selectFrom("orders")
          .select("subtotalCents")
          .where("checkoutKey", "like", "price-change-%")
          .execute();
      expect(await placedHere()).toEqual([]);
      // She confirms the total she was shown: the order is placed at the new price.
      const placed = await checkout("14900");
      expect(placed.status).toBe(303);
      expect(await placedHere()).toEqual([{ subtotalCents: 14900 }]);
    } finally {
      await t.db.updateTable("products").set({ priceCents: 16900 }).where("slug", "=", "ilian").execute();
    }
  });
});

describe("a discount code at checkout (decision 048)", () => {
  const shopper = {
    items: "product=bilin&qty=1",
    firstName: "Camille",
    lastName: "Martin",
    email: "code-buyer@example.org",
    address: "12 rue des Martyrs",
    postalCode: "75009",
    city: "Paris",
    country: "FR",
  };

  it("applies a code, places the order at the reduced total, and says why a code is refused", async () => {
    const { createDiscountCode } = await import("@souls/shop/discounts");
    await createDiscountCode(t.db, {
      code: "ACTIONS15",
      kind: "percent",
      value: 15,
      startsAt: new Date(Date.now() - 3600_000),
      endsAt: null,
      maxUses: null,
      oncePerEmail: true,
      minSubtotalCents: 0,
      productIds: [],
      seriesIds: [],
      addsToSale: false,
    });
    const address = "10.77.0.1";
    const applied = await post(
      "/checkout",
      form({ ...shopper, intent: "code", discountCode: " actions15 " }),
      undefined,
      address,
    );
    expect(applied.status).toBe(200);
    expect(answered(applied)).toMatchObject({
      outcome: "code",
      code: { ok: true, code: "ACTIONS15", discountCents: 2535 },
    });

    // « Payer » with the total shown (169 € − 25,35 €, delivery in France free): placed at it.
    const paid = await post(
      "/checkout",
      form({
        ...shopper,
        intent: "pay",
        discountCode: "ACTIONS15",
        expectedTotal: "14365",
        checkoutKey: "code-action-xxxxxxxxxx",
      }),
      undefined,
      address,
    );
    expect(paid.status).toBe(303);
    const order = await t.db
      .selectFrom("orders")
      .select(["subtotalCents", "discountCents", "totalCents", "discountCode"])
      .where("checkoutKey", "=", "code-action-xxxxxxxxxx")
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      subtotalCents: 16900,
      discountCents: 2535,
      totalCents: 14365,
      discountCode: "ACTIONS15",
    });

    // Once per address: refused for her, with the reason (422), and nothing placed.
    const again = await post(
      "/checkout",
      form({
        ...shopper,
        intent: "pay",
        discountCode: "ACTIONS15",
        expectedTotal: "14365",
        checkoutKey: "code-action-yyyyyyyyyy",
      }),
      undefined,
      "10.77.0.2",
    );
    expect(again.status).toBe(409);
    expect(answered(again)).toMatchObject({
      outcome: "refused",
      refusal: { problem: "discountCode", reason: "already_used" },
    });
  });

  it("answers garbage and unknown codes with a 4xx and a reason, never a 500, and limits the guesses of one client", async () => {
    const address = "10.77.1.1";
    for (const typed of ["x".repeat(500), "NOËL", "'; DROP TABLE orders; --", "\u0000", "AB"]) {
      const answer = await post(
        "/checkout",
        form({ ...shopper, intent: "code", discountCode: typed }),
        undefined,
        address,
      );
      expect(answer.status).toBe(409);
      expect(answered(answer)).toMatchObject({ outcome: "code", code: { ok: false, reason: "unknown" } });
    }
    const malformed = await post(
      "/checkout",
      form({ intent: "code", items: "product=nope", discountCode: "X" }),
    );
    expect(malformed.status).toBe(400);
    for (let guess = 0; guess < 5; guess++) {
      await post(
        "/checkout",
        form({ ...shopper, intent: "code", discountCode: `GUESS${guess}` }),
        undefined,
        address,
      );
    }
    const limited = await post(
      "/checkout",
      form({ ...shopper, intent: "code", discountCode: "ACTIONS15" }),
      undefined,
      address,
    );
    expect(limited.status).toBe(429);
    expect(answered(limited)).toMatchObject({ code: { ok: false, reason: "too_many_attempts" } });
    const headers = new Headers((limited.body as { init?: { headers?: HeadersInit } }).init?.headers);
    expect(headers.get("Retry-After")).toBe("3600");
    // An IPv6 client is its /64: ten guesses from one address of it, and the next address is refused too.
    for (let guess = 0; guess < 10; guess++) {
      await post(
        "/checkout",
        form({ ...shopper, intent: "code", discountCode: `SIX${guess}` }),
        undefined,
        `2001:db8:77:1::${guess + 1}`,
      );
    }
    const sameNetwork = await post(
      "/checkout",
      form({ ...shopper, intent: "code", discountCode: "ACTIONS15" }),
      undefined,
      "2001:db8:77:1:ffff::2",
    );
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await post(
      "/checkout",
      form({ ...shopper, intent: "code", discountCode: "ACTIONS15" }),
      undefined,
      "2001:db8:77:2::1",
    );
    // Another /64 is another client: its code is judged (already used with this address).
    expect(answered(otherNetwork)).toMatchObject({ code: { ok: false, reason: "already_used" } });
  });
});
