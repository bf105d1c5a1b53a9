/**
 * The owner's screens at any size (issue 27): a shop of a million orders and five million queued
 * e-mails, seeded in a database of its own with SQL (generate_series: a few statements, not a
 * million round trips), then each screen's query asked over HTTP by the owner's session, one at a
 * time as she would, and its p99 measured — the orders list (first page, page 500, every status,
 * the abandoned checkouts, a search by number, e-mail and name), an order's page, her home page
 * and the e-mail queue. Budget: 50 ms at p99 each.
 */
import { connect, migrateToLatest, seedProducts } from "@souls/db";
import type { EmbeddedDatabase } from "@souls/db/embedded";
import { sql } from "kysely";
import { type Figure, ms } from "./table.mts";

export interface ScaleOptions {
  server: EmbeddedDatabase;
  orders: number;
  emails: number;
  /** Requests timed per screen (after a few to warm up). */
  requests: number;
  /** Starts the production app on a database and says where it answers and the owner's password. */
  startApp: (databaseUrl: string) => Promise<{ baseUrl: string; adminPassword: string }>;
  log: (line: string) => void;
}

const BUDGET_MS = 50;
const DATABASE = "souls_scale";

/**
 * A shop that has sold for three years: most orders delivered, some abandoned, a few waiting.
 * Returns an order number, an e-mail and a name to search for, and the cursor of page 500.
 */
export async function seedScale(url: string, orders: number, emails: number, log: (line: string) => void) {
  const db = connect(url, { maxConnections: 1 });
  try {
    await migrateToLatest(db);
    await seedProducts(db);
    const started = performance.now();
    // Three years of orders, newest first in time; statuses as a real shop's spread.
    await sql`SET maintenance_work_mem = '512MB'`.execute(db);
    await sql`
      INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name, last_name, email,
        address, postal_code, city, country, subtotal_cents, shipping_cents, total_cents, payment_provider,
        payment_reference, reserved_until, paid_at, shipped_at, delivered_at, withdrawn_at, created_at)
      SELECT 'SOULS-' || lpad((g % 1000000)::text, 6, '0') || chr(65 + g / 1000000 % 26) || chr(65 + g % 26)
          || chr(65 + g / 26 % 26) || chr(65 + g / 676 % 26),
        'scale-' || g, CASE WHEN g % 5 = 0 THEN 'en' ELSE 'fr' END, s.status, s.payment,
        (ARRAY['Camille','Jules','Léa','Hugo','Inès','Louis','Chloé','Nour','Emma','Adam','Zoé','Sacha',
               'Alice','Noah','Lina','Gabriel','Rose','Malo','Anna','Yanis'])[1 + g % 20],
        (ARRAY['Martin','Dupont','Bernard','Petit','Moreau','Garcia','Roux','Faure','Blanc','Leroy','Girard',
               'Bonnet','Lambert','Fontaine','Rousseau','Vincent','Muller','Lefèvre','Mercier','Benali'])[1 + g / 20 % 20]
          || CASE WHEN g % 7 = 0 THEN '' ELSE '-' || (g % 997) END,
        'client' || g || (ARRAY['@gmail.com','@orange.fr','@free.fr','@outlook.com','@example.org'])[1 + g % 5],
        (g % 200) || ' rue des Martyrs', lpad((g % 95000 + 1000)::text, 5, '0'), 'Paris', c.country,
        16900, c.shipping, 16900 + c.shipping, 'stripe', 'pi_' || g, at + interval '20 minutes',
        CASE WHEN s.payment IN ('pending', 'failed') THEN NULL ELSE at + interval '2 minutes' END,
        CASE WHEN s.status IN ('shipped', 'delivered') THEN at + interval '2 days' END,
        CASE WHEN s.status = 'delivered' THEN at + interval '5 days' END,
        CASE WHEN s.status = 'withdrawn' THEN now() - make_interval(days => g % 20) END, at
      FROM generate_series(1, ${orders}::int) AS g,
        LATERAL (SELECT now() - make_interval(secs => g * (94608000 / ${orders}::int)) AS at) AS t,
        LATERAL (SELECT CASE
          WHEN g % 1000 < 800 THEN 'delivered' WHEN g % 1000 < 830 THEN 'shipped'
          WHEN g % 1000 < 833 THEN 'prepared' WHEN g % 1000 < 838 THEN 'pending_preparation'
          WHEN g % 1000 < 848 THEN 'refunded' WHEN g % 1000 < 853 THEN 'partially_refunded'
          WHEN g % 1000 < 855 THEN 'withdrawn' WHEN g % 1000 < 955 THEN 'expired'
          WHEN g % 1000 < 999 THEN 'cancelled' ELSE 'awaiting_payment' END AS status) AS st,
        LATERAL (SELECT st.status, CASE
          WHEN st.status IN ('expired', 'awaiting_payment') THEN 'pending' WHEN st.status = 'cancelled' THEN 'failed'
          WHEN st.status = 'refunded' THEN 'refunded' WHEN st.status = 'partially_refunded' THEN 'partially_refunded'
          ELSE 'paid' END AS payment) AS s,
        LATERAL (SELECT (ARRAY['FR','FR','FR','FR','FR','FR','FR','BE','DE','IT','ES','CH','US','GB'])[1 + g % 14]
          AS country) AS cc,
        LATERAL (SELECT cc.country, CASE WHEN cc.country = 'FR' THEN 0 WHEN cc.country IN ('US') THEN 2500
          ELSE 1200 END AS shipping) AS c`.execute(db);
    log(
      `  ${orders.toLocaleString("en-US")} orders in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    await sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity)
      SELECT o.id, p.id, p.name, 16900, 1 FROM orders o
      JOIN products p ON p.id = (SELECT min(id) FROM products) + o.id % 4`.execute(db);
    // Each paid order's invoice, as compact as the shop writes them; the days' sales from them.
    await sql`
      INSERT INTO invoices (order_id, number, issued_at, payment_reference, vat_basis, vat_territory, vat_rate_bp,
        net_cents, vat_cents, total_cents, shipping_cents, currency, locale, lines, buyer, seller)
      SELECT o.id, 'F-' || lpad((row_number() OVER (ORDER BY o.paid_at, o.id))::text, 7, '0'), o.paid_at,
        o.payment_reference, 'france', 'FR', 2000, round(o.total_cents / 1.2)::int,
        o.total_cents - round(o.total_cents / 1.2)::int, o.total_cents, o.shipping_cents, 'EUR', o.locale,
        jsonb_build_array(jsonb_build_object('kind', 'item', 'name', 'Aicha', 'reference', 'Aicha-01', 'quantity', 1,
          'unitCents', 16900, 'totalCents', 16900, 'netCents', 14083, 'vatCents', 2817)),
        jsonb_build_object('name', o.first_name || ' ' || o.last_name, 'email', o.email,
          'addressLines', jsonb_build_array(o.address), 'postalCode', o.postal_code, 'city', o.city,
          'country', o.country), '{}'
      FROM orders o WHERE o.paid_at IS NOT NULL`.execute(db);
    await sql`UPDATE paper_counters SET last = (SELECT count(*) FROM invoices) WHERE series = 'invoice'`.execute(
      db,
    );
    log(`  order lines and invoices in ${Math.round((performance.now() - started) / 1000)} s`);
    // The queue: each order's confirmation and shipping notice, the owner's notices, back-in-stock mail.
    await sql`
      INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, status, priority, attempts,
        next_attempt_at, sent_at, created_at)
      SELECT CASE WHEN g % 5 < 3 THEN 1 + g % ${orders}::int END,
        'client' || (g % ${orders}::int) || '@example.org', 'fr',
        (ARRAY['order_confirmation','shipping_notification','order_refund','new_order','back_in_stock'])[1 + g % 5],
        'Votre commande SOULS-' || lpad((g % 1000000)::text, 6, '0') || ' est confirmée', '{}',
        CASE WHEN g % 2000 = 0 THEN 'failed' WHEN g % 5000 = 1 THEN 'pending' ELSE 'sent' END,
        CASE WHEN g % 5 = 4 THEN 1 ELSE 0 END, 1, at, at + interval '10 seconds', at
      FROM generate_series(1, ${emails}::int) AS g,
        LATERAL (SELECT now() - make_interval(secs => g * (94608000 / ${emails}::int)) AS at) AS t`.execute(
      db,
    );
    log(
      `  ${emails.toLocaleString("en-US")} e-mails in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    await sql`VACUUM ANALYZE`.execute(db);
    log(`  seeded and analysed in ${Math.round((performance.now() - started) / 1000)} s`);
    const sample = await sql<{ number: string; email: string; name: string; deep: string }>`
      SELECT (SELECT order_number FROM orders WHERE status = 'delivered' ORDER BY id LIMIT 1 OFFSET ${Math.floor(orders / 3)}) AS number,
        (SELECT email FROM orders ORDER BY id LIMIT 1 OFFSET ${Math.floor(orders / 2)}) AS email,
        (SELECT last_name FROM orders WHERE last_name NOT LIKE '%-%' ORDER BY id LIMIT 1 OFFSET 500) AS name,
        (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id FROM orders
          WHERE payment_status NOT IN ('pending', 'failed') ORDER BY created_at DESC, id DESC OFFSET 9980 LIMIT 1) AS deep`.execute(
      db,
    );
    return sample.rows[0] as { number: string; email: string; name: string; deep: string };
  } finally {
    await db.destroy();
  }
}

/** The p99 of `count` requests of a screen's procedure, one after the other. */
async function p99Of(
  baseUrl: string,
  cookie: string,
  procedure: string,
  input: unknown,
  count: number,
): Promise<{ p50: number; p99: number; max: number }> {
  const address = `${baseUrl}/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const ask = async () => {
    const started = performance.now();
    const answer = await fetch(address, { headers: { Cookie: cookie } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`${procedure} answered ${answer.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await ask();
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await ask());
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0 };
}

async function ownerCookie(baseUrl: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/admin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ intent: "login", password }).toString(),
    redirect: "manual",
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((line) => line.startsWith("admin_session="));
  if (!cookie) throw new Error(`the owner's login answered ${answer.status} without a session`);
  return cookie;
}

export async function benchScale(options: ScaleOptions): Promise<Figure[]> {
  const { server, orders, emails, requests, log } = options;
  log(`seeding ${orders.toLocaleString("en-US")} orders and ${emails.toLocaleString("en-US")} e-mails…`);
  await server.createDatabase(DATABASE);
  const url = server.urlFor(DATABASE);
  const sample = await seedScale(url, orders, emails, log);
  const { baseUrl, adminPassword } = await options.startApp(url);
  const cookie = await ownerCookie(baseUrl, adminPassword);
  const screens: { name: string; procedure: string; input?: unknown }[] = [
    { name: "orders list, first page", procedure: "orders.list", input: {} },
    { name: "orders list, page 500", procedure: "orders.list", input: { after: sample.deep } },
    { name: "orders list, abandoned checkouts too", procedure: "orders.list", input: { abandoned: true } },
    ...[
      "pending_preparation",
      "prepared",
      "shipped",
      "delivered",
      "refunded",
      "partially_refunded",
      "withdrawn",
      "cancelled",
      "expired",
      "awaiting_payment",
    ].map((status) => ({
      name: `orders list, status ${status}`,
      procedure: "orders.list",
      input: { status },
    })),
    {
      name: "orders list, search by number",
      procedure: "orders.list",
      input: { search: sample.number.slice(-10) },
    },
    { name: "orders list, search by e-mail", procedure: "orders.list", input: { search: sample.email } },
    { name: "orders list, search by name", procedure: "orders.list", input: { search: sample.name } },
    { name: "orders to attend first", procedure: "orders.attention" },
    { name: "an order's page", procedure: "orders.detail", input: { orderNumber: sample.number } },
    { name: "home page (dashboard)", procedure: "dashboard.get" },
    { name: "e-mail queue, figures", procedure: "emails.stats" },
    { name: "e-mail queue, last 20", procedure: "emails.recent" },
  ];
  const figures: Figure[] = [];
  for (const screen of screens) {
    const { p50, p99, max } = await p99Of(baseUrl, cookie, screen.procedure, screen.input, requests);
    log(`  ${screen.name}: p50 ${ms(p50)}, p99 ${ms(p99)}`);
    figures.push({
      section: "scale",
      figure: `${screen.name} (${(orders / 1e6).toLocaleString("en-US")}M orders, ${(emails / 1e6).toLocaleString("en-US")}M e-mails)`,
      value: `p99 ${ms(p99)} (p50 ${ms(p50)}, max ${ms(max)})`,
      budget: `p99 ≤ ${BUDGET_MS} ms`,
      met: p99 <= BUDGET_MS,
      data: { procedure: screen.procedure, input: screen.input, p50, p99, max, requests },
      note:
        p99 <= BUDGET_MS
          ? undefined
          : `${screen.procedure} ${JSON.stringify(screen.input ?? {})}: over budget`,
    });
  }
  return figures;
}
