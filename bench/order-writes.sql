-- What one paid order must do in PostgreSQL, and nothing else, as a pgbench script (bench/orders.mts
-- runs it with -M prepared and the shop's schema, triggers included): the floor under the shop's
-- orders per second on this server, with no Node, no Kysely and no round trip it could save.
-- Two transactions, as in the shop: the hold with its order (minutes before) and the payment.
-- `:first` is the first product's id (pgbench -D first=…); pgbench's client id and a random key
-- make the order's unique numbers. (No colon inside a literal: pgbench would read it as a variable.)
\set product :first + random(0, 3)
\set key random(1, 1000000000000)

-- Placed: the client's unpaid orders counted under its lock, one piece held, the order, its line
-- and its first event.
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('orders-bench-' || (:client_id)::text));
SELECT count(*) FROM orders
  WHERE client_hash = 'bench-' || (:client_id)::text AND payment_status <> 'paid' AND created_at > now() - interval '1 hour';
UPDATE products SET reserved = reserved + 1, updated_at = now()
  WHERE id = :product AND archived_at IS NULL AND reserved + 1 <= stock;
INSERT INTO orders (order_number, checkout_key, locale, first_name, last_name, email, address, postal_code,
    city, country, subtotal_cents, shipping_cents, total_cents, payment_provider, reserved_until, client_hash)
  VALUES ('SB-' || (:client_id)::text || '-' || (:key)::text, 'key-' || (:client_id)::text || '-' || (:key)::text, 'fr', 'Bench', 'Buyer',
    'bench@example.org', '1 rue du Test', '75001', 'Paris', 'FR', 16900, 0, 16900, 'test',
    now() + interval '30 minutes', 'bench-' || (:client_id)::text)
  RETURNING id AS order_id \gset
INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity)
  VALUES (:order_id, :product, 'Sac banane Aicha', 16900, 1);
INSERT INTO order_events (order_id, from_status, to_status, actor)
  VALUES (:order_id, NULL, 'awaiting_payment', 'shopper');
COMMIT;

-- Paid: the event recorded once, the piece sold from the hold, the status with its event, the
-- tracking token and the confirmation e-mail.
BEGIN;
INSERT INTO payment_events (provider, event_id, type, order_id)
  VALUES ('test', 'evt-' || (:client_id)::text || '-' || (:key)::text, 'succeeded', :order_id);
UPDATE products SET stock = stock - 1, reserved = reserved - 1, updated_at = now() WHERE id = :product;
UPDATE orders SET status = 'pending_preparation', payment_status = 'paid', paid_at = now(), updated_at = now()
  WHERE id = :order_id AND status = 'awaiting_payment';
INSERT INTO order_events (order_id, from_status, to_status, actor)
  VALUES (:order_id, 'awaiting_payment', 'pending_preparation', 'test_gateway');
INSERT INTO tracking_tokens (order_id, token_hash, expires_at)
  VALUES (:order_id, md5('token-' || (:key)::text), now() + interval '2 years');
INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, priority)
  VALUES (:order_id, 'bench@example.org', 'fr', 'order_confirmation', 'Votre commande SB est confirmée',
    jsonb_build_object('orderNumber', 'SB-' || (:key)::text, 'firstName', 'Bench', 'trackingUrl',
      'https://example.org/suivi?token=' || md5('token-' || (:key)::text), 'lines',
      jsonb_build_array(jsonb_build_object('name', 'Sac banane Aicha', 'model', 'aicha', 'quantity', 1,
        'unitPriceCents', 16900)),
      'subtotalCents', 16900, 'shippingCents', 0, 'totalCents', 16900, 'address',
      jsonb_build_object('line', '1 rue du Test', 'postalCode', '75001', 'city', 'Paris', 'country', 'FR')),
    0);
COMMIT;
