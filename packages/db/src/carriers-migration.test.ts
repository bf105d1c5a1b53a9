import { Migrator, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./migrate";
import { migrations } from "./migrations/index";
import { createTestDatabase } from "./testing";

describe("the carriers migration (decision 050)", () => {
  it("seeds the launch's four, and gives orders already shipped and their queued e-mails the carrier's name and link", async () => {
    const shop = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: shop.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-28T08-30-stock-only-product-changes")).error).toBeUndefined();
      await sql`
        INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name, last_name, email,
          address, postal_code, city, country, subtotal_cents, shipping_cents, total_cents,
          payment_provider, payment_reference, reserved_until, paid_at, shipped_at, carrier, tracking_number)
        VALUES
          ('SOULS-000001AAAA', 'k1', 'fr', 'shipped', 'paid', 'Camille', 'Martin', 'camille@example.org',
           '12 rue des Martyrs', '75009', 'Paris', 'FR', 16900, 0, 16900, 'stripe', 'pi_1', now(), now(), now(),
           'chronopost', ' XY 12/3 '),
          ('SOULS-000002AAAA', 'k2', 'fr', 'pending_preparation', 'paid', 'Léa', 'Petit', 'lea@example.org',
           '1 rue Neuve', '75001', 'Paris', 'FR', 16900, 0, 16900, 'stripe', 'pi_2', now(), now(), NULL, NULL, NULL)`.execute(
        shop.db,
      );
      await sql`
        INSERT INTO email_queue (recipient, locale, type, subject, payload)
        VALUES ('camille@example.org', 'fr', 'shipping_notification', 'En route',
          '{"carrier": "chronopost", "carrierUrl": "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY"}')`.execute(
        shop.db,
      );
      await migrateToLatest(shop.db);

      const carriers = await sql<{ key: string; name: string; trackingTemplate: string }>`
        SELECT key, name, tracking_template FROM carriers WHERE retired_at IS NULL ORDER BY position`.execute(
        shop.db,
      );
      expect(carriers.rows.map((row) => [row.key, row.name, row.trackingTemplate])).toEqual([
        ["colissimo", "Colissimo", "https://www.laposte.fr/outils/suivre-vos-envois?code={number}"],
        [
          "chronopost",
          "Chronopost",
          "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={number}",
        ],
        ["dhl", "DHL", "https://www.dhl.com/fr-en/home/tracking.html?tracking-id={number}"],
        ["ups", "UPS", "https://www.ups.com/track?tracknum={number}"],
      ]);
      const orders = await sql<Record<string, string | null>>`
        SELECT order_number, carrier_name, carrier_tracking_url FROM orders ORDER BY order_number`.execute(
        shop.db,
      );
      expect(orders.rows).toEqual([
        {
          orderNumber: "SOULS-000001AAAA",
          carrierName: "Chronopost",
          carrierTrackingUrl:
            "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY%2012%2F3",
        },
        { orderNumber: "SOULS-000002AAAA", carrierName: null, carrierTrackingUrl: null },
      ]);
      const email = await sql<{ payload: Record<string, string> }>`SELECT payload FROM email_queue`.execute(
        shop.db,
      );
      expect(email.rows[0]?.payload).toMatchObject({ carrier: "chronopost", carrierName: "Chronopost" });
      // The old check is a foreign key now: an order names a carrier of the list.
      await expect(sql`UPDATE orders SET carrier = 'fedex'`.execute(shop.db)).rejects.toThrow(/foreign key/);
    } finally {
      await shop.drop();
    }
  });
});
