/** The stand-in answers the real `stripe` SDK as Stripe's test mode would, and signs what it sends. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "./cards";
import { type StripeStandIn, startStripeStandIn } from "./server";

const SECRET = "whsec_stand_in_test";
let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Server;
/** The events the webhook endpoint accepted, verified with the SDK as the shop verifies them. */
const received: Stripe.Event[] = [];
let refusedSignatures = 0;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      try {
        received.push(
          stripe.webhooks.constructEvent(body, String(request.headers["stripe-signature"]), SECRET),
        );
        response.writeHead(200).end();
      } catch {
        refusedSignatures++;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  standIn = await startStripeStandIn({ webhook: { url: `http://127.0.0.1:${port}/`, secret: SECRET } });
  stripe = new Stripe("sk_test_stand_in", { ...standIn.api, maxNetworkRetries: 0, telemetry: false });
});
afterAll(async () => {
  await standIn.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(async () => {
  standIn.webhooks.mode = "immediate";
  await standIn.webhooks.settled();
  received.length = 0;
});

/** Stripe.js's confirmation from the element's frame: publishable key, client secret, card. */
async function confirmFromBrowser(intent: Stripe.PaymentIntent, number: string, expiry = "12/2099") {
  const [month, year] = expiry.split("/");
  const answer = await fetch(`${standIn.origin}/v1/payment_intents/${intent.id}/confirm`, {
    method: "POST",
    body: new URLSearchParams({
      key: "pk_test_stand_in",
      client_secret: intent.client_secret ?? "",
      "payment_method_data[type]": "card",
      "payment_method_data[card][number]": number,
      "payment_method_data[card][exp_month]": month ?? "",
      "payment_method_data[card][exp_year]": year ?? "",
      "payment_method_data[card][cvc]": "123",
      return_url: "https://shop.test/merci",
    }),
  });
  return { status: answer.status, body: await answer.json() };
}

const newIntent = (amount = 16900) =>
  stripe.paymentIntents.create({ amount, currency: "eur", metadata: { order_number: "SOULS-1" } });

describe("payment intents and Stripe's test cards", () => {
  it("4242… pays the amount the intent holds; the success is sent signed, once", async () => {
    const intent = await newIntent();
    await stripe.paymentIntents.update(intent.id, { amount: 19400 });
    const confirmed = await confirmFromBrowser(intent, TEST_CARDS.succeeds);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "succeeded", amount_received: 19400 });
    await standIn.webhooks.settled();
    const success = received.filter((event) => event.type === "payment_intent.succeeded");
    expect(success).toHaveLength(1);
    expect(success[0]?.data.object).toMatchObject({ id: intent.id, amount_received: 19400, currency: "eur" });
    expect(refusedSignatures).toBe(0);
    // Settled: the amount can no longer move.
    await expect(stripe.paymentIntents.update(intent.id, { amount: 16900 })).rejects.toMatchObject({
      code: "payment_intent_unexpected_state",
    });
  });

  it("…0002 is declined and …9995 has insufficient funds; the same intent then takes another card", async () => {
    const intent = await newIntent();
    const declined = await confirmFromBrowser(intent, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: "card_declined", decline_code: "generic_decline" });
    const poor = await confirmFromBrowser(intent, TEST_CARDS.insufficientFunds);
    expect(poor.body.error).toMatchObject({ code: "card_declined", decline_code: "insufficient_funds" });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe("requires_payment_method");
    expect((await confirmFromBrowser(intent, TEST_CARDS.succeeds)).body.status).toBe("succeeded");
    await standIn.webhooks.settled();
    expect(received.map((event) => event.type).filter((type) => type.startsWith("payment_intent."))).toEqual([
      "payment_intent.created",
      "payment_intent.payment_failed",
      "payment_intent.payment_failed",
      "payment_intent.succeeded",
    ]);
  });

  it("an expired card and a mistyped number are refused before any charge", async () => {
    const intent = await newIntent();
    expect((await confirmFromBrowser(intent, TEST_CARDS.succeeds, "01/2020")).body.error.code).toBe(
      "expired_card",
    );
    expect((await confirmFromBrowser(intent, "4242424242424241")).body.error.code).toBe("incorrect_number");
  });

  it("…3184 asks for 3-D Secure: passed, it pays; failed, the intent waits for another card", async () => {
    for (const passed of [true, false]) {
      const intent = await newIntent();
      const confirmed = await confirmFromBrowser(intent, TEST_CARDS.threeDSecure);
      expect(confirmed.body.status).toBe("requires_action");
      const page = new URL(confirmed.body.next_action.redirect_to_url.url);
      expect(page.origin).toBe("https://hooks.stripe.com");
      const frame = await fetch(`${standIn.origin}/hooks${page.pathname}${page.search}&locale=fr`);
      expect(await frame.text()).toContain("Authentification 3-D Secure");
      await fetch(`${standIn.origin}/hooks${page.pathname}${page.search}`, {
        method: "POST",
        body: new URLSearchParams({ outcome: passed ? "complete" : "fail" }),
      });
      const after = await stripe.paymentIntents.retrieve(intent.id);
      expect(after.status).toBe(passed ? "succeeded" : "requires_payment_method");
      if (!passed) expect(after.last_payment_error?.code).toBe("payment_intent_authentication_failure");
    }
  });
});

describe("Checkout Sessions and the hosted page", () => {
  const newSession = () =>
    stripe.checkout.sessions.create({
      mode: "payment",
      locale: "fr",
      customer_email: "camille@example.org",
      line_items: [
        { quantity: 1, price_data: { currency: "eur", unit_amount: 16900, product_data: { name: "x" } } },
      ],
      metadata: { order_number: "SOULS-2" },
      payment_intent_data: { metadata: { order_number: "SOULS-2" } },
      success_url: "https://shop.test/merci?order=SOULS-2",
      cancel_url: "https://shop.test/panier",
    });
  const pay = (session: Stripe.Checkout.Session, number: string, step = "") =>
    fetch(`${standIn.origin}/checkout/c/pay/${session.id}${step}`, {
      method: "POST",
      body: new URLSearchParams({ number, expiry: "12 / 34", cvc: "123" }),
      redirect: "manual",
    });

  it("pays on Stripe's page, returns to success_url, and completes with an intent of its total", async () => {
    const session = await newSession();
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const page = await (await fetch(`${standIn.origin}/checkout/c/pay/${session.id}`)).text();
    expect(page).toContain("169,00");
    const declined = await pay(session, TEST_CARDS.declined);
    expect(await declined.text()).toContain("Votre carte a été refusée.");
    const paid = await pay(session, TEST_CARDS.succeeds);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("https://shop.test/merci?order=SOULS-2");
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 16900 });
    const intent = await stripe.paymentIntents.retrieve(String(completed.payment_intent));
    expect(intent).toMatchObject({ status: "succeeded", metadata: { order_number: "SOULS-2" } });
    await standIn.webhooks.settled();
    expect(received.map((event) => event.type)).toContain("checkout.session.completed");
  });

  it("takes a 3-D Secure card through its authentication step", async () => {
    const session = await newSession();
    const asked = await pay(session, TEST_CARDS.threeDSecure);
    expect(asked.headers.get("location")).toBe(
      `https://checkout.stripe.com/c/pay/${session.id}/authenticate`,
    );
    const failed = await fetch(`${standIn.origin}/checkout/c/pay/${session.id}/authenticate`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "fail" }),
      redirect: "manual",
    });
    expect(await failed.text()).toContain("Nous ne parvenons pas à authentifier");
    await pay(session, TEST_CARDS.threeDSecure);
    const passed = await fetch(`${standIn.origin}/checkout/c/pay/${session.id}/authenticate`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "complete" }),
      redirect: "manual",
    });
    expect(passed.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe("complete");
  });

  it("an expired session can no longer be paid", async () => {
    const session = await newSession();
    await stripe.checkout.sessions.expire(session.id);
    expect(await (await fetch(`${standIn.origin}/checkout/c/pay/${session.id}`)).text()).toContain(
      "n'est plus ouverte",
    );
    await standIn.webhooks.settled();
    expect(received.map((event) => event.type)).toEqual(["checkout.session.expired"]);
  });
});

describe("refunds", () => {
  it("gives back part of a payment once per key, never more than is left, and says so in charge.refunded", async () => {
    const intent = await newIntent();
    await confirmFromBrowser(intent, TEST_CARDS.succeeds);
    const first = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 4000 },
      { idempotencyKey: "k1" },
    );
    const again = await stripe.refunds.create(
      { payment_intent: intent.id, amount: 4000 },
      { idempotencyKey: "k1" },
    );
    expect(again.id).toBe(first.id);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 20000 })).rejects.toMatchObject({
      code: "amount_too_large",
    });
    expect(
      (await stripe.refunds.list({ payment_intent: intent.id })).data.map((refund) => refund.amount),
    ).toEqual([4000]);
    await standIn.webhooks.settled();
    const refunded = received.find((event) => event.type === "charge.refunded");
    expect(refunded?.data.object).toMatchObject({ payment_intent: intent.id, amount_refunded: 4000 });
  });
});

describe("webhook deliveries", () => {
  it("held events go late and out of order; twice sends each twice; never sends nothing", async () => {
    standIn.webhooks.mode = "hold";
    const held = await newIntent();
    await confirmFromBrowser(held, TEST_CARDS.succeeds);
    expect(received).toHaveLength(0);
    await standIn.webhooks.release("reversed");
    expect(received.map((event) => event.type)).toEqual([
      "payment_intent.succeeded",
      "charge.succeeded",
      "payment_intent.created",
    ]);

    received.length = 0;
    standIn.webhooks.mode = "twice";
    await newIntent();
    await standIn.webhooks.settled();
    expect(received.map((event) => event.id)).toEqual([received[0]?.id, received[0]?.id]);

    received.length = 0;
    standIn.webhooks.mode = "never";
    const lost = await newIntent();
    await standIn.webhooks.settled();
    expect(received).toHaveLength(0);
    // Stripe keeps every event, delivered or not.
    const listed = await fetch(`${standIn.origin}/v1/events?type=payment_intent.created&limit=1`);
    expect((await listed.json()).data[0].data.object.id).toBe(lost.id);
  });
});
