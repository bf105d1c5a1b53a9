import { seededTestDatabase } from "@souls/db/testing";
import { renderPaper } from "@souls/papers";
import { pdfText } from "@souls/papers/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { dashboard } from "../admin/dashboard";
import { listOrders } from "../admin/order-list";
import { markPrepared, markShipped, orderDetail } from "../admin/orders";
import { fulfilmentOf } from "../fulfilment";
import { paperToPrint } from "../papers/read";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { placePaidOrder } from "../testing";
import { trackedOrder } from "./tracking";

const t = seededTestDatabase();
beforeEach(async () => {
  await t.db.updateTable("products").set({ stock: 10, reserved: 0 }).execute();
});

let clicks = 0;
const key = () => `fulfil-${Date.now()}-${++clicks}-xxxxxxxx`;

/** Emma's order of the issue (Aicha and Nadia here): two bags, paid, not shipped, to Germany. */
async function twoBags() {
  const placed = await placePaidOrder(t.db, {
    details: { country: "DE" },
    lines: [
      { model: "aicha", quantity: 1 },
      { model: "nadia", quantity: 1 },
    ],
  });
  const { items, order } = await orderDetail(t.db, placed.orderNumber);
  const line = (name: string) => {
    const item = items.find((candidate) => candidate.name === name);
    if (!item) throw new Error(`no ${name}`);
    return item;
  };
  return { ...placed, order, aicha: line("Aicha"), nadia: line("Nadia") };
}

const refundLine = (orderNumber: string, itemId: number, extra: { includeShipping?: boolean } = {}) =>
  refundOrder(t.db, offlineGateway, {
    orderNumber,
    requestKey: key(),
    reason: "goodwill",
    lines: [{ itemId, quantity: 1 }],
    restock: "now",
    ...extra,
  });

/** The packing slip as the owner prints it: its PDF's text. */
async function slipText(orderNumber: string) {
  return pdfText(await renderPaper(await paperToPrint(t.db, orderNumber, { kind: "packingSlip" })));
}

const toPrepare = async () => (await dashboard(t.db)).waiting.toPrepare.count;

async function listed(orderNumber: string) {
  const page = await listOrders(t.db, { status: "pending_preparation", search: orderNumber });
  return page.orders.find((row) => row.orderNumber === orderNumber);
}

const tracked = (id: number) => t.db.transaction().execute((trx) => trackedOrder(trx, id, new Date()));

describe("what is left to ship follows the refunds", () => {
  it("a bag refunded before shipping leaves the slip, stays out of the parcel, and the rest is still to prepare", async () => {
    const before = await toPrepare();
    const { id, orderNumber, aicha, nadia } = await twoBags();
    expect(await toPrepare()).toBe(before + 1);
    expect((await slipText(orderNumber)).lines).toEqual(
      expect.arrayContaining(["Sac banane Aicha Aicha-01 1 ☐", "Sac banane Nadia Nadia-01 1 ☐"]),
    );

    const refund = await refundLine(orderNumber, aicha.id);
    expect(refund.status).toBe("pending_preparation");

    // The slip: Nadia to pack, Aicha named as refunded, outside the table.
    const slip = await slipText(orderNumber);
    expect(slip.lines).toContain("Sac banane Nadia Nadia-01 1 ☐");
    expect(slip.lines.some((line) => line.includes("Aicha-01") && line.includes("☐"))).toBe(false);
    expect(slip.text).toContain(
      "Remboursé avant l'envoi, pas dans ce colis : Sac banane Aicha (Aicha-01) × 1.",
    );

    // The list's « à préparer » and the home page's waiting parcels still count it, with one bag.
    expect(await toPrepare()).toBe(before + 1);
    const row = await listed(orderNumber);
    expect(row).toMatchObject({ status: "pending_preparation", paymentStatus: "partially_refunded" });
    expect(row?.lines).toEqual([
      expect.objectContaining({ name: "Aicha", quantity: 1, refunded: 1, toShip: 0 }),
      expect.objectContaining({ name: "Nadia", quantity: 1, refunded: 0, toShip: 1 }),
    ]);
    const detail = await orderDetail(t.db, orderNumber);
    expect(
      detail.items.map(({ name, refundedBeforeShipping, toShip }) => [name, refundedBeforeShipping, toShip]),
    ).toEqual([
      ["Aicha", 1, 0],
      ["Nadia", 0, 1],
    ]);

    // The tracking page: Nadia will be shipped, Aicha was refunded; one « En préparation » step.
    const shopper = await tracked(id);
    expect(shopper.status).toBe("pending_preparation");
    expect(shopper.lines.map(({ name, refunded, toShip }) => ({ name, refunded, toShip }))).toEqual([
      { name: "Aicha", refunded: 1, toShip: 0 },
      { name: "Nadia", refunded: 0, toShip: 1 },
    ]);
    expect(shopper.timeline.map((step) => step.status)).toEqual(["awaiting_payment", "pending_preparation"]);

    // Shipped with what is left: out of the waiting parcels; the slip still says what was packed.
    await markShipped(t.db, { orderNumber, carrier: "colissimo", trackingNumber: "6A12345678901" });
    expect(await toPrepare()).toBe(before);
    expect((await slipText(orderNumber)).lines).toContain("Sac banane Nadia Nadia-01 1 ☐");
    expect((await tracked(id)).lines.map((line) => line.toShip)).toEqual([0, 1]);
    expect(nadia.quantity).toBe(1);
  });

  it("every bag refunded before shipping: refunded, out of « à préparer », and nothing to ship", async () => {
    const before = await toPrepare();
    const { id, orderNumber, aicha, nadia } = await twoBags();
    await refundLine(orderNumber, aicha.id);
    // The last bag, its delivery kept: nothing is left to send.
    const last = await refundLine(orderNumber, nadia.id);
    expect(last.status).toBe("refunded");
    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("orderNumber", "=", orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "refunded", paymentStatus: "partially_refunded", shippedAt: null });
    const events = await t.db
      .selectFrom("orderEvents")
      .select(["fromStatus", "toStatus"])
      .where("orderId", "=", id)
      .orderBy("id")
      .execute();
    expect(events.at(-1)).toEqual({ fromStatus: "pending_preparation", toStatus: "refunded" });

    expect(await toPrepare()).toBe(before);
    expect(await listed(orderNumber)).toBeUndefined();
    await expect(
      markShipped(t.db, { orderNumber, carrier: "colissimo", trackingNumber: "6A12345678902" }),
    ).rejects.toMatchObject({ name: "IllegalTransitionError", from: "refunded" });
    const slip = await slipText(orderNumber);
    expect(slip.text).toContain("Rien à expédier");
    expect(slip.lines.some((line) => line.includes("☐"))).toBe(false);
    expect((await tracked(id)).lines.map((line) => [line.refunded, line.toShip])).toEqual([
      [1, 0],
      [1, 0],
    ]);

    // Her delivery given back afterwards: the money is all back, the order stays refunded.
    const shipping = await refundOrder(t.db, offlineGateway, {
      orderNumber,
      requestKey: key(),
      reason: "goodwill",
      amountCents: order.shippingCents,
      restock: "no",
    });
    expect(shipping.status).toBe("refunded");
    expect(
      await t.db
        .selectFrom("orders")
        .select(["status", "paymentStatus"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "refunded", paymentStatus: "refunded" });
  });

  it("a prepared order partly refunded stays prepared, among the parcels to hand to the carrier", async () => {
    const { orderNumber, aicha } = await twoBags();
    await markPrepared(t.db, orderNumber);
    const before = (await dashboard(t.db)).waiting.toShip.count;
    expect((await refundLine(orderNumber, aicha.id)).status).toBe("prepared");
    expect((await dashboard(t.db)).waiting.toShip.count).toBe(before);
    expect((await slipText(orderNumber)).lines).toContain("Sac banane Nadia Nadia-01 1 ☐");
  });

  it("a refund after shipping changes nothing about what was packed", async () => {
    const before = await toPrepare();
    const { id, orderNumber, aicha } = await twoBags();
    await markShipped(t.db, { orderNumber, carrier: "colissimo", trackingNumber: "6A12345678903" });
    const packed = (await slipText(orderNumber)).lines;
    const refund = await refundLine(orderNumber, aicha.id);
    expect(refund.status).toBe("partially_refunded");
    expect((await slipText(orderNumber)).lines).toEqual(packed);
    expect(packed).toEqual(
      expect.arrayContaining(["Sac banane Aicha Aicha-01 1 ☐", "Sac banane Nadia Nadia-01 1 ☐"]),
    );
    expect((await tracked(id)).lines.map((line) => [line.refunded, line.toShip])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    expect(await toPrepare()).toBe(before);
  });

  it("refuses to ship a partly refunded order whose every piece was refunded (an order of before)", async () => {
    const { orderNumber, aicha, nadia } = await twoBags();
    await refundLine(orderNumber, aicha.id);
    await refundLine(orderNumber, nadia.id);
    // As the state machine left such orders before issue 32: « Partiellement remboursée ».
    await t.db
      .updateTable("orders")
      .set({ status: "partially_refunded" })
      .where("orderNumber", "=", orderNumber)
      .execute();
    await expect(
      markShipped(t.db, { orderNumber, carrier: "colissimo", trackingNumber: "6A12345678904" }),
    ).rejects.toMatchObject({ name: "NothingToShipError" });
    const order = await t.db
      .selectFrom("orders")
      .select(["status", "shippedAt"])
      .where("orderNumber", "=", orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: "partially_refunded", shippedAt: null });
  });
});

describe("the rule itself", () => {
  const lines = [
    { id: 1, quantity: 2 },
    { id: 2, quantity: 1 },
  ];
  const refunded = new Map([[1, 1]]);

  it("ships each line less its pieces refunded before the parcel left", () => {
    expect(
      fulfilmentOf({ status: "pending_preparation", shippedAt: null, withdrawnAt: null }, lines, refunded),
    ).toEqual([
      { id: 1, quantity: 2, refunded: 1, toShip: 1 },
      { id: 2, quantity: 1, refunded: 0, toShip: 1 },
    ]);
  });

  it("ships nothing of an order that will not leave, and never less than nothing", () => {
    for (const status of ["cancelled", "refunded", "withdrawn", "expired"] as const) {
      expect(
        fulfilmentOf({ status, shippedAt: null, withdrawnAt: null }, lines, refunded).map(
          (line) => line.toShip,
        ),
        status,
      ).toEqual([0, 0]);
    }
    expect(
      fulfilmentOf(
        { status: "partially_refunded", shippedAt: null, withdrawnAt: new Date() },
        lines,
        refunded,
      ).map((line) => line.toShip),
      "withdrawn before it left, partly refunded",
    ).toEqual([0, 0]);
    expect(
      fulfilmentOf(
        { status: "withdrawn", shippedAt: new Date(), withdrawnAt: new Date() },
        lines,
        new Map([[2, 5]]),
      ).map((line) => [line.refunded, line.toShip]),
    ).toEqual([
      [0, 2],
      [1, 0],
    ]);
  });
});
