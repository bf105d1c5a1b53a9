/** The Stripe webhook route on real PostgreSQL, with Stripe's API replaced by a local double. */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { TEST_SHIPPING } from "@souls/shop/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const SECRET = "whsec_route_test";
let t: TestDatabase;
let double: Awaited<ReturnType<typeof startStripeStandIn>>;
let action: (args: { request: Request; params: object; context: object }) => Promise<Response>;
let orderNumber: string;
let paidIntent: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  double = await startStripeStandIn();
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_route");
  vi.stubEnv("STRIPE_PUBLISHABLE_KEY", "pk_test_route");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
  vi.stubEnv("STRIPE_API_URL", `http://127.0.0.1:${double.api.port}`);
  action = (await import("./route")).action as typeof action;
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "stripe",
  });
  if (!placed.ok) throw new Error("order refused");
  orderNumber = placed.order.orderNumber;
  // Its payment at Stripe, confirmed with a card: the intent the events below speak of.
  const intent = double.account.createIntent({
    amount: 16900,
    currency: "eur",
    metadata: { order_number: orderNumber },
  });
  paidIntent = double.confirmIntent(intent.id).id;
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await double.close();
  await t.drop();
});

const signer = new Stripe("sk_test_signer");
/** Stripe's payment_intent.succeeded, with what it took (the order's 169 € unless told). */
const succeeded = (id = "evt_route_1", number = orderNumber, amountReceived = 16900) =>
  JSON.stringify({
    id,
    object: "event",
    type: "payment_intent.succeeded",
    data: {
      object: {
        id: paidIntent,
        object: "payment_intent",
        amount: amountReceived,
        amount_received: amountReceived,
        currency: "eur",
        metadata: { order_number: number },
      },
    },
  });
const deliver = (payload: string, signature: string | null) =>
  action({
    request: new Request("http://shop.test/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: signature ? { "Stripe-Signature": signature } : {},
    }),
    params: {},
    context: {},
  });
const sign = (payload: string, secondsAgo = 0) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    timestamp: Math.floor(Date.now() / 1000) - secondsAgo,
  });
const orderState = () =>
  t.db
    .selectFrom("orders")
    .select(["status", "paymentStatus"])
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirstOrThrow();

describe("POST /webhooks/stripe", () => {
  it("answers 400 to a tampered body or a 301-second-old signature, and changes nothing", async () => {
    const payload = succeeded();
    expect((await deliver(payload.replace("16900", "1"), sign(payload))).status).toBe(400);
    expect((await deliver(payload, sign(payload, 301))).status).toBe(400);
    expect((await deliver(payload, null)).status).toBe(400);
    expect(await orderState()).toEqual({ status: "awaiting_payment", paymentStatus: "pending" });
    expect(await t.db.selectFrom("paymentEvents").selectAll().execute()).toEqual([]);
  });

  it("applies a signed event once, however often Stripe delivers it", async () => {
    const payload = succeeded();
    const answers = await Promise.all([1, 2, 3].map(() => deliver(payload, sign(payload))));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await orderState()).toEqual({ status: "pending_preparation", paymentStatus: "paid" });
    const emails = await t.db.selectFrom("emailQueue").select("type").execute();
    expect(emails).toEqual([{ type: "order_confirmation" }]);
  });

  it("records a refund made in Stripe's dashboard once, however often charge.refunded arrives", async () => {
    // The paid order above; the owner refunds 50 € in Stripe's dashboard.
    const dashboard = double.dashboardRefund(paidIntent, 5000);
    const refunded = (id: string) =>
      JSON.stringify({
        id,
        object: "event",
        type: "charge.refunded",
        data: { object: { id: "ch_1", object: "charge", payment_intent: paidIntent, amount_refunded: 5000 } },
      });
    for (const id of ["evt_refund_1", "evt_refund_2"]) {
      const payload = refunded(id);
      expect((await deliver(payload, sign(payload))).status).toBe(200);
    }
    // An amount names no piece: the order has not left and is still to prepare, its payment partly refunded.
    expect(await orderState()).toEqual({
      status: "pending_preparation",
      paymentStatus: "partially_refunded",
    });
    const refunds = await t.db
      .selectFrom("refunds")
      .select(["amountCents", "source", "providerRefundId"])
      .execute();
    expect(refunds).toEqual([{ amountCents: 5000, source: "provider", providerRefundId: dashboard.id }]);
    const emails = await t.db
      .selectFrom("emailQueue")
      .select(["type", "payload"])
      .where("type", "=", "order_refund")
      .execute();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.payload).toMatchObject({
      amountCents: 5000,
      reason: "goodwill",
      fullyRefunded: false,
      items: [],
    });
  });

  it("pays nothing when Stripe took another amount than the order's total, and keeps it for the owner", async () => {
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "stripe",
    });
    if (!placed.ok) throw new Error("order refused");
    const { id, orderNumber: number } = placed.order;
    // Stripe took 194 € for an order of 169 € (a total moved after the card was confirmed).
    const payload = succeeded("evt_route_194", number, 19400);
    const outcomes = [];
    for (const _delivery of [1, 2]) {
      const answer = await deliver(payload, sign(payload));
      expect(answer.status).toBe(200);
      outcomes.push(((await answer.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(["amount_mismatch", "already_applied"]);
    const order = await t.db
      .selectFrom("orders")
      .select(["status", "paymentStatus"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "awaiting_payment", paymentStatus: "mismatch" });
    expect(await t.db.selectFrom("emailQueue").select("id").where("orderId", "=", id).execute()).toEqual([]);
    const nadia = await t.db
      .selectFrom("products")
      .select(["stock", "reserved"])
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    expect(nadia.reserved).toBe(1);
    const events = await t.db
      .selectFrom("paymentEvents")
      .select(["amountCents", "currency"])
      .where("eventId", "=", "evt_route_194")
      .execute();
    expect(events).toEqual([{ amountCents: 19400, currency: "EUR" }]);
    const check = await t.db
      .selectFrom("paymentChecks")
      .select(["receivedCents", "expectedCents"])
      .where("orderId", "=", id)
      .execute();
    expect(check).toEqual([{ receivedCents: 19400, expectedCents: 16900 }]);
  });

  it("refuses a body far larger than any Stripe event", async () => {
    const huge = "x".repeat(1024 * 1024 + 1);
    expect((await deliver(huge, sign(huge))).status).toBe(413);
  });
});
