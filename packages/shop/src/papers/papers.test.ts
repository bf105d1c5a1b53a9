import { connect } from "@souls/db";
import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { accountingRows } from "../admin/accounting";
import { createDiscountCode } from "../discounts/codes";
import { expireHolds, finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { saveOwnerSettings } from "../owner/settings";
import type { PaymentGateway } from "../payments/gateway";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { saveSeller } from "../seller/store";
import { FILLED_IN_SELLER } from "../seller/testing";
import { TEST_SHIPPING } from "../testing";
import { issueInvoice } from "./issue";
import { paperToPrint } from "./read";

const t = seededTestDatabase();

/** A gateway taking real (Stripe) payments, as far as the papers are concerned: nothing is called. */
const stripeGateway: PaymentGateway = {
  ...offlineGateway,
  provider: "stripe",
  refund: async (_payment, _amount, key) => ({ providerRefundId: `re_${key}` }),
};

const SETTINGS = {
  ownerEmail: null,
  newOrderEmail: true,
  lowStockEmail: true,
  lowStockBelow: 3,
  vatRegime: "france",
} as const;

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("paymentEvents").execute();
  await t.db.updateTable("paperCounters").set({ last: 0 }).execute();
  await t.db.updateTable("products").set({ reserved: 0, stock: 100 }).execute();
  await saveOwnerSettings(t.db, SETTINGS);
});

async function place(
  destination: { country: string; postalCode?: string; city?: string } = { country: "FR" },
  provider: "stripe" | "test" = "test",
  model: "aicha" | "nadia" = "aicha",
  now = new Date(),
) {
  const placed = await placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: destination.country === "FR" ? "fr" : "en",
    lines: [{ model, quantity: 1 }],
    details: { ...TEST_SHIPPING, postalCode: "75009", city: "Paris", ...destination },
    provider,
    now,
  });
  if (!placed.ok) throw new Error("the order was refused");
  return placed.order;
}

async function pay(
  order: { orderNumber: string; totalCents: number; currency: string; paymentProvider: "stripe" | "test" },
  db = t.db,
) {
  const gateway = order.paymentProvider === "stripe" ? stripeGateway : offlineGateway;
  const outcome = await finalizePayment(db, gateway, {
    provider: order.paymentProvider,
    eventId: `evt-${order.orderNumber}`,
    type: "succeeded",
    orderNumber: order.orderNumber,
    taken: { amountCents: order.totalCents, currency: order.currency },
  });
  expect(outcome).toBe("paid");
}

const invoiceOf = (orderId: number) =>
  t.db.selectFrom("invoices").selectAll().where("orderId", "=", orderId).executeTakeFirstOrThrow();
const firstItemOf = (orderId: number) =>
  t.db.selectFrom("orderItems").select("id").where("orderId", "=", orderId).executeTakeFirstOrThrow();

describe("invoice numbers", () => {
  it("follow each other without a gap nor a duplicate under 50 concurrent payments, a rolled back one included", async () => {
    const orders: Awaited<ReturnType<typeof place>>[] = [];
    for (let i = 0; i < 50; i++) {
      orders.push(await place({ country: "FR" }, i % 5 === 0 ? "test" : "stripe", i % 2 ? "aicha" : "nadia"));
    }
    // Fifty buyers pay at once through their own connections; meanwhile another payment takes a
    // number and rolls back (its number must go to the next one, not vanish).
    const failing = await place({ country: "FR" }, "stripe");
    const pool = connect(t.url, { maxConnections: 26 });
    try {
      const rolledBack = pool
        .transaction()
        .execute(async (trx) => {
          const sold = [{ name: "Aicha", reference: "Aicha-01", quantity: 1, unitPriceCents: 16900 }];
          await issueInvoice(trx, failing, sold, new Date());
          throw new Error("the payment failed after its invoice was numbered");
        })
        .catch((error: Error) => error.message);
      await Promise.all([...orders.map((order) => pay(order, pool)), rolledBack]);
      expect(await rolledBack).toBe("the payment failed after its invoice was numbered");
    } finally {
      await pool.destroy();
    }
    const invoices = await t.db.selectFrom("invoices").select(["number", "orderId"]).execute();
    expect(invoices).toHaveLength(50);
    expect(new Set(invoices.map((invoice) => invoice.orderId)).size).toBe(50);
    const real = invoices.map((invoice) => invoice.number).filter((number) => number.startsWith("F-"));
    const test = invoices.map((invoice) => invoice.number).filter((number) => number.startsWith("TEST-F-"));
    expect(real.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `F-${String(i + 1).padStart(6, "0")}`));
    expect(test.sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `TEST-F-${String(i + 1).padStart(6, "0")}`),
    );
    const counters = await t.db.selectFrom("paperCounters").selectAll().orderBy("series").execute();
    expect(counters).toEqual(
      expect.arrayContaining([
        { series: "invoice", last: 40 },
        { series: "test_invoice", last: 10 },
      ]),
    );
  });

  it("is issued once, whatever path the payment takes, and never for money that was not a sale", async () => {
    // A late payment for a hold that ran out: the general path sells the piece and invoices it.
    const late = await place({ country: "FR" }, "stripe", "aicha", new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    await pay(late);
    await pay(late).catch(() => undefined);
    expect((await invoiceOf(late.id)).number).toBe("F-000001");
    // A payment for another amount than the total is no sale: no invoice, no number taken.
    const mismatched = await place({ country: "FR" }, "stripe");
    await finalizePayment(t.db, stripeGateway, {
      provider: "stripe",
      eventId: "evt-mismatch",
      type: "succeeded",
      orderNumber: mismatched.orderNumber,
      taken: { amountCents: 100, currency: "EUR" },
    });
    const next = await place({ country: "FR" }, "stripe");
    await pay(next);
    expect((await invoiceOf(next.id)).number).toBe("F-000002");
    expect(
      await t.db.selectFrom("invoices").select("id").where("orderId", "=", mismatched.id).execute(),
    ).toEqual([]);
  });
});

describe("the buyer on the papers", () => {
  it("keeps both lines of a street, on the invoice of either way of paying and on the packing slip", async () => {
    const second = { addressLine2: "Bâtiment B, 3e étage" };
    const placed = async (provider: "stripe" | "test", now?: Date) => {
      const order = await placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "aicha", quantity: 1 }],
        details: { ...TEST_SHIPPING, ...second },
        provider,
        now,
      });
      if (!order.ok) throw new Error("the order was refused");
      return order.order;
    };
    // The one-statement payment, and the general path (a late payment for a hold that ran out).
    const onTime = await placed("stripe");
    const late = await placed("stripe", new Date(Date.now() - 3600_000));
    await expireHolds(t.db);
    for (const order of [onTime, late]) {
      await pay(order);
      expect((await invoiceOf(order.id)).buyer.addressLines).toEqual([
        "12 rue des Martyrs",
        "Bâtiment B, 3e étage",
      ]);
    }
    const slip = await paperToPrint(t.db, onTime.orderNumber, { kind: "packingSlip" });
    expect(slip.kind === "packingSlip" && slip.shipTo.addressLines).toEqual([
      "12 rue des Martyrs",
      "Bâtiment B, 3e étage",
    ]);
  });
});

describe("the VAT of a sale", () => {
  it("is decided by its destination and the shop's regime, and stored with its invoice", async () => {
    const cases = [
      { destination: { country: "FR" }, basis: "france", territory: "FR", rate: 2000, net: 14083 },
      {
        destination: { country: "DE", postalCode: "10115", city: "Berlin" },
        basis: "france",
        territory: "FR",
        rate: 2000,
      },
      {
        destination: { country: "CH", postalCode: "8001", city: "Zürich" },
        basis: "export",
        territory: null,
        rate: 0,
      },
      {
        destination: { country: "US", postalCode: "10001", city: "New York" },
        basis: "export",
        territory: null,
        rate: 0,
      },
      {
        destination: { country: "GB", postalCode: "SW1A 1AA", city: "London" },
        basis: "export",
        territory: null,
        rate: 0,
      },
      // Guadeloupe is France, outside the EU VAT territory: an export (CGI art. 294).
      {
        destination: { country: "FR", postalCode: "97110", city: "Pointe-à-Pitre" },
        basis: "export",
        territory: null,
        rate: 0,
      },
    ] as const;
    for (const { destination, basis, territory, rate, ...figures } of cases) {
      const order = await place(destination, "stripe");
      await pay(order);
      const invoice = await invoiceOf(order.id);
      expect(
        { basis: invoice.vatBasis, territory: invoice.vatTerritory, rate: invoice.vatRateBp },
        destination.country,
      ).toEqual({
        basis,
        territory,
        rate,
      });
      expect(invoice.netCents + invoice.vatCents).toBe(order.totalCents);
      if (rate === 0) expect(invoice.vatCents).toBe(0);
      if ("net" in figures) expect(invoice.netCents).toBe(figures.net);
      // The lines add up to the whole: the pieces and the delivery, each with its VAT.
      expect(invoice.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(invoice.netCents);
      expect(invoice.lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(invoice.vatCents);
      expect(invoice.lines.map((line) => line.kind)).toEqual(["item", "shipping"]);
    }
  });

  it("takes the destination's rate past the OSS threshold (Germany at 19 %), France keeping 20 %", async () => {
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "destination" });
    const berlin = await place({ country: "DE", postalCode: "10115", city: "Berlin" }, "stripe");
    const paris = await place({ country: "FR" }, "stripe");
    const zurich = await place({ country: "CH", postalCode: "8001", city: "Zürich" }, "stripe");
    for (const order of [berlin, paris, zurich]) await pay(order);
    // 169 € + 12 € of delivery to Germany: 181 € including VAT at 19 %.
    expect(await invoiceOf(berlin.id)).toMatchObject({
      vatBasis: "destination",
      vatTerritory: "DE",
      vatRateBp: 1900,
      totalCents: 18100,
      netCents: 15210,
      vatCents: 2890,
    });
    expect(await invoiceOf(paris.id)).toMatchObject({ vatBasis: "france", vatRateBp: 2000 });
    expect(await invoiceOf(zurich.id)).toMatchObject({ vatBasis: "export", vatRateBp: 0, vatCents: 0 });
  });

  it("is none at all under the small-business exemption (CGI art. 293 B)", async () => {
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "franchise" });
    const order = await place({ country: "FR" }, "stripe");
    await pay(order);
    expect(await invoiceOf(order.id)).toMatchObject({
      vatBasis: "franchise",
      vatRateBp: 0,
      vatCents: 0,
      netCents: 16900,
    });
  });

  it("never changes once the sale is made: a new regime, a new seller, a new rate of the setting leave it as issued", async () => {
    await saveSeller(t.db, FILLED_IN_SELLER);
    const order = await place({ country: "DE", postalCode: "10115", city: "Berlin" }, "stripe");
    await pay(order);
    const issued = await invoiceOf(order.id);
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "destination" });
    await saveSeller(t.db, {
      ...FILLED_IN_SELLER,
      companyName: "Autre nom SAS",
      street: "1 place du Marché",
    });
    expect(await invoiceOf(order.id)).toEqual(issued);
    expect(issued.seller).toMatchObject({
      companyName: FILLED_IN_SELLER.companyName,
      siren: FILLED_IN_SELLER.siren,
    });
    // The next German sale is taxed at 19 %, and names the seller as she is now.
    const next = await place({ country: "DE", postalCode: "10115", city: "Berlin" }, "stripe");
    await pay(next);
    expect(await invoiceOf(next.id)).toMatchObject({
      vatRateBp: 1900,
      seller: { companyName: "Autre nom SAS" },
    });
  });
});

describe("a refund's credit note", () => {
  it("names the pieces and the delivery given back, at its sale's VAT, numbered in its own series", async () => {
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "destination" });
    const order = await place({ country: "DE", postalCode: "10115", city: "Berlin" }, "stripe");
    await pay(order);
    // The regime changes afterwards: the refund still takes the sale's 19 %.
    await saveOwnerSettings(t.db, SETTINGS);
    const item = await firstItemOf(order.id);
    await refundOrder(t.db, stripeGateway, {
      orderNumber: order.orderNumber,
      requestKey: "refund-click-000000001",
      reason: "return",
      lines: [{ itemId: item.id, quantity: 1 }],
      includeShipping: true,
      restock: "on_return",
    });
    const invoice = await invoiceOf(order.id);
    const note = await t.db.selectFrom("creditNotes").selectAll().executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      number: "AV-000001",
      invoiceId: invoice.id,
      reason: "return",
      vatBasis: "destination",
      vatTerritory: "DE",
      vatRateBp: 1900,
      totalCents: 18100,
      netCents: invoice.netCents,
      vatCents: invoice.vatCents,
      shippingCents: 1200,
      buyer: invoice.buyer,
    });
    expect(note.lines.map((line) => [line.kind, line.name ?? null, line.totalCents])).toEqual([
      ["item", "Aicha", 16900],
      ["shipping", null, 1200],
    ]);
    // A refund of an amount is one line of that amount.
    const other = await place({ country: "FR" }, "stripe");
    await pay(other);
    await refundOrder(t.db, stripeGateway, {
      orderNumber: other.orderNumber,
      requestKey: "refund-click-000000002",
      reason: "goodwill",
      amountCents: 2000,
      restock: "no",
    });
    const gesture = await t.db
      .selectFrom("creditNotes")
      .selectAll()
      .where("number", "=", "AV-000002")
      .executeTakeFirstOrThrow();
    expect(gesture).toMatchObject({ totalCents: 2000, vatRateBp: 2000, netCents: 1667, vatCents: 333 });
    expect(gesture.lines).toEqual([
      { kind: "amount", quantity: 1, unitCents: 2000, totalCents: 2000, netCents: 1667, vatCents: 333 },
    ]);
  });
});

describe("a discount code on the papers (decision 048)", () => {
  it("taxes the reduced base on the invoice and gives back a line's pieces pro rata, in the accountant's export too", async () => {
    const code = await createDiscountCode(t.db, {
      code: `PAPERS${Date.now()}`,
      kind: "percent",
      value: 10,
      startsAt: new Date(Date.now() - 3600_000),
      endsAt: null,
      maxUses: null,
      oncePerEmail: false,
      minSubtotalCents: 0,
      productIds: [],
      seriesIds: [],
      addsToSale: false,
    });
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "fr",
      lines: [{ model: "aicha", quantity: 3 }],
      details: { ...TEST_SHIPPING, postalCode: "75009", city: "Paris", country: "FR" },
      provider: "stripe",
      discountCodeId: code.id,
    });
    if (!placed.ok) throw new Error("the order was refused");
    const order = placed.order;
    // 3 × 169 € = 507 €, less 10 % = 456,30 €, delivery in France free.
    expect(order).toMatchObject({
      subtotalCents: 50700,
      discountCents: 5070,
      totalCents: 45630 + order.shippingCents,
    });
    await pay(order);
    const invoice = await invoiceOf(order.id);
    const [item] = invoice.lines;
    expect(item).toMatchObject({
      kind: "item",
      quantity: 3,
      unitCents: 16900,
      discountCents: 5070,
      totalCents: 45630,
    });
    // VAT at 20 % on the reduced base: 456,30 € is 380,25 € + 76,05 €.
    expect(item).toMatchObject({ netCents: 38025, vatCents: 7605 });
    expect(invoice.totalCents).toBe(order.totalCents);
    // Her confirmation says what the code took off.
    const confirmation = await t.db
      .selectFrom("emailQueue")
      .select("payload")
      .where("orderId", "=", order.id)
      .where("type", "=", "order_confirmation")
      .executeTakeFirstOrThrow();
    expect(confirmation.payload).toMatchObject({
      subtotalCents: 50700,
      discountCents: 5070,
      totalCents: 45630,
    });
    // One piece of three given back: a third of what was paid for the line.
    const line = await firstItemOf(order.id);
    await refundOrder(t.db, stripeGateway, {
      orderNumber: order.orderNumber,
      requestKey: "refund-click-discount-1",
      reason: "return",
      lines: [{ itemId: line.id, quantity: 1 }],
      includeShipping: false,
      restock: "on_return",
    });
    const refund = await t.db
      .selectFrom("refunds")
      .select("amountCents")
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(refund.amountCents).toBe(15210);
    const note = await t.db
      .selectFrom("creditNotes")
      .selectAll()
      .where("invoiceId", "=", invoice.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ totalCents: 15210, netCents: 12675, vatCents: 2535 });
    expect(note.lines).toMatchObject([
      { kind: "item", quantity: 1, unitCents: 16900, discountCents: 1690, totalCents: 15210 },
    ]);
    const month = new Intl.DateTimeFormat("sv-SE", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
    })
      .format(new Date())
      .slice(0, 7);
    const rows = await accountingRows(t.db, { from: month, to: month });
    expect(rows.find((row) => row.orderNumber === order.orderNumber && row.kind === "sale")).toMatchObject({
      totalCents: 45630,
      netCents: 38025,
      discountCents: 5070,
      discountCode: code.code,
    });
    expect(rows.find((row) => row.orderNumber === order.orderNumber && row.kind === "refund")).toMatchObject({
      totalCents: -15210,
      discountCents: -1690,
    });
  });
});

describe("the day's sales", () => {
  it("add up each invoice and credit note of a Paris day as it is issued", async () => {
    const before = await sql<{ orders: number; sales: string; refunded: string }>`
      SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(sales_cents), 0)::text AS sales,
        coalesce(sum(refunded_cents), 0)::text AS refunded FROM daily_sales`.execute(t.db);
    const order = await place({ country: "FR" }, "stripe");
    await pay(order);
    await refundOrder(t.db, stripeGateway, {
      orderNumber: order.orderNumber,
      requestKey: "refund-click-000000003",
      reason: "goodwill",
      amountCents: 1000,
      restock: "no",
    });
    const after = await sql<{ orders: number; sales: string; refunded: string }>`
      SELECT sum(orders)::int AS orders, sum(sales_cents)::text AS sales, sum(refunded_cents)::text AS refunded
      FROM daily_sales`.execute(t.db);
    const [b, a] = [before.rows[0], after.rows[0]];
    expect((a?.orders ?? 0) - (b?.orders ?? 0)).toBe(1);
    expect(Number(a?.sales) - Number(b?.sales)).toBe(16900);
    expect(Number(a?.refunded) - Number(b?.refunded)).toBe(1000);
  });
});
