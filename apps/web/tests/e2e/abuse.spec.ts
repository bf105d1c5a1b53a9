import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import { checkoutForm } from "./checkout-helpers";
import { expect, freePort, sql, test } from "./fixtures";
import { startServer, webDir } from "./servers";

// Runs in the js-on project only: attacks made by scripts and by another site's page, against
// the production build (and, for payments, a production configuration with Stripe keys).

test.describe("a deployment with Stripe keys", () => {
  test.describe.configure({ mode: "default" });
  let double: Awaited<ReturnType<typeof startStripeStandIn>>;
  let shop: { origin: string; server: ChildProcess };

  test.beforeAll(async () => {
    double = await startStripeStandIn();
    const env: Record<string, string | undefined> = {
      NODE_ENV: "production",
      SESSION_SECRET: "free-goods-test-secret-".padEnd(48, "x"),
      ADMIN_PASSWORD: "free-goods-owner-password",
      SITE_URL: "https://souls.example",
      STRIPE_SECRET_KEY: "sk_test_free_goods",
      STRIPE_PUBLISHABLE_KEY: "pk_test_free_goods",
      STRIPE_WEBHOOK_SECRET: "whsec_free_goods",
      STRIPE_API_URL: `http://127.0.0.1:${double.api.port}`,
    };
    // Not the embedded database's local mode: the real deployment rules.
    env.SHOP_EMBEDDED_DB = undefined;
    shop = await startServer(env);
  });
  test.afterAll(async () => {
    shop?.server.kill("SIGTERM");
    await double?.close();
  });

  test("the offline test payment page cannot pay a Stripe order: no piece leaves, no e-mail goes", async () => {
    const placed = await fetch(`${shop.origin}/checkout`, {
      method: "POST",
      body: new URLSearchParams(checkoutForm("product=bilin&qty=1")),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.250.0.1" },
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    const cookie = placed.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [order] = await sql<{ id: number; order_number: string }>(
      "SELECT id, order_number FROM orders WHERE payment_provider = 'stripe' ORDER BY id DESC LIMIT 1",
    );
    const attack = await fetch(`${shop.origin}/paiement-test?order=${order?.order_number}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "pay",
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      redirect: "manual",
    });
    expect(attack.status).toBe(404);
    const page = await fetch(`${shop.origin}/paiement-test?order=${order?.order_number}`, {
      headers: { Cookie: cookie },
    });
    expect(page.status).toBe(404);
    expect(await sql("SELECT status, payment_status FROM orders WHERE id = $1", [order?.id])).toEqual([
      { status: "awaiting_payment", payment_status: "pending" },
    ]);
    expect(await sql("SELECT id FROM email_queue WHERE order_id = $1", [order?.id])).toEqual([]);
  });
});

test("a deployment refuses to start on the offline gateway, or without its public origin", async () => {
  const port = await freePort();
  const refusal = (env: Record<string, string>) =>
    new Promise<string>((resolve) => {
      const child = spawn("node", ["server.mjs"], {
        cwd: webDir,
        env: {
          ...process.env,
          PORT: String(port),
          NODE_ENV: "production",
          SHOP_EMBEDDED_DB: undefined,
          SITE_URL: undefined,
          STRIPE_SECRET_KEY: undefined,
          SESSION_SECRET: "refusal-test-secret-".padEnd(48, "x"),
          ADMIN_PASSWORD: "refusal-owner-password",
          ...env,
        },
      });
      let said = "";
      child.stderr.on("data", (chunk) => (said += chunk));
      child.on("exit", (code) => resolve(`${code}: ${said}`));
    });
  expect(await refusal({ SITE_URL: "https://souls.example" })).toMatch(
    /^1: [\s\S]*a deployment takes real payments/,
  );
  expect(await refusal({ ALLOW_TEST_PAYMENTS: "true" })).toMatch(
    /^1: [\s\S]*SITE_URL is required in production/,
  );
});

test("another site's images cannot spend a visitor's tracking attempts nor block her own link", async ({
  browser,
  request,
  extraHTTPHeaders,
}) => {
  // A paid order of hers, through the shop's own forms (without JavaScript).
  const placed = await request.post("/checkout", {
    form: checkoutForm("product=aicha&qty=1"),
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(303);
  const payment = placed.headers().location ?? "";
  const paid = await request.post(payment, {
    form: { intent: "pay", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const orderNumber = new URL(payment, "http://x").searchParams.get("order");
  const [confirmation] = await sql<{ payload: { trackingToken: string } }>(
    "SELECT q.payload FROM email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1 AND q.type = 'order_confirmation'",
    [orderNumber],
  );
  const token = confirmation?.payload.trackingToken ?? "";

  // The other site (localhost is another site than 127.0.0.1): a page with twelve images
  // pointing at made-up tracking links of this shop.
  const shop = new URL(test.info().project.use.baseURL ?? "").origin;
  const images = Array.from(
    { length: 12 },
    (_, i) => `<img src="${shop}/suivi-commande?token=${"g".repeat(40)}${i}" alt="">`,
  );
  const otherSite = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(`<!doctype html><title>Cats</title>${images.join("")}`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, "localhost", resolve));
  const context = await browser.newContext({ extraHTTPHeaders });
  const visitor = await context.newPage();
  const embedded: string[] = [];
  const settle = (request: { url(): string }) => {
    if (request.url().includes("/suivi-commande")) embedded.push(request.url());
  };
  // Refused, then blocked by the browser as an image that is not one: either way, settled.
  visitor.on("requestfinished", settle);
  visitor.on("requestfailed", settle);
  const before = await sql("SELECT count(*)::int AS n FROM tracking_access_log");
  await visitor.goto(`http://localhost:${(otherSite.address() as AddressInfo).port}/cats`);
  await expect.poll(() => embedded.length).toBe(12);
  // Not one look-up was made nor counted: no log row, no block.
  expect(await sql("SELECT count(*)::int AS n FROM tracking_access_log")).toEqual(before);

  // Then she opens the link of her confirmation e-mail: her order, not a block.
  await visitor.goto(`${shop}/suivi-commande?token=${encodeURIComponent(token)}`);
  await expect(visitor.getByRole("heading", { name: `Commande ${orderNumber}` })).toBeVisible();
  await context.close();
  otherSite.close();
});

test("refused requests are answered with their reason in the shopper's language, never a 5xx", async ({
  request,
}) => {
  const items = Array.from({ length: 10 }, (_, i) =>
    i ? `product${i + 1}=nadia&qty${i + 1}=20` : "product=nadia&qty=20",
  ).join("&");
  const hostage = await request.get(`/en/checkout?${items}`);
  expect(hostage.status()).toBe(409);
  expect(await hostage.text()).toContain("At most 3 pieces of Nadia per order");
  const french = await request.get(`/checkout?${items}`);
  expect(await french.text()).toContain("Au plus 3 pièces de Nadia par commande");
  for (const trick of [
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0d/evil.example",
    "/%E3%80%82evil.example",
  ]) {
    const answer = await request.post("/panier", {
      data: `intent=remove&model=aicha&redirectTo=${trick}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(answer.status(), trick).toBe(303);
    expect(new URL(answer.headers().location ?? "", "http://127.0.0.1/").host, trick).toBe("127.0.0.1");
  }
});
