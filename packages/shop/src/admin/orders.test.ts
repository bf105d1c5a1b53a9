import { seededTestDatabase } from "@souls/db/testing";
import { parseEmailMessage } from "@souls/emails/messages";
import { beforeEach, describe, expect, it } from "vitest";
import { AdminNotFoundError } from "../errors";
import { IllegalTransitionError } from "../order-status";
import { finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { trackOrder } from "../orders/tracking";
import { offlineGateway, offlinePaymentEvent } from "../payments/offline-gateway";
import { placePaidOrder, TEST_SHIPPING } from "../testing";
import { listOrders } from "./order-list";
import { markDelivered, markPrepared, markShipped, orderDetail, releaseUnpaidOrder } from "./orders";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

async function unpaidOrder() {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "nadia", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "test",
  });
  if (!placed.ok) throw new Error("refused");
  return placed.order;
}

/** Everything the owner's actions could change about an order, to prove a refusal changed nothing. */
async function snapshot(orderId: number) {
  return {
    order: await t.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow(),
    events: await t.db.selectFrom("orderEvents").selectAll().where("orderId", "=", orderId).execute(),
    emails: await t.db.selectFrom("emailQueue").selectAll().where("orderId", "=", orderId).execute(),
  };
}

const shippingEmails = (orderId: number) =>
  t.db
    .selectFrom("emailQueue")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("type", "=", "shipping_notification")
    .execute();

describe("the order list", () => {
  it("shows the newest orders first, a page after or before a given order, with the number matching", async () => {
    const first = await placePaidOrder(t.db, { now: new Date("2026-01-01T10:00:00Z") });
    const second = await placePaidOrder(t.db, { now: new Date("2026-01-02T10:00:00Z") });
    const third = await placePaidOrder(t.db, { now: new Date("2026-01-03T10:00:00Z") });
    const page1 = await listOrders(t.db, { pageSize: 2 });
    expect(page1.count).toEqual({ n: 3, capped: false });
    expect(page1.orders.map((o) => o.orderNumber)).toEqual([third.orderNumber, second.orderNumber]);
    expect(page1.newer).toBeNull();
    const page2 = await listOrders(t.db, { pageSize: 2, after: page1.older ?? "" });
    expect(page2.orders.map((o) => o.orderNumber)).toEqual([first.orderNumber]);
    expect(page2.older).toBeNull();
    const back = await listOrders(t.db, { pageSize: 2, before: page2.newer ?? "" });
    expect(back.orders.map((o) => o.orderNumber)).toEqual([third.orderNumber, second.orderNumber]);
    expect(back).toMatchObject({ newer: null, older: page1.older });
    expect(page1.orders[0]).toMatchObject({
      customerName: "Camille Martin",
      // In full: her own customer, in her own panel (decision 027).
      email: "camille@example.org",
      paymentAttempted: false,
      totalCents: 16900,
      currency: "EUR",
      status: "pending_preparation",
      paymentStatus: "paid",
      carrier: null,
      carrierName: null,
      trackingNumber: null,
      shippedAt: null,
      // What to pack: the line's model (a launch drawing: no photo for e-mails, its drawing here).
      lines: [
        {
          name: "Aicha",
          model: "aicha",
          quantity: 1,
          cover: expect.objectContaining({ source: expect.any(String) }),
        },
      ],
    });
  });

  it("keeps orders of the same moment apart: a page never repeats nor skips one", async () => {
    const same = new Date("2026-02-01T10:00:00.123456Z");
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placePaidOrder(t.db, { now: same }));
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await listOrders(t.db, { pageSize: 2, after });
      seen.push(...page.orders.map((o) => o.orderNumber));
      after = page.older ?? undefined;
    } while (after);
    expect(seen.sort()).toEqual(placed.map((order) => order.orderNumber).sort());
  });

  it("hides abandoned checkouts unless asked, and shows them under their own status", async () => {
    const paid = await placePaidOrder(t.db);
    const unpaid = await unpaidOrder();
    const numbers = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(t.db, query)).orders.map((o) => o.orderNumber).sort();
    expect(await numbers({})).toEqual([paid.orderNumber]);
    expect(await numbers({ abandoned: true })).toEqual([paid.orderNumber, unpaid.orderNumber].sort());
    expect(await numbers({ status: "awaiting_payment" })).toEqual([unpaid.orderNumber]);
  });

  it("tells an abandoned checkout (nobody tried to pay) from a payment the bank declined", async () => {
    const left = await unpaidOrder();
    const declined = await unpaidOrder();
    // Both end `failed`: one released by the owner untried, one after a declined card.
    await releaseUnpaidOrder(t.db, left.orderNumber);
    await finalizePayment(t.db, offlineGateway, offlinePaymentEvent(declined, "card_declined"));
    await releaseUnpaidOrder(t.db, declined.orderNumber);
    const rows = (await listOrders(t.db, { abandoned: true })).orders;
    const row = (orderNumber: string) => rows.find((o) => o.orderNumber === orderNumber);
    expect(row(left.orderNumber)).toMatchObject({ paymentStatus: "failed", paymentAttempted: false });
    expect(row(declined.orderNumber)).toMatchObject({ paymentStatus: "failed", paymentAttempted: true });
    expect((await orderDetail(t.db, left.orderNumber)).order.paymentAttempted).toBe(false);
    expect((await orderDetail(t.db, declined.orderNumber)).order.paymentAttempted).toBe(true);
    // A paid order was never « abandoned » nor « refused ».
    const paid = await placePaidOrder(t.db);
    expect((await orderDetail(t.db, paid.orderNumber)).order.paymentAttempted).toBe(false);
  });

  it("finds orders by their number or e-mail from its start, any part of the name, in any case, and by status", async () => {
    const camille = await placePaidOrder(t.db);
    const jules = await placePaidOrder(t.db, {
      details: { firstName: "Jules", lastName: "Dupont", email: "Jules.D@exemple.fr" },
    });
    const unpaid = await unpaidOrder();
    const numbers = async (query: Parameters<typeof listOrders>[1]) =>
      (await listOrders(t.db, { abandoned: true, ...query })).orders.map((o) => o.orderNumber).sort();

    expect(await numbers({ search: "jules dup" })).toEqual([jules.orderNumber]);
    expect(await numbers({ search: "JULES.D@EXEMPLE" })).toEqual([jules.orderNumber]);
    expect(await numbers({ search: "exemple.fr" })).toEqual([]);
    expect(await numbers({ search: camille.orderNumber.toLowerCase() })).toEqual([camille.orderNumber]);
    // The number without its « SOULS- », as the owner reads it on a parcel.
    expect(await numbers({ search: camille.orderNumber.slice(6) })).toEqual([camille.orderNumber]);
    expect(await numbers({ status: "awaiting_payment" })).toEqual([unpaid.orderNumber]);
    expect(await numbers({ status: "pending_preparation", search: "camille" })).toEqual([
      camille.orderNumber,
    ]);
    // Wildcards typed by the owner are letters, not patterns.
    expect(await numbers({ search: "%%%" })).toEqual([]);
    expect(await numbers({ search: "___" })).toEqual([]);
    // Fewer than three characters search nothing: every order is listed.
    expect(await numbers({ search: "   " })).toHaveLength(3);
    expect(await numbers({ search: "ju" })).toHaveLength(3);
  });
});

describe("an order's page", () => {
  it("has the address, the lines and every change of status", async () => {
    const paid = await placePaidOrder(t.db);
    const detail = await orderDetail(t.db, paid.orderNumber);
    expect(detail.order).toMatchObject({
      orderNumber: paid.orderNumber,
      address: "12 rue des Martyrs",
      postalCode: "75009",
      city: "Paris",
      country: "FR",
      locale: "fr",
      deliveredAt: null,
      withdrawnAt: null,
    });
    expect(detail.order.paidAt).toBeInstanceOf(Date);
    expect(detail.items).toEqual([
      expect.objectContaining({ name: "Aicha", quantity: 1, unitPriceCents: 16900, refundableQuantity: 1 }),
    ]);
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, "awaiting_payment", "shopper"],
      ["awaiting_payment", "pending_preparation", "test_gateway"],
    ]);
  });

  it("is not found for an unknown number", async () => {
    await expect(orderDetail(t.db, "SOULS-000000XXXX")).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});

describe("shipping an order", () => {
  it("records carrier, number and time, writes the event and queues exactly one shipping e-mail", async () => {
    const paid = await placePaidOrder(t.db);
    const now = new Date("2026-03-04T09:30:00Z");
    expect(
      await markShipped(t.db, {
        orderNumber: paid.orderNumber,
        carrier: "colissimo",
        trackingNumber: "  6A12345678901 ",
        now,
      }),
    ).toEqual({ orderNumber: paid.orderNumber, status: "shipped" });

    const { order, events } = await snapshot(paid.id);
    expect(order).toMatchObject({
      status: "shipped",
      carrier: "colissimo",
      carrierName: "Colissimo",
      carrierTrackingUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
      trackingNumber: "6A12345678901",
      shippedAt: now,
    });
    expect(events.at(-1)).toMatchObject({
      fromStatus: "pending_preparation",
      toStatus: "shipped",
      actor: "admin",
    });
    const emails = await shippingEmails(paid.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      recipient: "camille@example.org",
      locale: "fr",
      status: "pending",
      subject: `Votre commande ${paid.orderNumber} est en route`,
    });
    const message = parseEmailMessage(emails[0]!);
    expect(message.payload).toEqual({
      orderNumber: paid.orderNumber,
      customerName: "Camille Martin",
      carrierName: "Colissimo",
      trackingNumber: "6A12345678901",
      carrierUrl: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
      shippedAt: now.toISOString(),
      trackingToken: expect.any(String),
    });
    // Its link opens the order (decision 029), with a token of its own: the confirmation's still works.
    const token = String((message.payload as { trackingToken?: string }).trackingToken);
    expect(token).not.toBe(paid.token);
    for (const link of [token, paid.token]) {
      const opened = await trackOrder(t.db, { token: link, clientHash: `shipping-${link}`, now });
      expect(opened.ok && opened.order.status).toBe("shipped");
    }
  });

  it("is refused for an order already shipped, and changes nothing", async () => {
    const paid = await placePaidOrder(t.db);
    await markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "dhl", trackingNumber: "JD0001" });
    const before = await snapshot(paid.id);
    const error = await markShipped(t.db, {
      orderNumber: paid.orderNumber,
      carrier: "ups",
      trackingNumber: "1Z999",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IllegalTransitionError);
    expect(error).toMatchObject({ from: "shipped", event: "shipped" });
    expect(await snapshot(paid.id)).toEqual(before);
  });

  it("is refused for an unpaid order", async () => {
    const order = await unpaidOrder();
    const before = await snapshot(order.id);
    await expect(
      markShipped(t.db, { orderNumber: order.orderNumber, carrier: "dhl", trackingNumber: "JD0001" }),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    expect(await snapshot(order.id)).toEqual(before);
  });

  it("happens once when two clicks race: one e-mail, one event", async () => {
    const paid = await placePaidOrder(t.db);
    const results = await Promise.allSettled(
      ["A1", "B2", "C3"].map((n) =>
        markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "chronopost", trackingNumber: `XY${n}` }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect(r.reason).toBeInstanceOf(IllegalTransitionError);
    }
    expect(await shippingEmails(paid.id)).toHaveLength(1);
    const { events } = await snapshot(paid.id);
    expect(events.filter((e) => e.toStatus === "shipped")).toHaveLength(1);
  });

  it("is not found for an unknown order", async () => {
    await expect(
      markShipped(t.db, { orderNumber: "SOULS-000000NONE", carrier: "dhl", trackingNumber: "JD0001" }),
    ).rejects.toBeInstanceOf(AdminNotFoundError);
  });
});

describe("preparing and delivering", () => {
  it("goes prepared → shipped → delivered, delivery setting the date the withdrawal period starts", async () => {
    const paid = await placePaidOrder(t.db);
    expect(await markPrepared(t.db, paid.orderNumber)).toEqual({
      orderNumber: paid.orderNumber,
      status: "prepared",
    });
    await markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "ups", trackingNumber: "1Z12345" });
    const deliveredAt = new Date("2026-03-06T15:00:00Z");
    expect(await markDelivered(t.db, paid.orderNumber, deliveredAt)).toEqual({
      orderNumber: paid.orderNumber,
      status: "delivered",
    });
    const { order, events } = await snapshot(paid.id);
    expect(order).toMatchObject({ status: "delivered", deliveredAt });
    expect(events.map((e) => e.toStatus).slice(-3)).toEqual(["prepared", "shipped", "delivered"]);
    expect(events.slice(-3).every((e) => e.actor === "admin")).toBe(true);
  });

  it("refuses to deliver an unpaid order or one not shipped yet, changing nothing", async () => {
    const unpaid = await unpaidOrder();
    const paid = await placePaidOrder(t.db);
    for (const order of [unpaid, paid]) {
      const before = await snapshot(order.id);
      await expect(markDelivered(t.db, order.orderNumber)).rejects.toBeInstanceOf(IllegalTransitionError);
      expect(await snapshot(order.id)).toEqual(before);
    }
    await markPrepared(t.db, paid.orderNumber);
    await expect(markPrepared(t.db, paid.orderNumber)).rejects.toBeInstanceOf(IllegalTransitionError);
  });
});
