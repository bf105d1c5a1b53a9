import { shopMonth } from "@souls/core/format";
import { seededTestDatabase } from "@souls/db/testing";
import { offlineGateway } from "@souls/shop/payments";
import { placePaidOrder } from "@souls/shop/testing";
import { describe, expect, it } from "vitest";
import { errorShape, ownerCaller, rowCounts, trpcError } from "./testing";

const t = seededTestDatabase();
let clicks = 0;
const requestKey = () => `api-click-${Date.now()}-${++clicks}`;

describe("orders.refund, orders.cancel and the return", () => {
  it("refund a line, answer in French when asked for more than is left, and show it on the order", async () => {
    const paid = await placePaidOrder(t.db, { details: { country: "DE" } });
    const caller = ownerCaller(t.db);
    const { items } = await caller.orders.detail({ orderNumber: paid.orderNumber });
    const refunded = await caller.orders.refund({
      orderNumber: paid.orderNumber,
      requestKey: requestKey(),
      reason: "return",
      lines: [{ itemId: items[0]?.id ?? 0, quantity: 1 }],
      restock: "on_return",
    });
    // Its one bag refunded before it left: nothing to ship, refunded; its delivery is still refundable.
    expect(refunded).toMatchObject({ amountCents: 16900, status: "refunded", replayed: false });
    const tooMuch = await trpcError(
      caller.orders.refund({
        orderNumber: paid.orderNumber,
        requestKey: requestKey(),
        reason: "goodwill",
        amount: 20,
        restock: "no",
      }),
    );
    expect(errorShape(tooMuch, "orders.refund")).toMatchObject({
      // Intl writes a narrow no-break space before the euro sign.
      message: expect.stringMatching(
        /^Montant trop élevé : il reste 12,00\s€ à rembourser sur cette commande\.$/,
      ),
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    const detail = await caller.orders.detail({ orderNumber: paid.orderNumber });
    expect(detail.refunds).toMatchObject([
      { amountCents: 16900, status: "succeeded", lines: [{ name: "Aicha", quantity: 1 }] },
    ]);
    expect(detail.order).toMatchObject({
      refundedCents: 16900,
      refundableCents: 1200,
      refundableShippingCents: 1200,
    });
  });

  it("leave a refund pending and say so when the bank does not answer; nothing else changes", async () => {
    const paid = await placePaidOrder(t.db);
    const down = { ...offlineGateway, refund: async () => Promise.reject(new Error("ETIMEDOUT")) };
    const caller = ownerCaller(t.db, { gateway: down });
    const error = await trpcError(
      caller.orders.refund({
        orderNumber: paid.orderNumber,
        requestKey: requestKey(),
        reason: "goodwill",
        amount: 10,
        restock: "no",
      }),
    );
    expect(errorShape(error, "orders.refund")).toMatchObject({
      message:
        "La banque n'a pas répondu : le remboursement est en attente. Réessayez : il ne sera jamais fait deux fois.",
      data: { code: "BAD_GATEWAY", httpStatus: 502 },
    });
    const { refunds, order } = await ownerCaller(t.db).orders.detail({ orderNumber: paid.orderNumber });
    expect(refunds).toMatchObject([{ status: "pending", lastError: "ETIMEDOUT" }]);
    expect(order.paymentStatus).toBe("paid");
    // Retried once the bank answers: the same refund, now done.
    expect(await ownerCaller(t.db).orders.retryRefund({ refundId: refunds[0]?.id ?? 0 })).toMatchObject({
      amountCents: 1000,
      // An amount names no piece: what is left to ship is the same, the order still to prepare.
      status: "pending_preparation",
    });
  });

  it("cancel a paid order not shipped; refuse a return nobody sent", async () => {
    const paid = await placePaidOrder(t.db, { model: "bilin" });
    const caller = ownerCaller(t.db);
    expect(
      await caller.orders.cancel({ orderNumber: paid.orderNumber, requestKey: requestKey() }),
    ).toMatchObject({
      status: "cancelled",
    });
    const before = await rowCounts(t.db);
    const error = await trpcError(
      caller.orders.markReturnReceived({ orderNumber: paid.orderNumber, restock: true }),
    );
    expect(error).toMatchObject({ code: "CONFLICT" });
    expect(error.message).toContain("Aucun retour n'est attendu");
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe("refund requests refused before any money moves", () => {
  const refundRows = async () => ({
    refunds: Number(
      (
        await t.db
          .selectFrom("refunds")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    refundItems: Number(
      (
        await t.db
          .selectFrom("refundItems")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("refuse a click's key already used on another order with a French CONFLICT, writing nothing", async () => {
    const first = await placePaidOrder(t.db);
    const second = await placePaidOrder(t.db, { model: "nadia" });
    const caller = ownerCaller(t.db);
    const click = requestKey();
    await caller.orders.refund({
      orderNumber: first.orderNumber,
      requestKey: click,
      reason: "goodwill",
      amount: 10,
      restock: "no",
    });
    const before = { ...(await rowCounts(t.db)), ...(await refundRows()) };
    // One after the other: a call started before the loop awaits it would reject unhandled.
    for (const call of [
      () =>
        caller.orders.refund({
          orderNumber: second.orderNumber,
          requestKey: click,
          reason: "goodwill",
          amount: 10,
          restock: "no",
        }),
      () => caller.orders.cancel({ orderNumber: second.orderNumber, requestKey: click }),
    ]) {
      const error = await trpcError(call());
      expect(errorShape(error, "orders.refund")).toMatchObject({
        message: expect.stringMatching(
          /^Cette demande de remboursement a déjà servi pour une autre commande/,
        ),
        data: { code: "CONFLICT", httpStatus: 409 },
      });
    }
    expect({ ...(await rowCounts(t.db)), ...(await refundRows()) }).toEqual(before);
    expect((await caller.orders.detail({ orderNumber: second.orderNumber })).order).toMatchObject({
      status: "pending_preparation",
      paymentStatus: "paid",
    });
  });

  it("refuse an amount that would put pieces back, and a line named twice, with field messages", async () => {
    const paid = await placePaidOrder(t.db, { model: "ilian" });
    const caller = ownerCaller(t.db);
    const { items } = await caller.orders.detail({ orderNumber: paid.orderNumber });
    const before = { ...(await rowCounts(t.db)), ...(await refundRows()) };
    for (const restock of ["now", "on_return"] as const) {
      const error = await trpcError(
        caller.orders.refund({
          orderNumber: paid.orderNumber,
          requestKey: requestKey(),
          reason: "goodwill",
          amount: 10,
          restock,
        }),
      );
      expect(errorShape(error, "orders.refund").data).toMatchObject({
        code: "BAD_REQUEST",
        httpStatus: 400,
        zodError: { fieldErrors: { restock: [{ key: "admin:input.amountNoRestock" }] } },
      });
    }
    const line = { itemId: items[0]?.id ?? 0, quantity: 1 };
    const twice = await trpcError(
      caller.orders.refund({
        orderNumber: paid.orderNumber,
        requestKey: requestKey(),
        reason: "return",
        lines: [line, line],
        restock: "now",
      }),
    );
    expect(errorShape(twice, "orders.refund").data).toMatchObject({
      code: "BAD_REQUEST",
      httpStatus: 400,
      zodError: { fieldErrors: { lines: [{ key: "admin:input.lineTwice" }] } },
    });
    expect({ ...(await rowCounts(t.db)), ...(await refundRows()) }).toEqual(before);
  });
});

describe("models and the accountant's export", () => {
  it("change a price, bring an archived model back, read the product's history", async () => {
    const caller = ownerCaller(t.db);
    const { products } = await caller.products.list({ search: "Ilian" });
    const ilian = products[0];
    expect(await caller.products.setPrice({ id: ilian?.id ?? 0, price: 149.5 })).toMatchObject({
      priceCents: 14950,
    });
    expect(await caller.products.unarchive({ id: ilian?.id ?? 0 })).toMatchObject({ archived: false });
    const { events } = await caller.products.history({ id: ilian?.id ?? 0 });
    expect(events[0]).toMatchObject({ kind: "price_changed", fromValue: "16900", toValue: "14950" });
    expect(typeof events[0]?.createdAt).toBe("string");
    await caller.products.setPrice({ id: ilian?.id ?? 0, price: 169 });
  });

  it("count a month's sales and refunds for the export's message (the CSV itself is streamed by the web app)", async () => {
    const month = shopMonth();
    const counts = await ownerCaller(t.db).accounting.summary({ from: month, to: month });
    expect(counts.sales).toBeGreaterThan(0);
    expect(counts.refunds).toBeGreaterThan(0);
    expect(await ownerCaller(t.db).accounting.summary({ from: "2001-01", to: "2001-12" })).toEqual({
      sales: 0,
      refunds: 0,
    });
  });
});
