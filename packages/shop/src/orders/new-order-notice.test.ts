import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { saveOwnerSettings } from "../owner/settings";
import { offlineGateway } from "../payments/offline-gateway";
import { saveSeller } from "../seller/store";
import { FILLED_IN_SELLER } from "../seller/testing";
import { TEST_SHIPPING } from "../testing";
import { expireHolds, finalizePayment } from "./finalize-payment";
import { newCheckoutKey, placeOrder } from "./place-order";

const t = seededTestDatabase();
const SETTINGS = {
  ownerEmail: "atelier@souls.example",
  newOrderEmail: true,
  lowStockEmail: true,
  lowStockBelow: 3,
  vatRegime: "france",
} as const;

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.updateTable("products").set({ reserved: 0, stock: 10 }).execute();
  await saveOwnerSettings(t.db, SETTINGS);
});

async function paidOrder(now = new Date()) {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "en",
    lines: [{ model: "nadia", quantity: 1 }],
    details: {
      ...TEST_SHIPPING,
      country: "BE",
      postalCode: "1000",
      city: "Bruxelles",
      customerNote: "Un cadeau",
    },
    provider: "test",
    now,
  });
  if (!placed.ok) throw new Error("refused");
  await expireHolds(t.db);
  const outcome = await finalizePayment(t.db, offlineGateway, {
    provider: "test",
    eventId: `evt-${placed.order.orderNumber}`,
    type: "succeeded",
    orderNumber: placed.order.orderNumber,
    taken: { amountCents: placed.order.totalCents, currency: "EUR" },
  });
  expect(outcome).toBe("paid");
  return placed.order;
}

/** The owner's notices of an order: about it, not among its customer's e-mails (no order id). */
async function noticesOf(orderId: number) {
  const { orderNumber } = await t.db
    .selectFrom("orders")
    .select("orderNumber")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return t.db
    .selectFrom("emailQueue")
    .selectAll()
    .where("type", "=", "new_order")
    .where(sql<boolean>`payload->>'orderNumber' = ${orderNumber}`)
    .execute();
}

describe("the owner's e-mail for a paid order", () => {
  it("is queued with the payment, in French, to her address: the order, its lines and where it goes", async () => {
    // A held order (the one-statement payment) and one paid after its hold ran out (the general path).
    for (const order of [await paidOrder(), await paidOrder(new Date(Date.now() - 3600_000))]) {
      const [notice, ...more] = await noticesOf(order.id);
      expect(more).toEqual([]);
      expect(notice).toMatchObject({
        orderId: null,
        recipient: "atelier@souls.example",
        locale: "fr",
        status: "pending",
        subject: `Nouvelle commande ${order.orderNumber} : Camille Martin`,
      });
      expect(notice?.payload).toMatchObject({
        orderNumber: order.orderNumber,
        items: [{ name: "Nadia", quantity: 1, unitPriceCents: 16900 }],
        shippingCents: 1200,
        totalCents: 18100,
        destination: { postalCode: "1000", city: "Bruxelles", country: "BE" },
        customerNote: "Un cadeau",
        test: true,
      });
    }
  });

  it("goes to the shop's contact e-mail when she gave no address, and nowhere when she switched it off", async () => {
    await saveSeller(t.db, FILLED_IN_SELLER);
    await saveOwnerSettings(t.db, { ...SETTINGS, ownerEmail: null });
    const toShop = await paidOrder();
    expect((await noticesOf(toShop.id)).map((row) => row.recipient)).toEqual([FILLED_IN_SELLER.email]);
    await saveOwnerSettings(t.db, { ...SETTINGS, newOrderEmail: false });
    const off = await paidOrder();
    expect(await noticesOf(off.id)).toEqual([]);
    // The shopper's confirmation goes out all the same.
    expect(
      await t.db.selectFrom("emailQueue").select("type").where("orderId", "=", off.id).execute(),
    ).toEqual([{ type: "order_confirmation" }]);
  });
});
