/**
 * The attacks of docs/security.md, made against the shop's own actions and loaders on real
 * PostgreSQL, as an anonymous script or another site would make them. Each fails without its rule.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { placePaidOrder } from "@souls/shop/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
type RouteFunction = (args: LoaderFunctionArgs) => unknown;
const routes: Record<string, { loader?: RouteFunction; action?: RouteFunction }> = {};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SITE_URL", "https://souls.example");
  routes.checkout = await import("~/routes/checkout/route");
  routes.home = await import("~/routes/home/route");
  routes.product = await import("~/routes/product/route");
  routes.tracking = await import("~/routes/tracking/route");
  routes.robots = await import("~/routes/robots/route");
  routes.sitemap = await import("~/routes/sitemap/route");
  routes.live = await import("~/routes/live-availability/route");
  routes.trpc = await import("~/routes/trpc/route");
  routes.confirm = await import("~/routes/signup-confirm/route");
  routes.unsubscribe = await import("~/routes/unsubscribe/route");
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

beforeEach(async () => {
  await sql`TRUNCATE orders, signups, signup_attempts, email_queue, tracking_access_log, tracking_blocks CASCADE`.execute(
    t.db,
  );
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

interface Answer {
  status: number;
  headers: Headers;
  data: Record<string, unknown> | null;
  response: Response | null;
}

/** Calls a route's loader or action the way Remix does, and reads whatever it answered. */
async function call(
  route: string,
  kind: "loader" | "action",
  url: string,
  init: { body?: string; client?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const request = new Request(`https://souls.example${url}`, {
    method: kind === "action" ? "POST" : "GET",
    body: init.body,
    headers: {
      ...(init.body !== undefined ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...init.headers,
    },
  });
  const context = { socketAddress: init.client ?? "203.0.113.7" };
  let result: unknown;
  try {
    result = await routes[route]?.[kind]?.({ request, params: {}, context });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, headers: result.headers, data: null, response: result };
  }
  const wrapped = result as { type?: string; data: Record<string, unknown>; init?: ResponseInit };
  if (wrapped?.type === "DataWithResponseInit") {
    return {
      status: wrapped.init?.status ?? 200,
      headers: new Headers(wrapped.init?.headers),
      data: wrapped.data,
      response: null,
    };
  }
  return { status: 200, headers: new Headers(), data: result as Record<string, unknown>, response: null };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const SHIPPING = {
  firstName: "Camille",
  lastName: "Martin",
  email: "camille@example.org",
  address: "12 rue des Martyrs",
  postalCode: "75009",
  city: "Paris",
  country: "FR",
};
let keys = 0;
const checkout = (items: string, client: string, cookie = "") =>
  call("checkout", "action", "/checkout", {
    body: form({
      intent: "pay",
      items,
      checkoutKey: `abuse-test-key-${++keys}-${"x".repeat(10)}`,
      // The total the shopper saw: 169 € a piece, free shipping in France.
      expectedTotal: String(
        [...new URLSearchParams(items)]
          .filter(([key]) => key.startsWith("qty"))
          .reduce((sum, [, qty]) => sum + Number(qty) * 16900, 0),
      ),
      ...SHIPPING,
    }),
    client,
    headers: { Cookie: cookie },
  });
const reserved = async () =>
  Object.fromEntries(
    (await t.db.selectFrom("products").select(["slug", "reserved"]).execute()).map((p) => [
      p.slug,
      p.reserved,
    ]),
  );

describe("denial of inventory (OWASP OAT-021)", () => {
  it("refuses ten lines of twenty of one model with a message, holding nothing", async () => {
    const items = Array.from({ length: 10 }, (_, i) =>
      i ? `product${i + 1}=nadia&qty${i + 1}=20` : "product=nadia&qty=20",
    ).join("&");
    const answer = await checkout(items, "198.51.100.1");
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      outcome: "refused",
      refusal: { problem: "orderLimit", model: "nadia", limit: 3 },
    });
    expect(await reserved()).toEqual({ aicha: 0, nadia: 0, bilin: 0, ilian: 0 });
    expect(await t.db.selectFrom("orders").select("id").execute()).toEqual([]);
    // The checkout page itself says so for such an address.
    const page = await call("checkout", "loader", `/checkout?${items}`);
    expect(page.status).toBe(409);
    expect(page.data).toMatchObject({ state: "orderLimit", model: "nadia", limit: 3 });
  });

  it("lets one client hold at most 6 pieces, then answers 429 in the shopper's language", async () => {
    expect((await checkout("product=aicha&qty=3", "198.51.100.2")).status).toBe(303);
    expect((await checkout("product=nadia&qty=3", "198.51.100.2")).status).toBe(303);
    const third = await checkout("product=bilin&qty=1", "198.51.100.2");
    expect(third.status).toBe(429);
    expect(third.headers.get("Retry-After")).toBe("600");
    expect(third.data).toMatchObject({
      outcome: "refused",
      refusal: { problem: "clientLimit", reason: "held_pieces", count: 6 },
    });
    expect(await reserved()).toEqual({ aicha: 3, nadia: 3, bilin: 0, ilian: 0 });
    // Another shopper still buys.
    expect((await checkout("product=bilin&qty=1", "198.51.100.3")).status).toBe(303);
  });

  it("gives back this browser's earlier hold when it starts a new checkout", async () => {
    const first = await checkout("product=ilian&qty=3", "198.51.100.4");
    const cookie = (first.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect((await reserved()).ilian).toBe(3);
    expect((await checkout("product=ilian&qty=1", "198.51.100.4", cookie)).status).toBe(303);
    expect((await reserved()).ilian).toBe(1);
  });
});

describe("sign-ups turned against strangers", () => {
  const signUp = (email: string, client: string) =>
    call("home", "action", "/", { body: form({ intent: "signup", email }), client });

  it("takes 5 addresses an hour from one client, then a 429 with a message, and mails only those 5", async () => {
    for (let i = 0; i < 5; i++)
      expect((await signUp(`stranger${i}@example.org`, "192.0.2.9")).status).toBe(200);
    const refused = await signUp("stranger5@example.org", "192.0.2.9");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      form: "signup",
      errors: { form: "common:signup.errors.rateLimited" },
    });
    expect(await t.db.selectFrom("signups").select("id").execute()).toHaveLength(5);
    const mail = await t.db.selectFrom("emailQueue").select(["type", "recipient"]).execute();
    expect(mail).toHaveLength(5);
    expect(mail.every((m) => m.type === "signup_confirmation")).toBe(true);
  });

  it("answers a known address as a new one and counts it the same: no way to learn who is subscribed", async () => {
    expect((await signUp("known@example.org", "192.0.2.20")).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await signUp("known@example.org", "192.0.2.21"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const fresh = await signUp("fresh@example.org", "192.0.2.22");
    // The same thanks (each toast has an id of its own).
    expect(answers[0]?.data).toEqual({
      ...fresh.data,
      toast: { ...(fresh.data?.toast as object), id: expect.any(String) },
    });
    expect((await signUp("new@example.org", "192.0.2.21")).status).toBe(429);
  });

  it("keeps a back-in-stock list only for a sold-out model", async () => {
    const ask = () =>
      call("product", "action", "/en/product/nadia-fanny-pack", {
        body: form({ intent: "waitlist", email: "nour@example.org", consent: "yes" }),
      });
    const onSale = await ask();
    expect(onSale.status).toBe(409);
    expect(onSale.data).toMatchObject({ errors: { form: "common:signup.errors.notSoldOut" } });
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "nadia").execute();
    expect((await ask()).status).toBe(200);
  });

  it("confirms an address through its e-mail's link, and unsubscribes it in one click (RFC 8058)", async () => {
    await signUp("lina@example.org", "192.0.2.10");
    const { payload } = await t.db.selectFrom("emailQueue").select("payload").executeTakeFirstOrThrow();
    const token = String(payload.token);
    // Following the link changes nothing: a mail scanner fetching it confirms no one.
    const page = await call("confirm", "loader", `/inscription/confirmer?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(
      (await t.db.selectFrom("signups").select("confirmedAt").executeTakeFirstOrThrow()).confirmedAt,
    ).toBeNull();
    const confirmed = await call("confirm", "action", "/inscription/confirmer", { body: form({ token }) });
    expect(confirmed.data).toEqual({ outcome: "confirmed" });
    expect(
      (await t.db.selectFrom("signups").select("confirmedAt").executeTakeFirstOrThrow()).confirmedAt,
    ).toBeInstanceOf(Date);
    const forged = await call("confirm", "action", "/inscription/confirmer", {
      body: form({ token: `${token}x` }),
    });
    expect(forged.status).toBe(400);

    const { signupToken } = await import("@souls/shop/testing");
    const { sessionSecret } = await import("~/lib/env.server");
    const { id } = await t.db.selectFrom("signups").select("id").executeTakeFirstOrThrow();
    const unsubscribeToken = signupToken(sessionSecret, "unsubscribe", id);
    const oneClick = await call(
      "unsubscribe",
      "action",
      `/desinscription?token=${encodeURIComponent(unsubscribeToken)}`,
      {
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(oneClick.status).toBe(200);
    expect(await t.db.selectFrom("signups").select("id").execute()).toEqual([]);
  });

  it.each([
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0a/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/%E3%80%82evil.example",
    "/\u3002evil.example",
    "//evil.example",
  ])("answers the return field %j with a Location of this site, never a 500", async (redirectTo) => {
    const answer = await call("home", "action", "/", {
      body: `intent=signup&email=ines%40example.org&redirectTo=${encodeURIComponent(redirectTo)}`,
      client: `192.0.2.${Math.floor(Math.random() * 200)}`,
    });
    expect(answer.status).toBe(303);
    const location = answer.headers.get("Location") ?? "";
    expect(new URL(location, "https://souls.example/").origin).toBe("https://souls.example");
  });
});

describe("tracking links embedded by another site", () => {
  it("refuses an image or frame request without looking the token up, and keeps the visitor's own link working", async () => {
    const paid = await placePaidOrder(t.db);
    const embedded = {
      "Sec-Fetch-Site": "cross-site",
      "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Dest": "image",
    };
    for (let i = 0; i < 12; i++) {
      const answer = await call("tracking", "loader", `/suivi-commande?token=${"g".repeat(40)}${i}`, {
        client: "203.0.113.50",
        headers: embedded,
      });
      expect(answer.status).toBe(403);
    }
    const framed = await call("tracking", "loader", `/suivi-commande?token=${paid.token}`, {
      client: "203.0.113.50",
      headers: { ...embedded, "Sec-Fetch-Dest": "iframe", "Sec-Fetch-Mode": "navigate" },
    });
    expect(framed.status).toBe(403);
    expect(await t.db.selectFrom("trackingAccessLog").select("id").execute()).toEqual([]);
    // The link in her e-mail, opened from her webmail (a cross-site top-level navigation).
    const own = await call("tracking", "loader", `/suivi-commande?token=${paid.token}`, {
      client: "203.0.113.50",
      headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    });
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ state: "result", order: { orderNumber: paid.orderNumber } });
  });
});

describe("the Host header", () => {
  it("never reaches robots.txt, the sitemap or a page's links", async () => {
    const evil = { Host: "evil.example", "X-Forwarded-Host": "evil.example" };
    for (const route of ["robots", "sitemap"]) {
      const answer = await call(route, "loader", "/", { headers: evil });
      const text = await answer.response?.text();
      expect(text).toContain("https://souls.example");
      expect(text).not.toContain("evil.example");
    }
    const home = await call("home", "loader", "/", { headers: evil });
    expect(JSON.stringify(home.data)).not.toContain("evil.example");
  });
});

describe("what a client may hold open", () => {
  it("admits 6 live streams per client, then 503 with Retry-After; a closed one frees its place", async () => {
    const aborts = Array.from({ length: 6 }, () => new AbortController());
    const open = (client: string, signal?: AbortSignal) =>
      routes.live?.loader?.({
        request: new Request("https://souls.example/live/availability", { signal }),
        params: {},
        context: { socketAddress: client },
      }) as Response;
    for (const abort of aborts) expect(open("203.0.113.80", abort.signal).status).toBe(200);
    const refused = open("203.0.113.80");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(open("203.0.113.81", new AbortController().signal).status).toBe(200);
    aborts[0]?.abort();
    const again = new AbortController();
    expect(open("203.0.113.80", again.signal).status).toBe(200);
    for (const abort of [...aborts, again]) abort.abort();
  });

  it("refuses a live stream asked for a malformed model, with a 400 and no slot taken", async () => {
    for (const model of ["../admin", "x".repeat(200), "Lina", ""]) {
      const answer = routes.live?.loader?.({
        request: new Request(`https://souls.example/live/availability?model=${encodeURIComponent(model)}`),
        params: {},
        context: { socketAddress: "203.0.113.82" },
      }) as Response;
      expect(answer.status).toBe(400);
    }
  });

  it("refuses a tRPC batch naming more than 10 procedures", async () => {
    const names = Array.from({ length: 1400 }, () => "emails.stats").join(",");
    const answer = await call("trpc", "loader", `/trpc/${names}?batch=1&input=${encodeURIComponent("{}")}`);
    expect(answer.status).toBe(400);
    expect((await answer.response?.text())?.length ?? 0).toBeLessThan(2000);
  });
});
