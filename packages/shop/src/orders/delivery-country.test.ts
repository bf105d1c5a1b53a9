/** A change of delivery country against real PostgreSQL and the Stripe stand-in. */
import { seededTestDatabase } from "@souls/db/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentGateway } from "../payments/gateway";
import { createStripeGateway, type StripeGateway } from "../payments/stripe-gateway";
import { TEST_SHIPPING } from "../testing";
import { changeDeliveryCountry } from "./delivery-country";
import { finalizePayment } from "./finalize-payment";
import { newCheckoutKey, placeOrder } from "./place-order";
import { startPayment } from "./start-payment";

const t = seededTestDatabase();
let double: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: StripeGateway;

beforeAll(async () => {
  double = await startStripeStandIn();
  stripe = createStripeGateway({
    secretKey: "sk_test_country",
    webhookSecret: "whsec_country",
    api: double.api,
  });
});
afterAll(() => double.close());
beforeEach(async () => {
  await t.db.updateTable("products").set({ stock: 5, reserved: 0 }).execute();
});

/** An Aicha (169 €) for France, its PaymentIntent created for the Payment Element. */
async function orderWithIntent() {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "stripe",
  });
  if (!placed.ok) throw new Error("refused");
  const started = await startPayment(t.db, stripe, placed.order, {
    returnUrl: "https://souls.example/merci",
    cancelUrl: "https://souls.example/panier",
    withJavaScript: true,
  });
  if (!started) throw new Error("no payment started");
  return { ...placed.order, paymentReference: started.reference };
}

const orderRow = (id: number) =>
  t.db
    .selectFrom("orders")
    .select(["country", "shippingCents", "totalCents", "status", "paymentStatus"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const intentAmount = (reference: string) => double.intents.get(reference)?.amount;

describe("a change of delivery country", () => {
  it("moves the order's total and the PaymentIntent's amount together", async () => {
    const order = await orderWithIntent();
    const change = await changeDeliveryCountry(t.db, stripe, {
      orderNumber: order.orderNumber,
      country: "US",
    });
    expect(change).toEqual({ ok: true, quote: { country: "US", shippingCents: 2500, totalCents: 19400 } });
    expect(await orderRow(order.id)).toMatchObject({ country: "US", totalCents: 19400 });
    expect(intentAmount(order.paymentReference)).toBe(19400);
  });

  it("reaches Stripe at every change, back and forth (a reused idempotency key would replay an old answer)", async () => {
    const order = await orderWithIntent();
    for (const country of ["US", "FR", "US", "DE", "FR"]) {
      const change = await changeDeliveryCountry(t.db, stripe, { orderNumber: order.orderNumber, country });
      expect(change.ok, country).toBe(true);
      const row = await orderRow(order.id);
      expect(row.country).toBe(country);
      expect(intentAmount(order.paymentReference), country).toBe(row.totalCents);
    }
  });

  it("is refused once the card is confirmed, and changes nothing: the attack of issue 22", async () => {
    const order = await orderWithIntent();
    // The shopper confirmed 169 € for France on Stripe's side; then a post asks for the US.
    const confirmed = double.confirmIntent(order.paymentReference);
    const change = await changeDeliveryCountry(t.db, stripe, {
      orderNumber: order.orderNumber,
      country: "US",
    });
    expect(change).toEqual({
      ok: false,
      reason: "payment_locked",
      kept: { country: "FR", shippingCents: 0, totalCents: 16900 },
    });
    expect(await orderRow(order.id)).toMatchObject({ country: "FR", totalCents: 16900 });
    expect(intentAmount(order.paymentReference)).toBe(16900);
    // Stripe's event then pays the order for what it took, which is its total.
    const outcome = await finalizePayment(t.db, stripe, {
      provider: "stripe",
      eventId: "evt_attack_succeeded",
      type: "succeeded",
      orderNumber: order.orderNumber,
      taken: { amountCents: confirmed.amount_received, currency: confirmed.currency.toUpperCase() },
    });
    expect(outcome).toBe("paid");
    expect(await orderRow(order.id)).toMatchObject({ totalCents: 16900, paymentStatus: "paid" });
  });

  it("leaves the order's total equal to the gateway's amount when the gateway fails", async () => {
    const order = await orderWithIntent();
    // A 500 before the update ran: refused, nothing moved on either side.
    double.state.failAmountUpdates = 1;
    expect(
      await changeDeliveryCountry(t.db, stripe, { orderNumber: order.orderNumber, country: "US" }),
    ).toMatchObject({ ok: false, reason: "gateway_unavailable", kept: { country: "FR", totalCents: 16900 } });
    expect((await orderRow(order.id)).totalCents).toBe(16900);
    expect(intentAmount(order.paymentReference)).toBe(16900);
    // A 500 after the update ran: the intent is asked, and the order follows what it holds.
    double.state.failAmountUpdatesAfterChange = 1;
    expect(
      await changeDeliveryCountry(t.db, stripe, { orderNumber: order.orderNumber, country: "US" }),
    ).toMatchObject({ ok: true, quote: { country: "US", totalCents: 19400 } });
    expect((await orderRow(order.id)).totalCents).toBe(19400);
    expect(intentAmount(order.paymentReference)).toBe(19400);
    // A gateway that throws without an answer: nothing written.
    const down: PaymentGateway = {
      ...stripe,
      updateAmount: async () => {
        throw new Error("ECONNRESET");
      },
    };
    expect(
      await changeDeliveryCountry(t.db, down, { orderNumber: order.orderNumber, country: "FR" }),
    ).toMatchObject({ ok: false, reason: "gateway_unavailable" });
    expect(await orderRow(order.id)).toMatchObject({ country: "US", totalCents: 19400 });
  });

  it("never pays an order whose gateway moved while its commit failed (the amount check is the safety net)", async () => {
    const order = await orderWithIntent();
    // The gateway took the new amount, then the shop lost its answer and wrote nothing.
    const lost: PaymentGateway = {
      ...stripe,
      updateAmount: async (reference, totalCents, key) => {
        await stripe.updateAmount(reference, totalCents, key);
        throw new Error("connection lost after Stripe answered");
      },
    };
    await changeDeliveryCountry(t.db, lost, { orderNumber: order.orderNumber, country: "US" });
    expect((await orderRow(order.id)).totalCents).toBe(16900);
    const confirmed = double.confirmIntent(order.paymentReference);
    expect(confirmed.amount_received).toBe(19400);
    const outcome = await finalizePayment(t.db, stripe, {
      provider: "stripe",
      eventId: "evt_window",
      type: "succeeded",
      orderNumber: order.orderNumber,
      taken: { amountCents: confirmed.amount_received, currency: "EUR" },
    });
    expect(outcome).toBe("amount_mismatch");
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", paymentStatus: "mismatch" });
  });

  it("refuses a paid order, and an order without a payment, without asking the gateway", async () => {
    const order = await orderWithIntent();
    await finalizePayment(t.db, stripe, {
      provider: "stripe",
      eventId: "evt_paid_first",
      type: "succeeded",
      orderNumber: order.orderNumber,
      taken: { amountCents: 16900, currency: "EUR" },
    });
    const asked = double.requests.length;
    expect(
      await changeDeliveryCountry(t.db, stripe, { orderNumber: order.orderNumber, country: "US" }),
    ).toMatchObject({ ok: false, reason: "closed", kept: { country: "FR", totalCents: 16900 } });
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "nadia", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "stripe",
    });
    if (!placed.ok) throw new Error("refused");
    expect(
      await changeDeliveryCountry(t.db, stripe, { orderNumber: placed.order.orderNumber, country: "US" }),
    ).toMatchObject({ ok: false, reason: "closed" });
    expect(double.requests).toHaveLength(asked);
    expect((await orderRow(placed.order.id)).country).toBe("FR");
  });
});
