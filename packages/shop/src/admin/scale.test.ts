/**
 * The owner's screens at any size (issue 27): each query of the orders list (every filter, a deep
 * page, a search), an order's page, her home page and the e-mail queue reads an index made for it,
 * never the whole table, and never sorts it. Proven on the plans PostgreSQL chooses for a shop of
 * 20,000 orders and 60,000 e-mails (the benchmark's `--only scale` measures a million).
 */
import type { Database, Kysely } from "@souls/db";
import { seededTestDatabase, watchedPool } from "@souls/db/testing";
import { CamelCasePlugin, Kysely as KyselyClient, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dashboard } from "./dashboard";
import { emailQueueStats, recentEmails } from "./email-queue";
import { listOrders } from "./order-list";
import { orderDetail } from "./orders";

const t = seededTestDatabase();
let watched: Kysely<Database>;
let captured: { sql: string; parameters: readonly unknown[] }[] = [];

/** Orders over two years, most delivered, some abandoned; every e-mail of theirs in the queue. */
async function seed(db: Kysely<Database>) {
  await sql`
    INSERT INTO orders (order_number, checkout_key, locale, status, payment_status, first_name, last_name, email,
      address, postal_code, city, country, subtotal_cents, shipping_cents, total_cents, payment_provider,
      reserved_until, paid_at, created_at)
    SELECT 'SOULS-' || lpad(g::text, 6, '0') || 'SCAL', 'scale-' || g, 'fr',
      (ARRAY['delivered','delivered','delivered','delivered','delivered','delivered','shipped','expired',
             'awaiting_payment','pending_preparation'])[1 + g % 10],
      CASE WHEN g % 10 IN (7, 8) THEN 'pending' ELSE 'paid' END,
      (ARRAY['Camille','Jules','Léa','Hugo','Inès','Louis','Chloé','Nour'])[1 + g % 8],
      (ARRAY['Martin','Dupont','Bernard','Petit','Moreau','Garcia','Roux','Faure','Blanc'])[1 + g % 9] || g % 500,
      'client' || g || '@example.org', '12 rue des Martyrs', '75009', 'Paris', 'FR', 16900, 0, 16900, 'test',
      now(), CASE WHEN g % 10 IN (7, 8) THEN NULL ELSE at + interval '5 minutes' END, at
    FROM generate_series(1, 20000) AS g, LATERAL (SELECT now() - make_interval(mins => g * 50) AS at) AS a`.execute(
    db,
  );
  await sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity)
    SELECT o.id, 1 + o.id % 4, 'Aicha', 16900, 1 FROM orders o`.execute(db);
  await sql`
    INSERT INTO email_queue (order_id, recipient, locale, type, subject, payload, status, created_at)
    SELECT o.id, o.email, 'fr', 'order_confirmation', 'Votre commande est confirmée', '{}',
      CASE WHEN o.id % 500 = 0 THEN 'failed' ELSE 'sent' END, o.created_at + make_interval(secs => k)
    FROM orders o, generate_series(1, 3) AS k`.execute(db);
  // As autovacuum leaves a table at rest: analysed, its visibility map set (index-only scans).
  await sql`VACUUM ANALYZE`.execute(db);
}

beforeAll(async () => {
  await seed(t.db);
  watched = new KyselyClient<Database>({
    dialect: new PostgresDialect({ pool: watchedPool(t.url, 2) }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === "query")
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
});

afterAll(() => watched?.destroy());

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** The plan PostgreSQL chooses for each statement a call runs, read back with EXPLAIN. */
async function plansOf(
  call: () => Promise<unknown>,
): Promise<{ sql: string; root: PlanNode; nodes: PlanNode[] }[]> {
  captured = [];
  await call();
  const plans = [];
  for (const query of captured.filter((q) => /^\s*(select|with)/i.test(q.sql))) {
    const { rows } = await sql<{ "QUERY PLAN": { Plan: PlanNode }[] }>`EXPLAIN (FORMAT JSON) ${sql.raw(
      query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1])),
    )}`.execute(t.db);
    const [explained] = rows[0]?.["QUERY PLAN"] ?? [];
    if (!explained) throw new Error(`no plan for ${query.sql}`);
    const root = explained.Plan;
    plans.push({ sql: query.sql, root, nodes: nodesOf(root) });
  }
  return plans;
}

/** A parameter as SQL text, so the plan is the one its value gets (a partial index's predicate). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

const BIG = ["orders", "email_queue", "order_items"];

/** Sequential scans of a big table not stopped right away by a LIMIT above them. */
function fullScans(node: PlanNode, parents: PlanNode[] = []): string[] {
  const own =
    node["Node Type"] === "Seq Scan" && BIG.includes(node["Relation Name"] ?? "")
      ? parents.at(-1)?.["Node Type"] === "Limit" ||
        (parents.at(-1)?.["Node Type"] === "Subquery Scan" && parents.at(-2)?.["Node Type"] === "Limit")
        ? []
        : [node["Relation Name"] ?? ""]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => fullScans(child, [...parents, node]))];
}

/** Sort nodes fed by the orders table (a page sorted after reading, not read in its index's order). */
const ordersSorted = (nodes: PlanNode[]) =>
  nodes.filter(
    (node) =>
      node["Node Type"] === "Sort" && nodesOf(node).some((below) => below["Relation Name"] === "orders"),
  );

/**
 * No statement reads a whole big table; the given indexes are used (a list: any of them, as the
 * planner weighs a filter's rows).
 */
function expectIndexed(
  plans: { sql: string; root: PlanNode; nodes: PlanNode[] }[],
  indexes: (string | string[])[],
) {
  expect(plans.length).toBeGreaterThan(0);
  for (const { sql: text, root } of plans) {
    // A scan a LIMIT stops after a few rows (a capped count) reads no whole table; any other does.
    expect(fullScans(root), text).toEqual([]);
  }
  const used = plans.flatMap(({ nodes }) => nodes.map((node) => node["Index Name"]).filter(Boolean));
  for (const index of indexes) {
    const anyOf = typeof index === "string" ? [index] : index;
    expect(
      used.some((name) => anyOf.includes(name ?? "")),
      `${anyOf.join(" or ")} in ${used.join(", ")}`,
    ).toBe(true);
  }
}

describe("at any size", () => {
  it("the orders list reads its page from an index, whatever the filter and the depth", async () => {
    expectIndexed(await plansOf(() => listOrders(watched)), ["orders_listed_idx"]);
    expectIndexed(await plansOf(() => listOrders(watched, { abandoned: true })), ["orders_created_idx"]);
    // A status of most orders is found walking the newest ones; a rare one from its own index.
    for (const status of ["delivered", "pending_preparation", "expired"] as const) {
      const plans = await plansOf(() => listOrders(watched, { status }));
      expectIndexed(plans, [["orders_status_idx", "orders_created_idx"]]);
      expect(ordersSorted(plans[0]?.nodes ?? []), status).toEqual([]);
    }
    // Page 500: from the cursor the 499th page ends on.
    const deep = (
      await sql<{ cursor: string }>`
      SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id AS cursor
      FROM orders WHERE payment_status NOT IN ('pending', 'failed')
      ORDER BY created_at DESC, id DESC OFFSET 9980 LIMIT 1`.execute(t.db)
    ).rows[0]?.cursor;
    const page = await listOrders(watched, { after: deep });
    expect(page.orders).toHaveLength(20);
    expectIndexed(await plansOf(() => listOrders(watched, { after: deep })), ["orders_listed_idx"]);
    // The sort of the page is the index's order: no Sort node over the orders.
    const [pagePlan] = await plansOf(() => listOrders(watched, { after: deep }));
    expect(ordersSorted(pagePlan?.nodes ?? [])).toEqual([]);
  });

  it("a search by number, e-mail or name reads their indexes", async () => {
    for (const search of ["SOULS-012345", "012345scal", "client12345@", "faure123"]) {
      const plans = await plansOf(() => listOrders(watched, { search, abandoned: true }));
      expectIndexed(plans, [["orders_number_prefix_idx", "orders_created_idx"]]);
      expectIndexed(plans, [["orders_email_prefix_idx", "orders_created_idx"]]);
      expectIndexed(plans, [["orders_name_search_idx", "orders_created_idx"]]);
    }
    expect((await listOrders(watched, { search: "CLIENT12345@", abandoned: true })).orders).toHaveLength(1);
    expect((await listOrders(watched, { search: "012345scal", abandoned: true })).orders).toHaveLength(1);
    // A common name is found walking the newest orders: a page, never all of them.
    const common = await listOrders(watched, { search: "moreau", abandoned: true });
    expect(common.orders).toHaveLength(20);
    expect(common.count).toEqual({ n: 20, capped: true });
  });

  it("an order's page, the home page and the e-mail queue read their rows by index", async () => {
    expectIndexed(await plansOf(() => orderDetail(watched, "SOULS-012345SCAL")), [
      ["orders_order_number_key", "orders_number_prefix_idx"],
      "email_queue_order_idx",
    ]);
    // Sales come from daily_sales (a row a day); what waits from partial indexes.
    expectIndexed(await plansOf(() => dashboard(watched)), ["orders_waiting_idx", "email_queue_failed_idx"]);
    expectIndexed(await plansOf(() => recentEmails(watched)), ["email_queue_recent_idx"]);
    // 60,000 messages: past the threshold, the big figures are PostgreSQL's estimates.
    const stats = await emailQueueStats(watched);
    expect(stats).toMatchObject({ estimated: true, failed: 120 });
    expect(stats.total).toBeGreaterThan(50_000);
    expectIndexed(await plansOf(() => emailQueueStats(watched)), [
      ["email_queue_due_idx", "email_queue_failed_idx"],
    ]);
  });
});
