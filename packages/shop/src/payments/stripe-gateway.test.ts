import { startStripeStandIn, TEST_CARDS } from "@souls/stripe-stand-in";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeGateway } from "./stripe-gateway";

const WEBHOOK_SECRET = "whsec_test_secret";
/** A card Stripe's test mode accepts. */
const CARD = { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: "123" };
let double: Awaited<ReturnType<typeof startStripeStandIn>>;
let gateway: ReturnType<typeof createStripeGateway>;

beforeAll(async () => {
  double = await startStripeStandIn();
  gateway = createStripeGateway({
    secretKey: "sk_test_double",
    webhookSecret: WEBHOOK_SECRET,
    api: double.api,
  });
});
afterAll(() => double.close());

const payment = {
  orderNumber: "SOULS-123456ABCD",
  totalCents: 18100,
  currency: "EUR",
  email: "ines@example.org",
  locale: "fr" as const,
};
const urls = {
  returnUrl: "https://shop.test/merci?order=SOULS-123456ABCD",
  cancelUrl: "https://shop.test/panier",
};

describe("the Stripe adapter", () => {
  it("creates a PaymentIntent for the Payment Element with the order's amount, currency, metadata and key", async () => {
    const started = await gateway.startPayment(payment, {
      ...urls,
      withJavaScript: true,
      idempotencyKey: "payment-SOULS-123456ABCD-element",
    });
    expect(started.reference).toMatch(/^pi_/);
    expect(started.clientSecret).toBe(double.intents.get(started.reference)?.client_secret);
    const request = double.requests.at(-1);
    expect(request?.path).toBe("/v1/payment_intents");
    expect(request?.idempotencyKey).toBe("payment-SOULS-123456ABCD-element");
    expect(request?.form.get("amount")).toBe("18100");
    expect(request?.form.get("currency")).toBe("eur");
    expect(request?.form.get("metadata[order_number]")).toBe("SOULS-123456ABCD");
    expect(request?.form.get("receipt_email")).toBe("ines@example.org");
  });

  it("creates a Checkout Session for shoppers without JavaScript", async () => {
    const started = await gateway.startPayment(payment, {
      ...urls,
      withJavaScript: false,
      idempotencyKey: "payment-SOULS-123456ABCD-page",
    });
    expect(started.reference).toMatch(/^cs_test_/);
    expect(started.redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${started.reference}`);
    const request = double.requests.at(-1);
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.idempotencyKey).toBe("payment-SOULS-123456ABCD-page");
    expect(request?.form.get("line_items[0][price_data][unit_amount]")).toBe("18100");
    expect(request?.form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(request?.form.get("metadata[order_number]")).toBe("SOULS-123456ABCD");
    expect(request?.form.get("payment_intent_data[metadata][order_number]")).toBe("SOULS-123456ABCD");
    expect(request?.form.get("success_url")).toBe(urls.returnUrl);
    expect(request?.form.get("locale")).toBe("fr");
  });

  it("updates the amount when the country changes", async () => {
    const started = await gateway.startPayment(
      { ...payment, orderNumber: "SOULS-123456MOVE" },
      { ...urls, withJavaScript: true, idempotencyKey: "payment-SOULS-123456MOVE-element" },
    );
    expect(await gateway.updateAmount(started.reference, 19400, "amount-SOULS-123456MOVE-19400")).toBe(
      "updated",
    );
    const request = double.requests.at(-1);
    expect(request?.path).toBe(`/v1/payment_intents/${started.reference}`);
    expect(request?.form.get("amount")).toBe("19400");
    expect(request?.idempotencyKey).toBe("amount-SOULS-123456MOVE-19400");
    expect(double.intents.get(started.reference)?.amount).toBe(19400);
  });

  it("is refused a new amount once the card is confirmed, as Stripe refuses it", async () => {
    const started = await gateway.startPayment(
      { ...payment, orderNumber: "SOULS-123456CONF", totalCents: 16900 },
      { ...urls, withJavaScript: true, idempotencyKey: "payment-SOULS-123456CONF-element" },
    );
    double.confirmIntent(started.reference);
    expect(await gateway.updateAmount(started.reference, 19400, "amount-SOULS-123456CONF-19400")).toBe(
      "refused",
    );
    expect(double.intents.get(started.reference)).toMatchObject({ amount: 16900, amount_received: 16900 });
    // A Checkout Session's amount is Stripe's page's: never asked.
    const asked = double.requests.length;
    expect(await gateway.updateAmount("cs_test_any", 19400, "amount-cs")).toBe("refused");
    expect(double.requests).toHaveLength(asked);
  });

  it("asks the intent when Stripe's answer to an update is a failure: the order follows what it holds", async () => {
    const started = await gateway.startPayment(
      { ...payment, orderNumber: "SOULS-123456FAIL", totalCents: 16900 },
      { ...urls, withJavaScript: true, idempotencyKey: "payment-SOULS-123456FAIL-element" },
    );
    // A 500 whose update never ran: the amount is still the old one, so the change failed.
    double.state.failAmountUpdates = 1;
    await expect(gateway.updateAmount(started.reference, 19400, "amount-fail-1")).rejects.toThrow();
    expect(double.intents.get(started.reference)?.amount).toBe(16900);
    // A 500 whose update ran (Stripe: its outcome is unknown): the intent holds the new amount.
    double.state.failAmountUpdatesAfterChange = 1;
    expect(await gateway.updateAmount(started.reference, 19400, "amount-fail-2")).toBe("updated");
    expect(double.intents.get(started.reference)?.amount).toBe(19400);
  });

  it("says what a succeeded PaymentIntent took, for the reconciler and the return page", async () => {
    const started = await gateway.startPayment(
      { ...payment, orderNumber: "SOULS-123456TOOK", totalCents: 16900 },
      { ...urls, withJavaScript: true, idempotencyKey: "payment-SOULS-123456TOOK-element" },
    );
    // Nothing tried yet: the shopper can pay.
    expect(await gateway.currentOutcome(started.reference)).toEqual({ type: "not_started" });
    double.confirmIntent(started.reference);
    expect(await gateway.currentOutcome(started.reference)).toEqual({
      type: "succeeded",
      taken: { amountCents: 16900, currency: "EUR" },
    });
  });

  it("refunds the PaymentIntent behind a Checkout Session, once per order", async () => {
    const started = await gateway.startPayment(
      { ...payment, orderNumber: "SOULS-123456PAGE" },
      { ...urls, withJavaScript: false, idempotencyKey: "payment-SOULS-123456PAGE-page" },
    );
    // The shopper pays on Stripe's page: the session completes with an intent of its total.
    expect(double.account.paySession(started.reference, CARD).outcome).toBe("paid");
    const intent = double.account.session(started.reference).payment_intent;
    for (const attempt of [1, 2]) {
      await gateway.refund(started.reference, 18100, "refund-SOULS-123456PAGE");
      const request = double.requests.at(-1);
      expect(request?.path, `attempt ${attempt}`).toBe("/v1/refunds");
      expect(request?.form.get("payment_intent")).toBe(intent);
      expect(request?.form.get("amount")).toBe("18100");
      expect(request?.idempotencyKey).toBe("refund-SOULS-123456PAGE");
    }
    expect(double.refunds.filter((refund) => refund.payment_intent === intent)).toHaveLength(1);
  });
});

describe("Stripe webhooks", () => {
  const signer = new Stripe("sk_test_signer");
  const body = (type: string, object: object) =>
    JSON.stringify({ id: `evt_${type}`, object: "event", type, data: { object } });
  const sign = (payload: string, secondsAgo = 0) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - secondsAgo,
    });

  it("reads a signed payment_intent.succeeded as the order's successful payment", async () => {
    const payload = body("payment_intent.succeeded", {
      id: "pi_1",
      object: "payment_intent",
      amount: 19400,
      amount_received: 16900,
      currency: "eur",
      metadata: { order_number: "SOULS-123456ABCD" },
    });
    expect(await gateway.readWebhook(payload, sign(payload))).toEqual({
      provider: "stripe",
      eventId: "evt_payment_intent.succeeded",
      type: "succeeded",
      orderNumber: "SOULS-123456ABCD",
      // What Stripe took, not what the intent asks now.
      taken: { amountCents: 16900, currency: "EUR" },
    });
  });

  it("reads what a completed Checkout Session took, and ignores a success that says no amount", async () => {
    const session = body("checkout.session.completed", {
      payment_status: "paid",
      amount_total: 18100,
      currency: "eur",
      metadata: { order_number: "N" },
    });
    expect(await gateway.readWebhook(session, sign(session))).toMatchObject({
      type: "succeeded",
      taken: { amountCents: 18100, currency: "EUR" },
    });
    const bare = body("payment_intent.succeeded", { metadata: { order_number: "N" } });
    expect(await gateway.readWebhook(bare, sign(bare))).toBe("ignored");
  });

  it("maps failures, cancels, sessions and refunds", async () => {
    const { reference: refundedIntent } = await gateway.startPayment(
      { ...payment, orderNumber: "N" },
      { ...urls, withJavaScript: true, idempotencyKey: "payment-N-element" },
    );
    double.confirmIntent(refundedIntent);
    const cases: [string, object, string][] = [
      [
        "payment_intent.payment_failed",
        { metadata: { order_number: "N" }, last_payment_error: { decline_code: "insufficient_funds" } },
        "failed",
      ],
      ["payment_intent.canceled", { metadata: { order_number: "N" } }, "cancelled"],
      [
        "checkout.session.completed",
        { payment_status: "paid", amount_total: 16900, currency: "eur", metadata: { order_number: "N" } },
        "succeeded",
      ],
      ["checkout.session.expired", { metadata: { order_number: "N" } }, "cancelled"],
      ["charge.refunded", { payment_intent: refundedIntent }, "refunded"],
    ];
    for (const [type, object, expected] of cases) {
      const payload = body(type, object);
      const news = await gateway.readWebhook(payload, sign(payload));
      expect(news, type).toMatchObject({ type: expected });
    }
  });

  it("refuses a tampered body, a wrong secret and a signature older than 300 seconds", async () => {
    const payload = body("payment_intent.succeeded", { metadata: { order_number: "SOULS-123456ABCD" } });
    expect(
      await gateway.readWebhook(payload.replace("SOULS-123456ABCD", "SOULS-999999ZZZZ"), sign(payload)),
    ).toBe("invalid");
    expect(await gateway.readWebhook(payload, sign(payload, 301))).toBe("invalid");
    expect(await gateway.readWebhook(payload, null)).toBe("invalid");
    expect(await gateway.readWebhook(payload, sign(payload, 299))).not.toBe("invalid");
  });

  it("ignores events the shop does not use", async () => {
    const payload = body("customer.created", { id: "cus_1" });
    expect(await gateway.readWebhook(payload, sign(payload))).toBe("ignored");
  });
});
