import { seededTestDatabase } from "@souls/db/testing";
import { newCheckoutKey, placeOrder } from "@souls/shop/orders";
import { placePaidOrder, TEST_SHIPPING } from "@souls/shop/testing";
import { describe, expect, it } from "vitest";
import { errorShape, ownerCaller, rowCounts, trpcError } from "./testing";

const t = seededTestDatabase();

const orderRow = (orderNumber: string) =>
  t.db.selectFrom("orders").selectAll().where("orderNumber", "=", orderNumber).executeTakeFirstOrThrow();
const shippingEmails = (orderNumber: string) =>
  t.db
    .selectFrom("emailQueue")
    .innerJoin("orders", "orders.id", "emailQueue.orderId")
    .select(["emailQueue.recipient", "emailQueue.payload", "emailQueue.subject"])
    .where("orders.orderNumber", "=", orderNumber)
    .where("emailQueue.type", "=", "shipping_notification")
    .execute();

async function unpaidOrderNumber() {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "en",
    lines: [{ model: "bilin", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "test",
  });
  if (!placed.ok) throw new Error("refused");
  return placed.order.orderNumber;
}

describe("orders.list and orders.detail", () => {
  it("list orders newest first with dates as ISO strings, and open one with its lines and history", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    const { orders, count } = await caller.orders.list({ search: paid.orderNumber.toLowerCase() });
    expect(count).toEqual({ n: 1, capped: false });
    expect(orders[0]).toMatchObject({ orderNumber: paid.orderNumber, customerName: "Camille Martin" });
    expect(typeof orders[0]?.createdAt).toBe("string");
    expect(new Date(orders[0]!.createdAt).toISOString()).toBe(orders[0]?.createdAt);

    const detail = await caller.orders.detail({ orderNumber: ` ${paid.orderNumber} ` });
    expect(detail.items).toEqual([
      expect.objectContaining({ name: "Aicha", quantity: 1, unitPriceCents: 16900, refundableQuantity: 1 }),
    ]);
    expect(detail.order).toMatchObject({
      refundedCents: 0,
      refundableCents: 16900,
      refundableShippingCents: 0,
    });
    expect(detail.events.map((e) => e.toStatus)).toEqual(["awaiting_payment", "pending_preparation"]);
    expect(typeof detail.order.paidAt).toBe("string");
    expect(typeof detail.events[0]?.createdAt).toBe("string");
  });

  it("say NOT_FOUND « Commande introuvable » for an unknown order", async () => {
    const error = await trpcError(ownerCaller(t.db).orders.detail({ orderNumber: "SOULS-000000NONE" }));
    expect(error.code).toBe("NOT_FOUND");
    expect(errorShape(error, "orders.detail")).toMatchObject({
      message: "Commande introuvable",
      data: { code: "NOT_FOUND", httpStatus: 404, zodError: null },
    });
  });
});

describe("orders.markShipped", () => {
  it("moves the order to shipped with its date and queues exactly one shipping e-mail with the carrier link", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    expect(
      await caller.orders.markShipped({
        orderNumber: paid.orderNumber,
        carrier: "chronopost",
        trackingNumber: " XY123456789FR ",
      }),
    ).toEqual({ orderNumber: paid.orderNumber, status: "shipped" });
    const order = await orderRow(paid.orderNumber);
    expect(order).toMatchObject({
      status: "shipped",
      carrier: "chronopost",
      trackingNumber: "XY123456789FR",
    });
    expect(order.shippedAt).toBeInstanceOf(Date);
    const emails = await shippingEmails(paid.orderNumber);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.recipient).toBe("camille@example.org");
    expect(emails[0]?.payload).toMatchObject({
      carrierName: "Chronopost",
      trackingNumber: "XY123456789FR",
      carrierUrl: "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY123456789FR",
      shippedAt: order.shippedAt?.toISOString(),
    });
    const events = await t.db.selectFrom("orderEvents").selectAll().where("orderId", "=", order.id).execute();
    expect(events.at(-1)).toMatchObject({
      fromStatus: "pending_preparation",
      toStatus: "shipped",
      actor: "admin",
    });
  });

  it("refuses to ship an order twice with CONFLICT and a French message, changing nothing", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    await caller.orders.markShipped({
      orderNumber: paid.orderNumber,
      carrier: "dhl",
      trackingNumber: "JD014600",
    });
    const before = { counts: await rowCounts(t.db), order: await orderRow(paid.orderNumber) };
    const error = await trpcError(
      caller.orders.markShipped({
        orderNumber: paid.orderNumber,
        carrier: "ups",
        trackingNumber: "1Z999AA1",
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("Une commande « Expédiée » ne peut pas être expédiée");
    expect(errorShape(error, "orders.markShipped").data.httpStatus).toBe(409);
    expect({ counts: await rowCounts(t.db), order: await orderRow(paid.orderNumber) }).toEqual(before);
    expect(await shippingEmails(paid.orderNumber)).toHaveLength(1);
  });

  it("refuses to ship an order whose every piece was refunded before it left, saying so", async () => {
    const paid = await placePaidOrder(t.db, { details: { country: "DE" } });
    const caller = ownerCaller(t.db);
    const { items } = await caller.orders.detail({ orderNumber: paid.orderNumber });
    await caller.orders.refund({
      orderNumber: paid.orderNumber,
      requestKey: `ship-nothing-${paid.orderNumber}`,
      reason: "goodwill",
      lines: [{ itemId: items[0]?.id ?? 0, quantity: 1 }],
      restock: "now",
    });
    const ship = () =>
      trpcError(
        caller.orders.markShipped({ orderNumber: paid.orderNumber, carrier: "dhl", trackingNumber: "JD01" }),
      );
    const refunded = await ship();
    expect(errorShape(refunded, "orders.markShipped")).toMatchObject({
      message: "Une commande « Remboursée » ne peut pas être expédiée",
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    // An order left « Partiellement remboursée » by the shop of before: the same refusal, in its words.
    await t.db
      .updateTable("orders")
      .set({ status: "partially_refunded" })
      .where("orderNumber", "=", paid.orderNumber)
      .execute();
    const before = await rowCounts(t.db);
    expect(errorShape(await ship(), "orders.markShipped")).toMatchObject({
      message:
        "Rien n'est à expédier : les pièces de cette commande ont été remboursées ou rétractées avant l'envoi.",
      data: { code: "CONFLICT", httpStatus: 409 },
    });
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await shippingEmails(paid.orderNumber)).toHaveLength(0);
  });

  it("refuses to ship an unpaid order", async () => {
    const orderNumber = await unpaidOrderNumber();
    const before = await rowCounts(t.db);
    const error = await trpcError(
      ownerCaller(t.db).orders.markShipped({ orderNumber, carrier: "dhl", trackingNumber: "JD014600" }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe("Une commande « En attente de paiement » ne peut pas être expédiée");
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await orderRow(orderNumber)).status).toBe("awaiting_payment");
  });

  it("says NOT_FOUND for an unknown order", async () => {
    const error = await trpcError(
      ownerCaller(t.db).orders.markShipped({
        orderNumber: "SOULS-X",
        carrier: "dhl",
        trackingNumber: "JD01",
      }),
    );
    expect(error).toMatchObject({ code: "NOT_FOUND", message: "Commande introuvable" });
  });
});

describe("orders.markPrepared and orders.markDelivered", () => {
  it("go through the state machine; delivered sets delivered_at", async () => {
    const paid = await placePaidOrder(t.db);
    const caller = ownerCaller(t.db);
    expect(await caller.orders.markPrepared({ orderNumber: paid.orderNumber })).toEqual({
      orderNumber: paid.orderNumber,
      status: "prepared",
    });
    await caller.orders.markShipped({
      orderNumber: paid.orderNumber,
      carrier: "colissimo",
      trackingNumber: "6A99",
    });
    expect(await caller.orders.markDelivered({ orderNumber: paid.orderNumber })).toEqual({
      orderNumber: paid.orderNumber,
      status: "delivered",
    });
    const order = await orderRow(paid.orderNumber);
    expect(order.status).toBe("delivered");
    expect(order.deliveredAt).toBeInstanceOf(Date);
  });

  it("refuse to deliver an unpaid order or prepare a shipped one, changing nothing", async () => {
    const caller = ownerCaller(t.db);
    const unpaid = await unpaidOrderNumber();
    const before = await rowCounts(t.db);
    const delivered = await trpcError(caller.orders.markDelivered({ orderNumber: unpaid }));
    expect(delivered).toMatchObject({
      code: "CONFLICT",
      message: "Une commande « En attente de paiement » ne peut pas être marquée comme livrée",
    });
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await orderRow(unpaid)).toMatchObject({ status: "awaiting_payment", deliveredAt: null });

    const paid = await placePaidOrder(t.db);
    await caller.orders.markShipped({
      orderNumber: paid.orderNumber,
      carrier: "ups",
      trackingNumber: "1Z1234",
    });
    const prepared = await trpcError(caller.orders.markPrepared({ orderNumber: paid.orderNumber }));
    expect(prepared).toMatchObject({
      code: "CONFLICT",
      message: "Une commande « Expédiée » ne peut pas être marquée comme préparée",
    });
  });
});

describe("orders.releaseHold", () => {
  it("gives an unpaid order's pieces back and cancels it, on the timeline as the owner's", async () => {
    const caller = ownerCaller(t.db);
    const unpaid = await unpaidOrderNumber();
    const reserved = () =>
      t.db.selectFrom("products").select("reserved").where("slug", "=", "bilin").executeTakeFirstOrThrow();
    const before = (await reserved()).reserved;
    expect(await caller.orders.releaseHold({ orderNumber: unpaid })).toEqual({
      orderNumber: unpaid,
      status: "cancelled",
    });
    expect((await reserved()).reserved).toBe(before - 1);
    const { events } = await caller.orders.detail({ orderNumber: unpaid });
    expect(events.at(-1)).toMatchObject({
      toStatus: "cancelled",
      actor: "admin",
      note: "hold released by the owner",
    });
    // Twice: refused, nothing given back twice.
    expect(await trpcError(caller.orders.releaseHold({ orderNumber: unpaid }))).toMatchObject({
      code: "CONFLICT",
    });
    expect((await reserved()).reserved).toBe(before - 1);
  });

  it("refuses a paid order, changing nothing", async () => {
    const paid = await placePaidOrder(t.db);
    const before = await rowCounts(t.db);
    expect(
      await trpcError(ownerCaller(t.db).orders.releaseHold({ orderNumber: paid.orderNumber })),
    ).toMatchObject({
      code: "CONFLICT",
      message: "Une commande « En préparation » ne peut pas être annulée",
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
