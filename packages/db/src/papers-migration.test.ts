import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";
import { createTestDatabase } from "./testing";

describe("the papers migration (issue 27)", () => {
  it("gives a shop's past sales their invoices and past refunds their credit notes, in the order they happened", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      expect(
        (await migrator.migrateTo("2026-11-26T12-00-phone-and-second-address-line")).error,
      ).toBeUndefined();
      await sql`INSERT INTO products (reference, slug, name, price_cents, stock) VALUES ('Aicha-01', 'aicha', 'Aicha', 16900, 5)`.execute(
        shop.db,
      );
      // Two sales as the shop recorded them before: a French one, then an export to New York.
      await sql`
        INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name, last_name, email,
          address, address_line2, postal_code, city, country, subtotal_cents, shipping_cents, total_cents,
          payment_provider, payment_reference, reserved_until, paid_at, created_at)
        VALUES
          ('SOULS-000002AAAA', 'k2', 'en', 'delivered', 'paid', 'Grace', 'Miller', 'grace@example.org',
           '350 Fifth Avenue', 'Suite 5100', '10118', 'New York', 'US', 16900, 2500, 19400, 'stripe', 'pi_2', now(),
           '2026-10-02T10:00:00Z', '2026-10-02T09:55:00Z'),
          ('SOULS-000001AAAA', 'k1', 'fr', 'partially_refunded', 'partially_refunded', 'Camille', 'Martin',
           'camille@example.org', '12 rue des Martyrs', NULL, '75009', 'Paris', 'FR', 16900, 0, 16900, 'stripe', 'pi_1',
           now(), '2026-10-01T10:00:00Z', '2026-10-01T09:55:00Z'),
          ('SOULS-000003AAAA', 'k3', 'fr', 'expired', 'pending', 'Léa', 'Petit', 'lea@example.org',
           '1 rue Neuve', NULL, '75001', 'Paris', 'FR', 16900, 0, 16900, 'stripe', NULL, now(), NULL, now())`.execute(
        shop.db,
      );
      await sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity)
        SELECT o.id, p.id, 'Aicha', 16900, 1 FROM orders o, products p`.execute(shop.db);
      await sql`INSERT INTO refunds (order_id, provider, amount_cents, reason, status, source, restock, settled_at)
        SELECT id, 'stripe', 2000, 'goodwill', 'succeeded', 'admin', 'no', '2026-10-05T10:00:00Z' FROM orders
        WHERE order_number = 'SOULS-000001AAAA'`.execute(shop.db);

      await migrateToLatest(shop.db);
      const invoices = await shop.db
        .selectFrom("invoices")
        .innerJoin("orders", "orders.id", "invoices.orderId")
        .select([
          "invoices.number",
          "orders.orderNumber",
          "invoices.vatBasis",
          "invoices.vatRateBp",
          "invoices.netCents",
          "invoices.vatCents",
          "invoices.totalCents",
        ])
        .orderBy("number")
        .execute();
      expect(invoices).toEqual([
        {
          number: "F-000001",
          orderNumber: "SOULS-000001AAAA",
          vatBasis: "france",
          vatRateBp: 2000,
          netCents: 14083,
          vatCents: 2817,
          totalCents: 16900,
        },
        {
          number: "F-000002",
          orderNumber: "SOULS-000002AAAA",
          vatBasis: "export",
          vatRateBp: 0,
          netCents: 19400,
          vatCents: 0,
          totalCents: 19400,
        },
      ]);
      // The buyer as the order named her, both lines of her street.
      expect(
        (await shop.db.selectFrom("invoices").select("buyer").orderBy("number").execute()).map(
          (invoice) => invoice.buyer.addressLines,
        ),
      ).toEqual([["12 rue des Martyrs"], ["350 Fifth Avenue", "Suite 5100"]]);
      expect(
        await shop.db
          .selectFrom("creditNotes")
          .select(["number", "totalCents", "vatCents", "vatRateBp"])
          .execute(),
      ).toEqual([{ number: "AV-000001", totalCents: 2000, vatCents: 333, vatRateBp: 2000 }]);
      expect(await shop.db.selectFrom("paperCounters").selectAll().orderBy("series").execute()).toEqual([
        { series: "credit_note", last: 1 },
        { series: "invoice", last: 2 },
        { series: "test_credit_note", last: 0 },
        { series: "test_invoice", last: 0 },
      ]);
      // The days' sales, from the papers.
      expect(
        await sql<{ day: string; orders: number; sales: string; refunded: string }>`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, sales_cents::text AS sales, refunded_cents::text AS refunded
          FROM daily_sales ORDER BY day`.execute(shop.db),
      ).toMatchObject({
        rows: [
          { day: "2026-10-01", orders: 1, sales: "16900", refunded: "0" },
          { day: "2026-10-02", orders: 1, sales: "19400", refunded: "0" },
          { day: "2026-10-05", orders: 0, sales: "0", refunded: "2000" },
        ],
      });
    } finally {
      await shop.drop();
    }
  });
});
