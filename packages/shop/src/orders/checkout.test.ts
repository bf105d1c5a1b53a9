/** The checkout's money as one use case, against real PostgreSQL and the Stripe stand-in. */
import { seededTestDatabase } from "@souls/db/testing";
import { startStripeStandIn, TEST_CARDS } from "@souls/stripe-stand-in";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { offlineGateway } from "../payments/offline-gateway";
import { createStripeGateway, type StripeGateway } from "../payments/stripe-gateway";
import { TEST_SHIPPING } from "../testing";
import {
  type CheckoutOutcome,
  type CheckoutPayment,
  payForCheckout,
  quoteDelivery,
  resumeOrderPayment,
} from "./checkout";
import { expireHolds, finalizePayment } from "./finalize-payment";
import { newCheckoutKey } from "./place-order";

const t = seededTestDatabase();
let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: StripeGateway;
const CARD = { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: "123" };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeGateway({
    secretKey: "sk_test_checkout",
    webhookSecret: "whsec_checkout",
    api: standIn.api,
  });
});
afterAll(() => standIn.close());
beforeEach(async () => {
  // Each test starts with nothing held: earlier tests' unpaid orders are closed.
  await t.db
    .updateTable("orders")
    .set({ status: "cancelled" })
    .where("status", "=", "awaiting_payment")
    .execute();
  await t.db.updateTable("products").set({ stock: 5, reserved: 0 }).execute();
});

const links = (orderNumber: string) => ({
  returnUrl: `https://souls.example/merci?order=${orderNumber}`,
  cancelUrl: "https://souls.example/panier",
});

/** One Aicha (169 €) to France, as the checkout form posts it, with the total the shopper saw. */
const checkout = (overrides: Partial<CheckoutPayment> = {}): CheckoutPayment => ({
  checkoutKey: newCheckoutKey(),
  locale: "fr",
  lines: [{ model: "aicha", quantity: 1 }],
  details: TEST_SHIPPING,
  expectedTotalCents: 16900,
  withJavaScript: false,
  links,
  ...overrides,
});

const held = async () =>
  (await t.db.selectFrom("products").select("reserved").where("slug", "=", "aicha").executeTakeFirstOrThrow())
    .reserved;
const orderCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

function paid(outcome: CheckoutOutcome) {
  if (outcome.outcome !== "pay") throw new Error(`expected a payment step, got ${outcome.outcome}`);
  return outcome;
}

describe("quoteDelivery", () => {
  it("prices a country before the order exists: the lines' subtotal and its shipping", async () => {
    expect(await quoteDelivery(t.db, stripe, { subtotalCents: 16900, country: "DE" })).toEqual({
      ok: true,
      quote: { country: "DE", shippingCents: 1200, totalCents: 18100 },
    });
  });
});

describe("payForCheckout", () => {
  it("shows a total the shopper did not see before anything else, and writes nothing", async () => {
    const before = await orderCount();
    const outcome = await payForCheckout(
      t.db,
      offlineGateway,
      checkout({ details: { ...TEST_SHIPPING, country: "US" }, expectedTotalCents: 16900 }),
    );
    expect(outcome).toEqual({
      outcome: "review",
      review: { country: "US", shippingCents: 2500, totalCents: 19400 },
    });
    expect(await orderCount()).toBe(before);
    expect(await held()).toBe(0);
  });

  it("a second click on the same form goes on to pay the same order, never to a thank-you (offline gateway)", async () => {
    const form = checkout();
    const first = paid(await payForCheckout(t.db, offlineGateway, form));
    expect(first.step).toEqual({ kind: "offline_page" });
    // The second post carries the cookie the first answer set: this order is among "earlier" ones.
    const again = paid(
      await payForCheckout(t.db, offlineGateway, {
        ...form,
        client: { hash: "client-a", earlierOrders: [first.order.orderNumber] },
      }),
    );
    expect(again.order.orderNumber).toBe(first.order.orderNumber);
    expect(again.order).toMatchObject({ status: "awaiting_payment", paymentStatus: "pending" });
    expect(await held()).toBe(1);
  });

  it("a new checkout of the same browser gives back the holds of the one she left", async () => {
    const left = paid(await payForCheckout(t.db, offlineGateway, checkout()));
    const next = paid(
      await payForCheckout(
        t.db,
        offlineGateway,
        checkout({ client: { hash: "client-b", earlierOrders: [left.order.orderNumber] } }),
      ),
    );
    expect(next.order.orderNumber).not.toBe(left.order.orderNumber);
    expect(await held()).toBe(1);
  });

  it("with JavaScript and Stripe, a repeated post gets the same PaymentIntent, even after the country changed", async () => {
    const form = checkout({ withJavaScript: true });
    const first = paid(await payForCheckout(t.db, stripe, form));
    if (first.step.kind !== "element") throw new Error("no element");
    const moved = await quoteDelivery(t.db, stripe, {
      subtotalCents: 16900,
      country: "DE",
      orderNumber: first.order.orderNumber,
    });
    expect(moved).toMatchObject({ ok: true, quote: { totalCents: 18100 } });
    const again = paid(await payForCheckout(t.db, stripe, form));
    expect(again.step).toEqual(first.step);
    const intents = [...standIn.intents.values()].filter(
      (intent) => intent.metadata.order_number === first.order.orderNumber,
    );
    expect(intents.map((intent) => intent.amount)).toEqual([18100]);
  });

  it("without JavaScript sends to Stripe's page, and again to the same page; with JavaScript later, that page is closed", async () => {
    const form = checkout();
    const first = paid(await payForCheckout(t.db, stripe, form));
    if (first.step.kind !== "redirect") throw new Error("no redirect");
    const again = paid(await payForCheckout(t.db, stripe, form));
    expect(again.step).toEqual(first.step);
    const session =
      first.order.paymentReference ??
      (
        await t.db
          .selectFrom("orders")
          .select("paymentReference")
          .where("id", "=", first.order.id)
          .executeTakeFirstOrThrow()
      ).paymentReference;
    const element = paid(
      (await resumeOrderPayment(t.db, stripe, {
        orderNumber: first.order.orderNumber,
        withJavaScript: true,
        links: links(first.order.orderNumber),
      })) as CheckoutOutcome,
    );
    expect(element.step.kind).toBe("element");
    // One order, one payment that can take money: the page it replaced no longer can.
    expect(standIn.account.session(String(session)).status).toBe("expired");
  });

  it("pays nothing twice: a payment that succeeded meanwhile leaves nothing to pay", async () => {
    const form = checkout();
    const first = paid(await payForCheckout(t.db, stripe, form));
    const { paymentReference } = await t.db
      .selectFrom("orders")
      .select("paymentReference")
      .where("id", "=", first.order.id)
      .executeTakeFirstOrThrow();
    // Paid on Stripe's page in another tab, its event not arrived yet.
    standIn.account.paySession(String(paymentReference), CARD);
    const resumed = await resumeOrderPayment(t.db, stripe, {
      orderNumber: first.order.orderNumber,
      withJavaScript: true,
      links: links(first.order.orderNumber),
    });
    expect(resumed).toMatchObject({ outcome: "done" });
  });

  it("an order paid is done; an order whose hold ran out asks for a new one", async () => {
    const form = checkout();
    const first = paid(await payForCheckout(t.db, offlineGateway, form));
    await finalizePayment(t.db, offlineGateway, {
      provider: "test",
      eventId: `paid-${first.order.orderNumber}`,
      type: "succeeded",
      orderNumber: first.order.orderNumber,
      taken: { amountCents: 16900, currency: "EUR" },
    });
    expect(await payForCheckout(t.db, offlineGateway, form)).toMatchObject({ outcome: "done" });

    const late = checkout();
    const placed = paid(await payForCheckout(t.db, offlineGateway, late));
    expect(await expireHolds(t.db, new Date(placed.order.reservedUntil.getTime() + 1000))).toBe(1);
    expect(await payForCheckout(t.db, offlineGateway, late)).toEqual({
      outcome: "refused",
      refusal: { problem: "reservationEnded" },
    });
  });

  it("keeps the order and its hold when the gateway cannot be asked, and pays it on the next click", async () => {
    const form = checkout({ withJavaScript: true });
    const down = createStripeGateway({
      secretKey: "sk_test_down",
      webhookSecret: "whsec_down",
      api: { host: "127.0.0.1", port: 9, protocol: "http" },
    });
    const failed = await payForCheckout(t.db, down, form);
    expect(failed).toMatchObject({ outcome: "gateway_unavailable" });
    expect(await held()).toBe(1);
    const retried = paid(await payForCheckout(t.db, stripe, form));
    expect(retried.order.orderNumber).toBe(
      failed.outcome === "gateway_unavailable" ? failed.order.orderNumber : "",
    );
    expect(await held()).toBe(1);
  });
});
