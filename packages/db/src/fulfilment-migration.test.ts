import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";
import { createTestDatabase } from "./testing";

describe("the fulfilment migration (issue 32)", () => {
  it("puts back where the state machine now would the orders a refund before shipping stranded", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-26T20-00-papers-and-the-owners-day")).error).toBeUndefined();
      await sql`INSERT INTO products (reference, slug, name, price_cents, stock) VALUES
        ('Aicha-01', 'aicha', 'Aicha', 16900, 5), ('Nadia-01', 'nadia', 'Nadia', 16900, 5)`.execute(shop.db);
      // Four paid orders of Aicha and Nadia, each partly refunded as the shop did before.
      await sql`
        INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name, last_name, email,
          address, postal_code, city, country, subtotal_cents, shipping_cents, total_cents,
          payment_provider, payment_reference, reserved_until, paid_at, shipped_at, withdrawn_at)
        SELECT 'SOULS-00000' || n || 'AAAA', 'k' || n, 'fr', 'partially_refunded', 'partially_refunded', 'Emma', 'Durand',
          'emma@example.org', '12 rue des Martyrs', '75009', 'Paris', 'FR', 33800, 0, 33800, 'stripe', 'pi_' || n, now(),
          '2026-11-27T10:00:00Z', CASE WHEN n = 3 THEN '2026-11-27T12:00:00Z'::timestamptz END,
          CASE WHEN n = 4 THEN '2026-11-27T11:00:00Z'::timestamptz END
        FROM generate_series(1, 4) AS n`.execute(shop.db);
      await sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity)
        SELECT o.id, p.id, p.name, 16900, 1 FROM orders o, products p`.execute(shop.db);
      // 1: Nadia refunded while « Préparée ». 2: both bags refunded. 3: shipped. 4: withdrawn.
      await sql`INSERT INTO order_events (order_id, from_status, to_status, actor)
        SELECT id, 'prepared', 'partially_refunded', 'admin' FROM orders WHERE order_number = 'SOULS-000001AAAA'`.execute(
        shop.db,
      );
      await sql`
        WITH refund AS (
          INSERT INTO refunds (order_id, provider, amount_cents, reason, status, source, restock, settled_at)
          SELECT id, 'stripe', 16900, 'goodwill', 'succeeded', 'admin', 'now', '2026-11-27T11:00:00Z' FROM orders
          RETURNING id, order_id)
        INSERT INTO refund_items (refund_id, order_item_id, quantity)
        SELECT r.id, i.id, 1 FROM refund r JOIN order_items i ON i.order_id = r.order_id
        JOIN orders o ON o.id = r.order_id
        WHERE i.name = 'Nadia' OR o.order_number = 'SOULS-000002AAAA'`.execute(shop.db);

      await migrateToLatest(shop.db);
      const orders = await sql<{ orderNumber: string; status: string; events: string[] | null }>`
        SELECT o.order_number, o.status, (SELECT array_agg(e.from_status || '>' || e.to_status || ' ' || e.actor
          ORDER BY e.id) FROM order_events e WHERE e.order_id = o.id) AS events
        FROM orders o ORDER BY o.order_number`.execute(shop.db);
      expect(orders.rows).toEqual([
        {
          orderNumber: "SOULS-000001AAAA",
          status: "prepared",
          events: ["prepared>partially_refunded admin", "partially_refunded>prepared system"],
        },
        {
          orderNumber: "SOULS-000002AAAA",
          status: "refunded",
          events: ["partially_refunded>refunded system"],
        },
        { orderNumber: "SOULS-000003AAAA", status: "partially_refunded", events: null },
        { orderNumber: "SOULS-000004AAAA", status: "partially_refunded", events: null },
      ]);
    } finally {
      await shop.drop();
    }
  });
});
