import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { connect, type Socket } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import Stripe from "stripe";
import { ADMIN_PASSWORD } from "./admin-helpers";
import { checkoutForm, paidOrder, SHIPPING } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { rawRequest, startServer } from "./servers";

// Runs in the js-on project only: the attacks of docs/security.md §10–§12, replayed by a script
// against the production build, each server of its own so that a regression cannot take the
// suite's server down with it.

const PRODUCT = "/produit/sac-banane-aicha";
const request = (target: string, headers = "Host: 127.0.0.1\r\n", method = "GET") =>
  `${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

test.describe("a freshly started shop, attacked", () => {
  test.describe.configure({ mode: "default" });
  let shop: { origin: string; server: ChildProcess };

  test.beforeAll(async () => {
    shop = await startServer({ NODE_ENV: "production", TRUST_PROXY_HOPS: "1" });
  });
  test.afterAll(() => {
    shop?.server.kill("SIGTERM");
  });

  test("no request line, path or host ends the process: each gets its answer and the shop serves on", async () => {
    const answers: Record<string, number> = {};
    for (const [name, head] of [
      ["GET //", request("//")],
      ["HEAD //", request("//", undefined, "HEAD")],
      ["GET ///", request("///")],
      ["GET //@/", request("//@/")],
      ["GET //x:99999/", request("//x:99999/")],
      ["GET 15,000 slashes", request(`/${"/".repeat(15_000)}a`)],
      ["GET 7,000 segments", request(`/${"a/".repeat(7_000)}`)],
      ["GET absolute-form", request("http://evil/en")],
      ["GET *", request("*")],
      ["Host: [::1", request("/en", "Host: [::1\r\n")],
      ["Host: a:99999", request("/en", "Host: a:99999\r\n")],
      ["X-Forwarded-Host: a:99999", request("/en", "Host: 127.0.0.1\r\nX-Forwarded-Host: a:99999\r\n")],
      ["a malformed escape", request("/%E0%A4%A")],
      ["OPTIONS *", request("*", undefined, "OPTIONS")],
      ["TRACE /", request("/", undefined, "TRACE")],
    ] as const) {
      answers[name] = (await rawRequest(shop.origin, head)).status;
      expect(shop.server.exitCode, `the server exited after ${name}`).toBeNull();
    }
    expect(answers).toEqual({
      // The same path with one slash: never the page of another host.
      "GET //": 301,
      "HEAD //": 301,
      "GET ///": 301,
      "GET //@/": 301,
      "GET //x:99999/": 301,
      // Longer than any of the shop's paths: the router's work grows with their square.
      "GET 15,000 slashes": 414,
      "GET 7,000 segments": 414,
      "GET absolute-form": 400,
      "GET *": 400,
      "Host: [::1": 400,
      "Host: a:99999": 400,
      "X-Forwarded-Host: a:99999": 400,
      "a malformed escape": 400,
      // Neither reaches the app (a 500 and a stack trace in the log, before).
      "OPTIONS *": 405,
      "TRACE /": 405,
    });
    expect((await fetch(`${shop.origin}/livez`)).status).toBe(200);
    const home = await fetch(`${shop.origin}//`, { redirect: "manual" });
    expect(home.headers.get("location")).toBe("/");
    // A parameter a page does not read costs a redirect, never a page rendered for nobody.
    const busted = await fetch(`${shop.origin}/magazine?x=${Date.now()}&utm_source=ig`, {
      redirect: "manual",
    });
    expect(busted.status).toBe(301);
    expect(busted.headers.get("location")).toBe("/magazine?utm_source=ig");
  });

  test("the header that froze the server is read in one bounded pass: the page comes uncompressed", async () => {
    // The page as every visitor finds it: kept (the first request renders it, a later one finds it).
    await expect
      .poll(async () => (await fetch(`${shop.origin}${PRODUCT}`)).headers.get("x-page-cache"))
      .toBe("hit");
    // Raw bytes: fetch would trim the header's spaces. Sixty at once, as in the attack: every one
    // answered from the kept page, none compressed.
    const hostile = request(PRODUCT, `Host: 127.0.0.1\r\nAccept-Encoding: br${" ".repeat(16_000)};x\r\n`);
    const answers = await Promise.all(Array.from({ length: 60 }, () => rawRequest(shop.origin, hostile)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBe("hit");
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
    const usual = await fetch(`${shop.origin}${PRODUCT}`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(usual.headers.get("content-encoding")).toBe("br");
    expect(shop.server.exitCode).toBeNull();
  });

  test("forms whose bodies never come hold no one up: a page answers, and a shopper's form is answered", async () => {
    // Thirty posts send their headers and promise a body that never comes (one server lets 16 in
    // at a time; a turn lasts 2 s at most).
    const { hostname, port } = new URL(shop.origin);
    const stalled = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const socket = connect(Number(port), hostname, () => {
              socket.write(
                "POST /produit/sac-banane-nadia HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                  "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 64\r\n\r\nintent=",
              );
              resolve(socket);
            });
            socket.on("error", reject);
          }),
      ),
    );
    try {
      const page = await fetch(`${shop.origin}${PRODUCT}`);
      expect(page.status).toBe(200);
      const added = await fetch(`${shop.origin}/produit/sac-banane-nadia`, {
        method: "POST",
        body: new URLSearchParams({ intent: "add", model: "nadia" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.220.0.2" },
        redirect: "manual",
      });
      expect(added.status).toBe(200);
      expect(added.headers.getSetCookie().some((line) => line.startsWith("cart="))).toBe(true);
    } finally {
      for (const socket of stalled) socket.destroy();
    }
    expect(shop.server.exitCode).toBeNull();
  });

  test("a shopper's cart is never kept for every visitor, however its cookie is written", async () => {
    const added = await fetch(`${shop.origin}/produit/sac-banane-nadia`, {
      method: "POST",
      body: new URLSearchParams({ intent: "add", model: "nadia" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.220.0.1" },
      redirect: "manual",
    });
    expect(added.status).toBe(200);
    const value = added.headers
      .getSetCookie()
      .map((line) => line.split(";")[0] ?? "")
      .find((pair) => pair.startsWith("cart="))
      ?.slice("cart=".length);
    expect(value).toBeTruthy();

    const everyone = () => fetch(`${shop.origin}${PRODUCT}`, { headers: { "Accept-Encoding": "identity" } });
    for (const cookie of [`cart =${value}`, `cart\t=${value}`, ` cart= ${value}`, `x=1;cart =${value}`]) {
      const hers = await fetch(`${shop.origin}${PRODUCT}`, { headers: { Cookie: cookie } });
      expect(await hers.text(), cookie).toContain("Panier, 1 article");
      expect(hers.headers.get("x-page-cache"), cookie).toBeNull();
      for (const visitor of [await everyone(), await everyone()]) {
        expect(await visitor.text(), cookie).not.toContain("Panier, 1 article");
      }
    }
    // The visitors' page was kept and served from memory: the cache works, it kept nothing of hers.
    expect((await everyone()).headers.get("x-page-cache")).toBe("hit");
  });
});

/** The owner's session in this request context (its cookies), through the login form. */
async function logInOwner(request: APIRequestContext) {
  const login = await request.post("/admin", {
    form: { intent: "login", password: ADMIN_PASSWORD },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
}

const countOf = async (query: string, values: unknown[]) =>
  (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`, values))[0]?.n;

test("the panel's refunds: a click's key belongs to one order, an amount never restocks, a line once", async ({
  request,
}) => {
  const [first, second] = [await paidOrder(request), await paidOrder(request)];
  await logInOwner(request);
  const refund = (input: Record<string, unknown>) => request.post("/trpc/orders.refund", { data: input });
  const key = randomUUID().replaceAll("-", "");
  const done = await refund({
    orderNumber: first,
    requestKey: key,
    reason: "goodwill",
    amount: 10,
    restock: "no",
  });
  expect(done.status()).toBe(200);

  const sameKey = await refund({
    orderNumber: second,
    requestKey: key,
    reason: "goodwill",
    amount: 10,
    restock: "no",
  });
  expect(sameKey.status()).toBe(409);
  expect((await sameKey.json()).error.message).toMatch(
    /^Cette demande de remboursement a déjà servi pour une autre commande/,
  );
  const cancel = await request.post("/trpc/orders.cancel", {
    data: { orderNumber: second, requestKey: key },
  });
  expect(cancel.status()).toBe(409);

  const restocking = await refund({
    orderNumber: second,
    requestKey: randomUUID().replaceAll("-", ""),
    reason: "goodwill",
    amount: 10,
    restock: "now",
  });
  expect(restocking.status()).toBe(400);
  expect((await restocking.json()).error.data.zodError.fieldErrors.restock[0].key).toBe(
    "admin:input.amountNoRestock",
  );

  const [line] = await sql<{ id: number }>(
    "SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1",
    [second],
  );
  const twice = await refund({
    orderNumber: second,
    requestKey: randomUUID().replaceAll("-", ""),
    reason: "return",
    lines: [
      { itemId: line?.id, quantity: 1 },
      { itemId: line?.id, quantity: 1 },
    ],
    restock: "no",
  });
  expect(twice.status()).toBe(400);
  expect((await twice.json()).error.data.zodError.fieldErrors.lines[0].key).toBe("admin:input.lineTwice");

  // Nothing written by any refusal: no refund of the second order, none of its pieces back on sale
  // (read from its own line: other tests buy the same model meanwhile).
  expect(
    await countOf("refunds r JOIN orders o ON o.id = r.order_id WHERE o.order_number = $1", [second]),
  ).toBe(0);
  expect(
    await sql(
      "SELECT i.restocked_quantity FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1",
      [second],
    ),
  ).toEqual([{ restocked_quantity: 0 }]);
  expect(await sql("SELECT status, payment_status FROM orders WHERE order_number = $1", [second])).toEqual([
    { status: "pending_preparation", payment_status: "paid" },
  ]);
});

test("the accountant's export: months outside the books are a 400, a stranger gets a 401 and no data", async ({
  request,
  playwright,
}) => {
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const anonymous = await stranger.get("/admin-orders/export-comptable?from=2026-01&to=2026-12");
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()["content-disposition"]).toBeUndefined();
  await stranger.dispose();

  await logInOwner(request);
  const year0 = await request.get("/admin-orders/export-comptable?from=0000-01&to=0000-01");
  expect(year0.status()).toBe(400);
  expect(await year0.text()).toContain("Indiquez un mois de 2000 à 2999");
  const summary = await request.get(
    `/trpc/accounting.summary?input=${encodeURIComponent(JSON.stringify({ from: "0000-01", to: "0000-01" }))}`,
  );
  expect(summary.status()).toBe(400);
  const year = await request.get("/admin-orders/export-comptable?from=2026-01&to=2026-12");
  expect(year.status()).toBe(200);
  expect(year.headers()["content-type"]).toContain("text/csv");
});

test("sign-ups: a known address uses the allowance as a new one does, so nothing tells who is subscribed", async ({
  request,
}) => {
  const known = `known-${randomUUID()}@example.org`;
  const signUp = (email: string) => request.post("/", { form: { intent: "signup", email }, maxRedirects: 0 });
  const first = await signUp(known);
  const answers = [first.status()];
  for (let i = 0; i < 4; i++) answers.push((await signUp(known)).status());
  expect(answers).toEqual(Array(5).fill(first.status()));
  const fresh = `fresh-${randomUUID()}@example.org`;
  const refused = await signUp(fresh);
  expect(refused.status()).toBe(429);
  // The action's Retry-After reaches the client, not only the action's data.
  expect(refused.headers()["retry-after"]).toBe("3600");
  expect(await refused.text()).toMatch(/Trop d(&#x27;|')inscriptions depuis votre connexion/);
  expect(await countOf("signups WHERE email = $1", [fresh])).toBe(0);
  expect(await countOf("signups WHERE email = $1", [known])).toBe(1);
});

test("a name or address with bidirectional controls is stored, shown and mailed without them", async ({
  request,
}) => {
  const disguised = {
    ...SHIPPING,
    firstName: "\u202eCamille",
    lastName: "Mar\u2066tin\u2069",
    address: "12 rue des \u200fMartyrs",
    city: "Pa\u202dris",
  };
  const orderNumber = await paidOrder(request, { shipping: disguised });
  expect(
    await sql("SELECT first_name, last_name, address, city FROM orders WHERE order_number = $1", [
      orderNumber,
    ]),
  ).toEqual([{ first_name: "Camille", last_name: "Martin", address: "12 rue des Martyrs", city: "Paris" }]);
  const [mail] = await sql<{ payload: unknown }>(
    "SELECT q.payload FROM email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1",
    [orderNumber],
  );
  expect(JSON.stringify(mail?.payload)).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
});

test.describe("a deployment with Stripe keys, attacked", () => {
  test.describe.configure({ mode: "default" });
  const WEBHOOK_SECRET = "whsec_attacks";
  let double: Awaited<ReturnType<typeof startStripeStandIn>>;
  let shop: { origin: string; server: ChildProcess };
  const signer = new Stripe("sk_test_attacks");

  test.beforeAll(async () => {
    double = await startStripeStandIn();
    shop = await startServer({
      NODE_ENV: "production",
      SESSION_SECRET: "attacks-test-secret-".padEnd(48, "x"),
      ADMIN_PASSWORD,
      SITE_URL: "https://souls.example",
      STRIPE_SECRET_KEY: "sk_test_attacks",
      STRIPE_PUBLISHABLE_KEY: "pk_test_attacks",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${double.api.port}`,
      // Not the embedded database's local mode: the real deployment rules.
      SHOP_EMBEDDED_DB: undefined,
    });
  });
  test.afterAll(async () => {
    shop?.server.kill("SIGTERM");
    await double?.close();
  });

  /** A Payment Element checkout for one Bilin (169 € to France), as the browser posts it. */
  async function elementCheckout(client: string) {
    const placed = await fetch(`${shop.origin}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ ...checkoutForm("product=bilin&qty=1"), paymentMode: "element" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
    });
    expect(placed.status).toBe(200);
    const cookie = placed.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const [order] = await sql<{ order_number: string; payment_reference: string }>(
      "SELECT order_number, payment_reference FROM orders WHERE payment_provider = 'stripe' ORDER BY id DESC LIMIT 1",
    );
    return { cookie, orderNumber: order?.order_number ?? "", reference: order?.payment_reference ?? "" };
  }

  /** Stripe's signed `payment_intent.succeeded` for what the intent holds (or a forged amount). */
  const webhook = (intent: object) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...intent, object: "payment_intent" } },
    });
    return fetch(`${shop.origin}/webhooks/stripe`, {
      method: "POST",
      body: payload,
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
  };

  test("a country changed after the card is confirmed changes nothing: the order is paid what Stripe took", async () => {
    const { cookie, orderNumber, reference } = await elementCheckout("10.221.0.1");
    const taken = double.confirmIntent(reference);
    const quote = await fetch(`${shop.origin}/checkout`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "quote",
        country: "US",
        items: "product=bilin&qty=1",
        orderNumber,
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(quote.status).toBe(409);
    expect(
      await sql("SELECT country, total_cents FROM orders WHERE order_number = $1", [orderNumber]),
    ).toEqual([{ country: "FR", total_cents: 16900 }]);
    expect(double.intents.get(reference)?.amount).toBe(16900);

    expect((await webhook(taken)).status).toBe(200);
    expect(
      await sql("SELECT status, payment_status, total_cents FROM orders WHERE order_number = $1", [
        orderNumber,
      ]),
    ).toEqual([{ status: "pending_preparation", payment_status: "paid", total_cents: 16900 }]);
    expect(
      await countOf("email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1", [
        orderNumber,
      ]),
    ).toBe(1);
  });

  test("a payment of another amount than the total is never marked paid; the owner gives back what was taken", async () => {
    const { orderNumber, reference } = await elementCheckout("10.221.0.2");
    // What a failed commit after Stripe's update would leave: Stripe's intent moved to 194 €, the
    // order still at 169 €, and the card confirmed for what the intent held.
    double.account.updateIntent(reference, { amount: 19400 });
    const taken = double.confirmIntent(reference);
    expect((await webhook(taken)).status).toBe(200);
    expect((await webhook(taken)).status).toBe(200);
    expect(
      await sql("SELECT status, payment_status FROM orders WHERE order_number = $1", [orderNumber]),
    ).toEqual([{ status: "awaiting_payment", payment_status: "mismatch" }]);
    expect(
      await countOf("email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1", [
        orderNumber,
      ]),
    ).toBe(0);

    const login = await fetch(`${shop.origin}/admin`, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", password: ADMIN_PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const owner = login.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const giveBack = () =>
      fetch(`${shop.origin}/trpc/orders.refundMismatch`, {
        method: "POST",
        body: JSON.stringify({ orderNumber, requestKey: `mismatch-${orderNumber}` }),
        headers: { "Content-Type": "application/json", Cookie: owner },
      });
    expect((await giveBack()).status).toBe(200);
    await giveBack();
    expect(double.refunds.filter((refund) => refund.payment_intent === reference)).toEqual([
      expect.objectContaining({ amount: 19400 }),
    ]);
    expect(
      await sql("SELECT status, payment_status FROM orders WHERE order_number = $1", [orderNumber]),
    ).toEqual([{ status: "refunded", payment_status: "refunded" }]);
  });
});
