/** One pricing of a checkout per request: what the review shows is what the order is placed at. */
import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIMITS } from "../limits";
import { offlineGateway } from "../payments/offline-gateway";
import { TEST_SHIPPING } from "../testing";
import { type CheckoutPayment, payForCheckout } from "./checkout";
import { priceCheckout } from "./checkout-price";
import { newCheckoutKey, placeOrder } from "./place-order";

const t = seededTestDatabase();

const AICHA_CENTS = 16900;

beforeEach(async () => {
  await t.db
    .updateTable("orders")
    .set({ status: "cancelled" })
    .where("status", "=", "awaiting_payment")
    .execute();
  await t.db.updateTable("products").set({ stock: 5, reserved: 0 }).execute();
  await t.db.updateTable("products").set({ priceCents: AICHA_CENTS }).where("slug", "=", "aicha").execute();
});

const links = (orderNumber: string) => ({
  returnUrl: `https://souls.example/merci?order=${orderNumber}`,
  cancelUrl: "https://souls.example/panier",
});

const checkout = (overrides: Partial<CheckoutPayment> = {}): CheckoutPayment => ({
  checkoutKey: newCheckoutKey(),
  locale: "fr",
  lines: [{ model: "aicha", quantity: 1 }],
  details: TEST_SHIPPING,
  expectedTotalCents: AICHA_CENTS,
  withJavaScript: false,
  links,
  ...overrides,
});

const reserved = async () =>
  (await t.db.selectFrom("products").select("reserved").where("slug", "=", "aicha").executeTakeFirstOrThrow())
    .reserved;

const newPrice = (priceCents: number) =>
  t.db.updateTable("products").set({ priceCents }).where("slug", "=", "aicha").execute();

describe("priceCheckout", () => {
  it("prices merged lines from the database, with the country's shipping and the order limit", async () => {
    const limits = DEFAULT_ORDER_LIMITS;
    const priced = await priceCheckout(t.db, {
      lines: [
        { model: "aicha", quantity: 1 },
        { model: "aicha", quantity: 1 },
      ],
      country: "DE",
      limits,
    });
    expect(priced).toMatchObject({
      ok: true,
      price: {
        lines: [{ model: "aicha", quantity: 2, unitPriceCents: AICHA_CENTS }],
        subtotalCents: 2 * AICHA_CENTS,
        shippingCents: 1200,
      },
    });
    expect(
      await priceCheckout(t.db, { lines: [{ model: "aicha", quantity: 4 }], country: "FR", limits }),
    ).toEqual({ ok: false, reason: "order_limit", model: "aicha", limit: limits.maxPiecesPerModel });
    expect(
      await priceCheckout(t.db, { lines: [{ model: "aicha", quantity: 1 }], country: "ZZ", limits }),
    ).toEqual({ ok: false, reason: "not_served" });
    expect(await priceCheckout(t.db, { lines: [], country: "FR", limits })).toEqual({
      ok: false,
      reason: "empty",
    });
  });
});

describe("a price changed while the shopper was on the checkout", () => {
  it("is reviewed at the database's price before anything is held, then placed at exactly that total", async () => {
    await newPrice(17900);
    const form = checkout();
    // The page (the web's kept catalogue) said 169 €: the shop's own price is shown first.
    expect(await payForCheckout(t.db, offlineGateway, form)).toEqual({
      outcome: "review",
      review: { country: "FR", shippingCents: 0, totalCents: 17900 },
    });
    expect(await reserved()).toBe(0);
    const placed = await payForCheckout(t.db, offlineGateway, { ...form, expectedTotalCents: 17900 });
    expect(placed).toMatchObject({
      outcome: "pay",
      order: { subtotalCents: 17900, shippingCents: 0, totalCents: 17900 },
    });
    expect(await reserved()).toBe(1);
  });

  it("between the pricing and the order's statement: nothing is placed nor held", async () => {
    const details = { ...TEST_SHIPPING, country: "DE" };
    const priced = await priceCheckout(t.db, {
      lines: [{ model: "aicha", quantity: 1 }],
      country: details.country,
      limits: DEFAULT_ORDER_LIMITS,
    });
    if (!priced.ok) throw new Error("not priced");
    await newPrice(15900);
    const checkoutKey = newCheckoutKey();
    const placed = await placeOrder(t.db, {
      checkoutKey,
      locale: "fr",
      lines: [{ model: "aicha", quantity: 1 }],
      details,
      provider: "test",
      price: priced.price,
    });
    expect(placed).toEqual({ ok: false, reason: "price_changed" });
    expect(await reserved()).toBe(0);
    const orders = await t.db
      .selectFrom("orders")
      .select("id")
      .where("checkoutKey", "=", checkoutKey)
      .execute();
    expect(orders).toEqual([]);
    // Placed without a price of its own (the owner's test order, say), it is priced at once.
    const now = await placeOrder(t.db, {
      checkoutKey,
      locale: "fr",
      lines: [{ model: "aicha", quantity: 1 }],
      details,
      provider: "test",
    });
    expect(now).toMatchObject({
      ok: true,
      order: { subtotalCents: 15900, shippingCents: 1200, totalCents: 17100 },
    });
  });
});
