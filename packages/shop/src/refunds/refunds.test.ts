import { seededTestDatabase } from "@souls/db/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderDetail } from "../admin/orders";
import { finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { offlineGateway } from "../payments/offline-gateway";
import { createStripeGateway } from "../payments/stripe-gateway";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { cancelOrder, refundIdempotencyKey, refundOrder, retryRefund } from "./refunds";
import { markReturnReceived } from "./returns";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.updateTable("products").set({ stock: 10, reserved: 0 }).execute();
});

let keys = 0;
const key = () => `click-${Date.now()}-${++keys}-xxxxxxxx`;

/** A paid order of two models (one piece each) through the test gateway, delivered in Germany. */
async function paidTwoLines(country = "DE") {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "en",
    lines: [
      { model: "aicha", quantity: 1 },
      { model: "nadia", quantity: 2 },
    ],
    details: { ...TEST_SHIPPING, country },
    provider: "test",
  });
  if (!placed.ok) throw new Error("refused");
  const { orderNumber, totalCents, currency } = placed.order;
  await finalizePayment(t.db, offlineGateway, {
    provider: "test",
    eventId: `paid-${orderNumber}`,
    type: "succeeded",
    orderNumber,
    taken: { amountCents: totalCents, currency },
  });
  return orderDetail(t.db, orderNumber);
}

const orderOf = (orderNumber: string) =>
  t.db.selectFrom("orders").selectAll().where("orderNumber", "=", orderNumber).executeTakeFirstOrThrow();
const stockOf = async (slug: string) =>
  (await t.db.selectFrom("products").select("stock").where("slug", "=", slug).executeTakeFirstOrThrow())
    .stock;
const refundEmails = (orderId: number) =>
  t.db
    .selectFrom("emailQueue")
    .select(["payload", "locale", "subject"])
    .where("orderId", "=", orderId)
    .where("type", "=", "order_refund")
    .execute();

describe("a refund from the owner's panel", () => {
  it("gives back a line through the order's gateway: partly refunded, still to prepare, the e-mail with the amount and the line", async () => {
    const { order, items } = await paidTwoLines();
    const nadia = items.find((item) => item.name === "Nadia");
    const outcome = await refundOrder(t.db, offlineGateway, {
      orderNumber: order.orderNumber,
      requestKey: key(),
      reason: "return",
      lines: [{ itemId: nadia?.id ?? 0, quantity: 1 }],
      restock: "now",
    });
    // The rest is still to ship: the order stays « En préparation », its payment partly refunded.
    expect(outcome).toMatchObject({ amountCents: 16900, status: "pending_preparation", replayed: false });
    expect(await orderOf(order.orderNumber)).toMatchObject({
      status: "pending_preparation",
      paymentStatus: "partially_refunded",
    });
    expect(await stockOf("nadia")).toBe(9);
    const [email] = await refundEmails(order.id);
    expect(email?.subject).toBe(`Refund for your order ${order.orderNumber}`);
    expect(email?.payload).toMatchObject({
      reason: "return",
      amountCents: 16900,
      fullyRefunded: false,
      items: [{ name: "Nadia", model: "nadia", quantity: 1, unitPriceCents: 16900 }],
    });
    const detail = await orderDetail(t.db, order.orderNumber);
    expect(detail.order).toMatchObject({ refundedCents: 16900, refundableCents: order.totalCents - 16900 });
    expect(detail.items.find((item) => item.name === "Nadia")?.refundableQuantity).toBe(1);
    expect(detail.events.at(-1)).toMatchObject({
      fromStatus: "pending_preparation",
      toStatus: "pending_preparation",
      actor: "admin",
    });
  });

  it("refunds the rest with the shipping: refunded in full, never more than was paid", async () => {
    const { order, items } = await paidTwoLines();
    const all = items.map((item) => ({ itemId: item.id, quantity: item.quantity }));
    await refundOrder(t.db, offlineGateway, {
      orderNumber: order.orderNumber,
      requestKey: key(),
      reason: "withdrawal",
      lines: all,
      includeShipping: true,
      restock: "no",
    });
    expect(await orderOf(order.orderNumber)).toMatchObject({ status: "refunded", paymentStatus: "refunded" });
    const [email] = await refundEmails(order.id);
    expect(email?.payload).toMatchObject({ amountCents: order.totalCents, fullyRefunded: true });
    await expect(
      refundOrder(t.db, offlineGateway, {
        orderNumber: order.orderNumber,
        requestKey: key(),
        reason: "goodwill",
        amountCents: 100,
        restock: "no",
      }),
    ).rejects.toMatchObject({ name: "RefundRefusedError", reason: "unpaid" });
  });

  it("refuses more than what is left, a line twice, an unpaid order — writing nothing", async () => {
    const { order, items } = await paidTwoLines();
    const tooMuch = refundOrder(t.db, offlineGateway, {
      orderNumber: order.orderNumber,
      requestKey: key(),
      reason: "goodwill",
      amountCents: order.totalCents + 1,
      restock: "no",
    });
    await expect(tooMuch).rejects.toMatchObject({ reason: "too_much", refundableCents: order.totalCents });
    const aicha = items.find((item) => item.name === "Aicha");
    await expect(
      refundOrder(t.db, offlineGateway, {
        orderNumber: order.orderNumber,
        requestKey: key(),
        reason: "return",
        lines: [{ itemId: aicha?.id ?? 0, quantity: 2 }],
        restock: "no",
      }),
    ).rejects.toMatchObject({ reason: "line_quantity" });
    const unpaid = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "bilin", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "test",
    });
    if (!unpaid.ok) throw new Error("refused");
    await expect(
      refundOrder(t.db, offlineGateway, {
        orderNumber: unpaid.order.orderNumber,
        requestKey: key(),
        reason: "goodwill",
        amountCents: 100,
        restock: "no",
      }),
    ).rejects.toMatchObject({ reason: "unpaid" });
    expect(
      await t.db
        .selectFrom("refunds")
        .select("id")
        .where("orderId", "in", [order.id, unpaid.order.id])
        .execute(),
    ).toEqual([]);
  });

  it("makes one refund of two sent at once for the whole order, and one of a click sent twice", async () => {
    const { order } = await paidTwoLines();
    const whole = (requestKey: string) =>
      refundOrder(t.db, offlineGateway, {
        orderNumber: order.orderNumber,
        requestKey,
        reason: "goodwill",
        amountCents: order.totalCents,
        restock: "no",
      });
    const results = await Promise.allSettled([whole(key()), whole(key())]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // Refused as too much while the first is pending, or as unpaid once the first has settled.
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult | undefined;
    expect(["too_much", "unpaid"]).toContain(refused?.reason?.reason);

    const second = await paidTwoLines();
    const click = key();
    const [a, b] = await Promise.all([
      refundOrder(t.db, offlineGateway, {
        orderNumber: second.order.orderNumber,
        requestKey: click,
        reason: "goodwill",
        amountCents: 1000,
        restock: "no",
      }),
      refundOrder(t.db, offlineGateway, {
        orderNumber: second.order.orderNumber,
        requestKey: click,
        reason: "goodwill",
        amountCents: 1000,
        restock: "no",
      }).catch((error: Error) => error),
    ]);
    const refunds = await t.db
      .selectFrom("refunds")
      .select("id")
      .where("orderId", "=", second.order.id)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(a).toMatchObject({ refundId: refunds[0]?.id });
    // The twin either replays it or meets the first's row (a unique key), never a second refund.
    expect(b instanceof Error ? b.message : (b as { refundId: number }).refundId).toBeTruthy();
    expect(await refundEmails(second.order.id)).toHaveLength(1);
  });
});

describe("a refund request the shop refuses, writing nothing", () => {
  const refundRows = async (orderId: number) => ({
    refunds: await t.db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).execute(),
    items: await t.db
      .selectFrom("refundItems")
      .innerJoin("refunds", "refunds.id", "refundItems.refundId")
      .select(["refundItems.orderItemId", "refundItems.quantity"])
      .where("refunds.orderId", "=", orderId)
      .execute(),
  });

  it("refuses a click's key already used on another order, pending or settled, and changes neither", async () => {
    const first = await placePaidOrder(t.db, { model: "aicha" });
    const second = await placePaidOrder(t.db, { model: "nadia" });
    const down = { ...offlineGateway, refund: async () => Promise.reject(new Error("ETIMEDOUT")) };
    const pendingKey = key();
    await expect(
      refundOrder(t.db, down, {
        orderNumber: first.orderNumber,
        requestKey: pendingKey,
        reason: "goodwill",
        amountCents: 1000,
        restock: "no",
      }),
    ).rejects.toMatchObject({ name: "GatewayUnavailableError" });
    const settledKey = key();
    await refundOrder(t.db, offlineGateway, {
      orderNumber: first.orderNumber,
      requestKey: settledKey,
      reason: "goodwill",
      amountCents: 2000,
      restock: "no",
    });
    const firstBefore = await refundRows(first.id);
    for (const requestKey of [pendingKey, settledKey]) {
      await expect(
        refundOrder(t.db, offlineGateway, {
          orderNumber: second.orderNumber,
          requestKey,
          reason: "goodwill",
          amountCents: 1000,
          restock: "no",
        }),
      ).rejects.toMatchObject({ name: "RefundRefusedError", reason: "other_order" });
      await expect(
        cancelOrder(t.db, offlineGateway, { orderNumber: second.orderNumber, requestKey }),
      ).rejects.toMatchObject({ name: "RefundRefusedError", reason: "other_order" });
    }
    expect(await refundRows(second.id)).toEqual({ refunds: [], items: [] });
    expect(await refundRows(first.id)).toEqual(firstBefore);
    expect(await orderOf(second.orderNumber)).toMatchObject({
      status: "pending_preparation",
      paymentStatus: "paid",
    });
    expect(await refundEmails(second.id)).toEqual([]);
    expect(await stockOf("nadia")).toBe(9);
  });

  it("refuses two orders sent at once with one key: one is refunded, the other refused", async () => {
    const [a, b] = [await placePaidOrder(t.db), await placePaidOrder(t.db, { model: "bilin" })];
    const click = key();
    const results = await Promise.allSettled(
      [a, b].map((order) =>
        refundOrder(t.db, offlineGateway, {
          orderNumber: order.orderNumber,
          requestKey: click,
          reason: "goodwill",
          amountCents: 500,
          restock: "no",
        }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { name: "RefundRefusedError", reason: "other_order" },
    });
    const written = await t.db
      .selectFrom("refunds")
      .select("orderId")
      .where("requestKey", "=", click)
      .execute();
    expect(written).toHaveLength(1);
  });

  it("never puts pieces back on sale for an amount: only pieces refunded come back", async () => {
    const { order } = await paidTwoLines();
    for (const restock of ["now", "on_return"] as const) {
      await expect(
        refundOrder(t.db, offlineGateway, {
          orderNumber: order.orderNumber,
          requestKey: key(),
          reason: "goodwill",
          amountCents: 1000,
          restock,
        }),
      ).rejects.toMatchObject({ name: "RefundRefusedError", reason: "amount_restock" });
    }
    // Not even under the cancellation's reason: only cancelOrder restocks a whole order.
    await expect(
      refundOrder(t.db, offlineGateway, {
        orderNumber: order.orderNumber,
        requestKey: key(),
        reason: "cancellation",
        amountCents: order.totalCents,
        restock: "now",
      }),
    ).rejects.toMatchObject({ reason: "amount_restock" });
    expect([await stockOf("aicha"), await stockOf("nadia")]).toEqual([9, 8]);
    expect(await refundRows(order.id)).toEqual({ refunds: [], items: [] });
    expect(await orderOf(order.orderNumber)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses one line named twice in one refund", async () => {
    const { order, items } = await paidTwoLines();
    const nadia = items.find((item) => item.name === "Nadia");
    await expect(
      refundOrder(t.db, offlineGateway, {
        orderNumber: order.orderNumber,
        requestKey: key(),
        reason: "return",
        lines: [
          { itemId: nadia?.id ?? 0, quantity: 1 },
          { itemId: nadia?.id ?? 0, quantity: 1 },
        ],
        restock: "now",
      }),
    ).rejects.toMatchObject({ name: "RefundRefusedError", reason: "line_twice" });
    expect(await refundRows(order.id)).toEqual({ refunds: [], items: [] });
    expect(await stockOf("nadia")).toBe(8);
  });
});

describe("a cancellation", () => {
  it("refunds a paid order not shipped in full, puts its pieces back and tells the shopper", async () => {
    const paid = await placePaidOrder(t.db, { model: "ilian" });
    expect(await stockOf("ilian")).toBe(9);
    const outcome = await cancelOrder(t.db, offlineGateway, {
      orderNumber: paid.orderNumber,
      requestKey: key(),
    });
    expect(outcome).toMatchObject({ status: "cancelled" });
    expect(await orderOf(paid.orderNumber)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf("ilian")).toBe(10);
    const [email] = await refundEmails(paid.id);
    expect(email?.payload).toMatchObject({ reason: "cancellation", fullyRefunded: true });
  });

  it("is refused once the parcel has left", async () => {
    const paid = await placePaidOrder(t.db);
    await t.db
      .updateTable("orders")
      .set({ status: "shipped", shippedAt: new Date() })
      .where("id", "=", paid.id)
      .execute();
    await expect(
      cancelOrder(t.db, offlineGateway, { orderNumber: paid.orderNumber, requestKey: key() }),
    ).rejects.toMatchObject({
      reason: "shipped",
    });
  });
});

describe("a return after a withdrawal", () => {
  it("is expected, counts down the legal deadline, and puts the pieces back when received", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin" });
    const withdrawnAt = new Date(Date.now() - 10 * 24 * 3600_000);
    await t.db
      .updateTable("orders")
      .set({ status: "withdrawn", shippedAt: new Date(Date.now() - 12 * 24 * 3600_000), withdrawnAt })
      .where("id", "=", paid.id)
      .execute();
    const before = await orderDetail(t.db, paid.orderNumber);
    expect(before.order).toMatchObject({ returnExpected: true, refundDue: { daysLeft: 4, late: false } });
    await markReturnReceived(t.db, { orderNumber: paid.orderNumber, restock: true });
    expect(await stockOf("bilin")).toBe(10);
    const after = await orderDetail(t.db, paid.orderNumber);
    expect(after.order.returnExpected).toBe(false);
    await expect(
      markReturnReceived(t.db, { orderNumber: paid.orderNumber, restock: true }),
    ).rejects.toMatchObject({
      name: "ReturnNotExpectedError",
    });
    // Refunded after the return, pieces already back: not restocked twice.
    await refundOrder(t.db, offlineGateway, {
      orderNumber: paid.orderNumber,
      requestKey: key(),
      reason: "withdrawal",
      lines: after.items.map((item) => ({ itemId: item.id, quantity: item.quantity })),
      restock: "now",
    });
    expect(await stockOf("bilin")).toBe(10);
    expect((await orderDetail(t.db, paid.orderNumber)).order.refundDue).toBeNull();
  });

  it("is late once 14 days have passed without a full refund", async () => {
    const paid = await placePaidOrder(t.db);
    await t.db
      .updateTable("orders")
      .set({ status: "withdrawn", withdrawnAt: new Date(Date.now() - 15 * 24 * 3600_000) })
      .where("id", "=", paid.id)
      .execute();
    expect((await orderDetail(t.db, paid.orderNumber)).order.refundDue).toMatchObject({
      late: true,
      daysLeft: -1,
    });
  });
});

describe("refunds through Stripe", () => {
  let double: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripe: ReturnType<typeof createStripeGateway>;
  beforeAll(async () => {
    double = await startStripeStandIn();
    stripe = createStripeGateway({
      secretKey: "sk_test_refunds",
      webhookSecret: "whsec_refunds",
      api: double.api,
    });
  });
  afterAll(() => double.close());

  /** An order paid at Stripe: its PaymentIntent created for its total and confirmed with a card. */
  async function paidWithStripe() {
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "aicha", quantity: 2 }],
      details: TEST_SHIPPING,
      provider: "stripe",
    });
    if (!placed.ok) throw new Error("refused");
    const intent = double.account.createIntent({ amount: placed.order.totalCents, currency: "eur" });
    const paymentIntent = double.confirmIntent(intent.id).id;
    await t.db
      .updateTable("orders")
      .set({ paymentReference: paymentIntent })
      .where("id", "=", placed.order.id)
      .execute();
    const { orderNumber, totalCents, currency } = placed.order;
    await finalizePayment(t.db, stripe, {
      provider: "stripe",
      eventId: `evt-${paymentIntent}`,
      type: "succeeded",
      orderNumber,
      taken: { amountCents: totalCents, currency },
    });
    return { ...(await orderOf(orderNumber)), paymentIntent };
  }

  it("asks Stripe for the amount on the order's PaymentIntent, with a key of its own", async () => {
    const order = await paidWithStripe();
    const outcome = await refundOrder(t.db, stripe, {
      orderNumber: order.orderNumber,
      requestKey: key(),
      reason: "goodwill",
      amountCents: 2500,
      restock: "no",
    });
    const request = double.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST").at(-1);
    expect(request?.form.get("payment_intent")).toBe(order.paymentIntent);
    expect(request?.form.get("amount")).toBe("2500");
    expect(request?.form.get("metadata[shop_refund_id]")).toBe(String(outcome.refundId));
    expect(request?.idempotencyKey).toBe(refundIdempotencyKey(order, { id: outcome.refundId }));
    const stored = await t.db
      .selectFrom("refunds")
      .selectAll()
      .where("id", "=", outcome.refundId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "succeeded", provider: "stripe", source: "admin" });
    expect(stored.providerRefundId).toBe(double.refunds.at(-1)?.id);
  });

  it("makes one refund at Stripe when its answer is lost and the owner tries again", async () => {
    const order = await paidWithStripe();
    const click = key();
    const refund = () =>
      refundOrder(t.db, stripe, {
        orderNumber: order.orderNumber,
        requestKey: click,
        reason: "goodwill",
        amountCents: 4000,
        restock: "no",
      });
    // The refund is made at Stripe, but the answer never comes back (the SDK retries twice).
    double.state.dropRefundAnswers = 3;
    await expect(refund()).rejects.toMatchObject({ name: "GatewayUnavailableError" });
    const pending = await t.db
      .selectFrom("refunds")
      .selectAll()
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: "pending" });
    expect(pending.lastError).toBeTruthy();
    expect((await orderOf(order.orderNumber)).paymentStatus).toBe("paid");
    // The owner clicks again (the same request), or retries the pending refund: still one.
    const again = await refund();
    expect(again).toMatchObject({ refundId: pending.id, amountCents: 4000 });
    expect(await retryRefund(t.db, stripe, pending.id)).toMatchObject({ replayed: true });
    expect(double.refunds.filter((r) => r.payment_intent === order.paymentIntent)).toHaveLength(1);
    expect(await refundEmails(order.id)).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard from the webhook, once, and never counts the shop's own twice", async () => {
    const order = await paidWithStripe();
    const own = await refundOrder(t.db, stripe, {
      orderNumber: order.orderNumber,
      requestKey: key(),
      reason: "goodwill",
      amountCents: 1000,
      restock: "no",
    });
    double.dashboardRefund(order.paymentIntent, 3000);
    const listed = double.refunds
      .filter((r) => r.payment_intent === order.paymentIntent)
      .map((r) => ({
        providerRefundId: r.id,
        amountCents: r.amount,
        shopRefundId: Number(r.metadata.shop_refund_id) || undefined,
      }));
    const news = {
      provider: "stripe" as const,
      type: "refunded" as const,
      orderNumber: order.orderNumber,
      refunds: listed,
    };
    expect(await finalizePayment(t.db, stripe, { ...news, eventId: "evt_charge_refunded_1" })).toBe(
      "refunded",
    );
    // The same news again (a second charge.refunded listing both): nothing more.
    expect(await finalizePayment(t.db, stripe, { ...news, eventId: "evt_charge_refunded_2" })).toBe(
      "no_change",
    );
    const refunds = await t.db
      .selectFrom("refunds")
      .select(["id", "amountCents", "source"])
      .where("orderId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(refunds).toEqual([
      { id: own.refundId, amountCents: 1000, source: "admin" },
      { id: expect.any(Number), amountCents: 3000, source: "provider" },
    ]);
    expect(await orderOf(order.orderNumber)).toMatchObject({ paymentStatus: "partially_refunded" });
    expect(await refundEmails(order.id)).toHaveLength(2);
  });
});
