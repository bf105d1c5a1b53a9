/** The checkout's action with Stripe configured, against real PostgreSQL and a local Stripe double. */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { TEST_SHIPPING } from "@souls/shop/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
let double: Awaited<ReturnType<typeof startStripeStandIn>>;
type Action = (args: { request: Request; params: object; context: object }) => Promise<unknown>;
let action: Action;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  double = await startStripeStandIn();
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_checkout");
  vi.stubEnv("STRIPE_PUBLISHABLE_KEY", "pk_test_checkout");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_checkout");
  vi.stubEnv("STRIPE_API_URL", `http://127.0.0.1:${double.api.port}`);
  vi.stubEnv("SITE_URL", "https://souls.example");
  action = (await import("./route")).action as Action;
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await double.close();
  await t.drop();
});

// The checkout form posts strings; the optional fields stay empty.
const {
  deliveryInstructions: _i,
  customerNote: _n,
  phone: _p,
  addressLine2: _l,
  ...shipping
} = TEST_SHIPPING;

async function post(fields: Record<string, string>, cookie = "") {
  const request = new Request("http://shop.test/checkout", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const result = await action({ request, params: {}, context: {} });
  if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
  // Actions answer either plain data or `data(value, init)`.
  const wrapped = result as {
    type?: string;
    data: Record<string, unknown>;
    init?: { status?: number; headers?: HeadersInit };
  };
  if (wrapped.type !== "DataWithResponseInit")
    return { status: 200, headers: new Headers(), body: result as Record<string, unknown> };
  return {
    status: wrapped.init?.status ?? 200,
    headers: new Headers(wrapped.init?.headers),
    body: wrapped.data,
  };
}

const checkoutKey = () => `key-${Math.random().toString(36).slice(2)}-checkout`;

/** An order of one piece placed with JavaScript (Payment Element), and this browser's cookie. */
async function placedWithElement(model: string) {
  const paid = await post({
    intent: "pay",
    paymentMode: "element",
    items: `product=${model}&qty=1`,
    expectedTotal: "16900",
    checkoutKey: checkoutKey(),
    ...shipping,
  });
  const { orderNumber } = (paid.body?.payment ?? {}) as { orderNumber: string };
  const cookie = (paid.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const order = await t.db
    .selectFrom("orders")
    .select(["id", "paymentReference"])
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirstOrThrow();
  return { orderNumber, cookie, id: order.id, intent: order.paymentReference ?? "" };
}

const orderState = (id: number) =>
  t.db
    .selectFrom("orders")
    .select(["country", "totalCents", "status", "paymentStatus"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("checkout with Stripe", () => {
  it("with JavaScript, creates a PaymentIntent for the Payment Element and, on a new country, updates its amount", async () => {
    const paid = await post({
      intent: "pay",
      paymentMode: "element",
      items: "product=aicha&qty=1",
      expectedTotal: "16900",
      checkoutKey: checkoutKey(),
      ...shipping,
    });
    expect(paid.status).toBe(200);
    const payment = paid.body?.payment as { orderNumber: string; clientSecret: string; returnUrl: string };
    const created = double.requests.find((r) => r.path === "/v1/payment_intents");
    const [intent] = [...double.intents.values()].filter(
      (one) => one.metadata.order_number === payment.orderNumber,
    );
    expect(payment.clientSecret).toBe(intent?.client_secret);
    // The configured origin, never the request's Host (shop.test here).
    expect(payment.returnUrl).toBe(`https://souls.example/merci?order=${payment.orderNumber}`);
    expect(created?.form.get("amount")).toBe("16900");
    expect(created?.form.get("metadata[order_number]")).toBe(payment.orderNumber);
    expect(created?.idempotencyKey).toBe(`payment-${payment.orderNumber}-element-16900`);

    const cookie = (paid.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const quoted = await post(
      { intent: "quote", country: "DE", items: "product=aicha&qty=1", orderNumber: payment.orderNumber },
      cookie,
    );
    expect(quoted.body?.quote).toEqual({ country: "DE", shippingCents: 1200, totalCents: 18100 });
    const updated = double.requests.find((r) => r.path === `/v1/payment_intents/${intent?.id}`);
    expect(updated?.form.get("amount")).toBe("18100");
    const order = await t.db
      .selectFrom("orders")
      .select(["country", "totalCents"])
      .where("orderNumber", "=", payment.orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ country: "DE", totalCents: 18100 });
  });

  it("refuses a new country once the card is confirmed; Stripe's event then pays the order what it took (issue 22's attack)", async () => {
    const { orderNumber, cookie, id, intent } = await placedWithElement("bilin");
    // The card is confirmed for France (169 €) on Stripe's side, then a quote asks for the US.
    const confirmed = double.confirmIntent(intent);
    const quoted = await post(
      { intent: "quote", country: "US", items: "product=bilin&qty=1", orderNumber },
      cookie,
    );
    expect(quoted.status).toBe(409);
    expect(quoted.body).toEqual({
      outcome: "quote",
      quote: null,
      refused: { reason: "payment_locked", kept: { country: "FR", shippingCents: 0, totalCents: 16900 } },
    });
    expect(await orderState(id)).toMatchObject({ country: "FR", totalCents: 16900 });
    expect(double.intents.get(intent)?.amount).toBe(16900);

    const webhook = await import("~/routes/stripe-webhook/route");
    const payload = JSON.stringify({
      id: "evt_checkout_attack",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...confirmed, object: "payment_intent" } },
    });
    const signature = new Stripe("sk_test_signer").webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_checkout",
    });
    const answer = await webhook.action({
      request: new Request("http://shop.test/webhooks/stripe", {
        method: "POST",
        body: payload,
        headers: { "Stripe-Signature": signature },
      }),
      params: {},
      context: {},
    });
    expect(await answer.json()).toMatchObject({ outcome: "paid" });
    expect(await orderState(id)).toEqual({
      country: "FR",
      totalCents: 16900,
      status: "pending_preparation",
      paymentStatus: "paid",
    });
  });

  it("answers 409 and keeps the order as Stripe holds it when Stripe fails during a change of country", async () => {
    const { orderNumber, cookie, id, intent } = await placedWithElement("nadia");
    double.state.failAmountUpdates = 1;
    const quoted = await post(
      { intent: "quote", country: "DE", items: "product=nadia&qty=1", orderNumber },
      cookie,
    );
    expect(quoted.status).toBe(409);
    expect(quoted.body).toMatchObject({
      refused: { reason: "gateway_unavailable", kept: { country: "FR" } },
    });
    expect((await orderState(id)).totalCents).toBe(16900);
    expect(double.intents.get(intent)?.amount).toBe(16900);
    // Stripe back: the same change goes through, both sides together.
    const again = await post(
      { intent: "quote", country: "DE", items: "product=nadia&qty=1", orderNumber },
      cookie,
    );
    expect(again.body?.quote).toEqual({ country: "DE", shippingCents: 1200, totalCents: 18100 });
    expect((await orderState(id)).totalCents).toBe(18100);
    expect(double.intents.get(intent)?.amount).toBe(18100);
  });

  it("never moves an order that is not this browser's", async () => {
    const [order] = await t.db.selectFrom("orders").select(["orderNumber", "country"]).execute();
    const quoted = await post({
      intent: "quote",
      country: "US",
      items: "product=aicha&qty=1",
      orderNumber: order?.orderNumber ?? "",
    });
    expect(quoted.body?.quote).toMatchObject({ country: "US", totalCents: 16900 + 2500 });
    const after = await t.db
      .selectFrom("orders")
      .select("country")
      .where("orderNumber", "=", order?.orderNumber ?? "")
      .executeTakeFirstOrThrow();
    expect(after.country).toBe(order?.country);
  });

  it("without JavaScript, sends the shopper to a Stripe Checkout Session with a 303", async () => {
    const paid = await post({
      intent: "pay",
      items: "product=nadia&qty=1",
      expectedTotal: "16900",
      checkoutKey: checkoutKey(),
      ...shipping,
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\w+$/);
  });

  it("never lets the offline test payment page pay a Stripe order (the free-goods attack)", async () => {
    const placed = await post({
      intent: "pay",
      items: "product=ilian&qty=1",
      expectedTotal: "16900",
      checkoutKey: checkoutKey(),
      ...shipping,
    });
    expect(placed.status).toBe(303);
    const cookie = (placed.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const [orderNumber] = await t.db
      .selectFrom("orders")
      .select("orderNumber")
      .where("paymentProvider", "=", "stripe")
      .orderBy("id", "desc")
      .execute()
      .then((rows) => rows.map((row) => row.orderNumber));
    const offlinePayment = await import("~/routes/offline-payment/route");
    const request = (method: "GET" | "POST") =>
      new Request(`http://shop.test/paiement-test?order=${orderNumber}`, {
        method,
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "intent=pay&cardNumber=4242424242424242&expiry=12%2F34&cvc=123" : undefined,
      });
    const runs: [string, () => Promise<unknown>][] = [
      ["the page", () => offlinePayment.loader({ request: request("GET"), params: {}, context: {} })],
      ["its card form", () => offlinePayment.action({ request: request("POST"), params: {}, context: {} })],
    ];
    for (const [name, run] of runs) {
      const answer = await run().catch((thrown: unknown) => thrown);
      expect((answer as Response).status, name).toBe(404);
    }
    const order = await t.db
      .selectFrom("orders")
      .select(["status", "paymentStatus", "id"])
      .where("orderNumber", "=", orderNumber ?? "")
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "awaiting_payment", paymentStatus: "pending" });
    const emails = await t.db.selectFrom("emailQueue").select("id").where("orderId", "=", order.id).execute();
    expect(emails).toEqual([]);
    const ilian = await t.db
      .selectFrom("products")
      .select(["stock", "reserved"])
      .where("slug", "=", "ilian")
      .executeTakeFirstOrThrow();
    expect(ilian).toEqual({ stock: 29, reserved: 1 });
  });
});
