/**
 * The owner's home page (issue 27): her business at a glance — today, this week and this month
 * (sales including VAT, gross and net, orders, average basket, refunds), what waits for her, since
 * when and by which deadline, the models running low, and the sales of the last 90 days by day.
 * Every figure reads a kept aggregate (daily_sales, one row a day) or a partial index over what
 * waits: it costs the same with a hundred orders or a million. The owner's test orders (« Test
 * Commande ») count in none of it (issue 32).
 */
import type { Database, Kysely } from "@souls/db";
import { type RawBuilder, sql } from "kysely";
import type { LineCover } from "../orders/queries";
import { loadOwnerSettings } from "../owner/settings";
import { missingSellerFields } from "../seller/fields";
import { loadSeller } from "../seller/store";
import { REFUND_DEADLINE_DAYS } from "../withdrawal";

/** Days of sales the chart shows. */
export const SALES_DAYS = 90;
/** A refund due within this many days is "near" its legal deadline. */
export const REFUND_NEAR_DAYS = 3;

export interface PeriodFigures {
  /** Gross: every sale of the period (its invoice), including VAT. */
  salesCents: number;
  /**
   * Net: the gross less the period's refunds (a cancellation of a paid order is one) and less
   * what is still owed back on the orders withdrawn during the period (not refunded yet).
   */
  netCents: number;
  /** Owed back on orders withdrawn during the period, not refunded yet. */
  withdrawnCents: number;
  orders: number;
  /** Sales ÷ orders, to the cent; null without an order. */
  averageCents: number | null;
  refundedCents: number;
  refunds: number;
}

/** A line of what waits for the owner: how many, since when the oldest has waited, by when at the latest. */
export interface WaitingLine {
  count: number;
  since: Date | null;
  /** The earliest legal deadline among them (a refund after a withdrawal), if the kind has one. */
  deadline: Date | null;
}

/** An order that needs the owner by name: a refund owed after a withdrawal, a payment to check. */
export interface WaitingOrder {
  kind: "refundsDue" | "paymentsToCheck";
  orderNumber: string;
  customer: string;
  /** What is owed back (a refund due) or was taken (a payment to check). */
  amountCents: number;
  since: Date;
  /** The legal deadline: 14 days after the withdrawal (Code de la consommation L221-24). */
  deadline: Date | null;
}

/** How many named orders the home page lists at most (the rest are counted in their line). */
export const WAITING_ORDERS_SHOWN = 20;

/**
 * What waits for the owner, each with the query that counts it (`count`, and `since`: when the
 * oldest began to wait), all read in one statement. Adding a line is one entry here, and its
 * words and link in the panel (routes/admin's `WAITING`, a Record the type check holds to this
 * list).
 */
const WAITING = {
  /** Paid, to prepare. */
  toPrepare: () =>
    sql`SELECT count(*)::int AS count, min(paid_at) AS since FROM orders WHERE status = 'pending_preparation' AND NOT is_test`,
  /** Prepared, to hand to the carrier. */
  toShip: () =>
    sql`SELECT count(*)::int AS count, min(paid_at) AS since FROM orders WHERE status = 'prepared' AND NOT is_test`,
  /** Withdrawn and not refunded: each refund is due within 14 days of its withdrawal (L221-24). */
  refundsDue: () => sql`SELECT count(*)::int AS count, min(withdrawn_at) AS since,
      min(withdrawn_at) + make_interval(days => ${REFUND_DEADLINE_DAYS}) AS deadline
    FROM orders WHERE withdrawn_at IS NOT NULL AND payment_status <> 'refunded' AND NOT is_test`,
  /** Taken for another amount than the total: the shopper's money is held until she acts. */
  paymentsToCheck: () =>
    sql`SELECT count(*)::int AS count, min(created_at) AS since FROM orders WHERE payment_status = 'mismatch' AND NOT is_test`,
  /** Failed for good: the shopper has not received it. */
  emailsFailed: () =>
    sql`SELECT count(*)::int AS count, min(created_at) AS since FROM email_queue WHERE status = 'failed'`,
  /** Buyers' reviews waiting for her decision (published as they are after 14 days without one). */
  reviewsToModerate: () =>
    sql`SELECT count(*)::int AS count, min(submitted_at) AS since FROM reviews WHERE status = 'pending'`,
} satisfies Record<string, () => RawBuilder<unknown>>;

/** Every line of what waits, in one statement: a column per kind. */
function waitingQuery() {
  return sql<
    Record<WaitingKind, { count: number; since: string | null; deadline?: string | null } | null>
  >`SELECT ${sql.join(
    WAITING_KINDS.map(
      (kind) => sql`(SELECT row_to_json(line) FROM (${WAITING[kind]()}) AS line) AS ${sql.id(kind)}`,
    ),
  )}`;
}

export type WaitingKind = keyof typeof WAITING;
export const WAITING_KINDS = Object.keys(WAITING) as WaitingKind[];

export interface LowStockModel {
  id: number;
  name: string;
  reference: string;
  stock: number;
  cover: LineCover | null;
}

export interface Dashboard {
  today: PeriodFigures;
  week: PeriodFigures;
  month: PeriodFigures;
  waiting: Record<WaitingKind, WaitingLine>;
  /** The orders to refund by a deadline (the nearest first), then the payments to check (oldest first). */
  waitingOrders: WaitingOrder[];
  lowStock: { threshold: number; models: LowStockModel[] };
  /** The last 90 days, oldest first, a day without a sale included. */
  days: { day: string; salesCents: number; orders: number }[];
  /** What the law asks of « Ma boutique » and is still missing: her invoices leave it out. */
  sellerMissing: string[];
}

/** `YYYY-MM-DD` of a moment in Paris (the shop's days). */
const parisDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" });
const dayOf = (time: Date) => parisDay.format(time);

/** The day `n` days before a `YYYY-MM-DD` day. */
function daysBefore(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}

function figures(rows: DayRow[], withdrawn: WithdrawnRow[]): PeriodFigures {
  const sum = (pick: (row: DayRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const salesCents = sum((row) => Number(row.salesCents));
  const refundedCents = sum((row) => Number(row.refundedCents));
  const withdrawnCents = withdrawn.reduce((total, row) => total + Number(row.owedCents), 0);
  const orders = sum((row) => row.orders);
  return {
    salesCents,
    netCents: salesCents - refundedCents - withdrawnCents,
    withdrawnCents,
    orders,
    averageCents: orders === 0 ? null : Math.round(salesCents / orders),
    refundedCents,
    refunds: sum((row) => row.refunds),
  };
}

/** What is still owed back on the orders withdrawn on a day (Paris), not refunded yet. */
interface WithdrawnRow {
  day: string;
  owedCents: string;
}

interface DayRow {
  day: string;
  orders: number;
  salesCents: string;
  refunds: number;
  refundedCents: string;
}

export async function dashboard(db: Kysely<Database>, now = new Date()): Promise<Dashboard> {
  const today = dayOf(now);
  const first = daysBefore(today, SALES_DAYS - 1);
  const settings = await loadOwnerSettings(db);
  const [days, waiting, lowStock, seller, withdrawn, waitingOrders] = await Promise.all([
    sql<DayRow>`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, sales_cents, refunds, refunded_cents
      FROM daily_sales WHERE day >= ${first}::date AND day <= ${today}::date ORDER BY day`.execute(db),
    waitingQuery().execute(db),
    db
      .selectFrom("products")
      .select(["id", "name", "reference", "stock", sql<LineCover | null>`product_cover(id)`.as("cover")])
      .where("publishedAt", "is not", null)
      .where("archivedAt", "is", null)
      .where("stock", "<", settings.lowStockBelow)
      .orderBy("stock")
      .orderBy("name")
      .execute(),
    loadSeller(db),
    // Withdrawn orders not refunded yet: few at any time (a partial index holds them).
    sql<WithdrawnRow>`SELECT to_char((o.withdrawn_at AT TIME ZONE 'Europe/Paris')::date, 'YYYY-MM-DD') AS day,
        sum(greatest(0, o.total_cents - coalesce((SELECT sum(r.amount_cents) FROM refunds r
          WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)))::bigint AS owed_cents
      FROM orders o
      WHERE o.withdrawn_at IS NOT NULL AND o.payment_status <> 'refunded' AND NOT o.is_test
        AND o.paid_at IS NOT NULL
      GROUP BY 1`.execute(db),
    waitingOrdersOf(db),
  ]);
  const byDay = new Map(days.rows.map((row) => [row.day, row]));
  const within = (since: string) => ({
    rows: days.rows.filter((row) => row.day >= since && row.day <= today),
    withdrawn: withdrawn.rows.filter((row) => row.day >= since && row.day <= today),
  });
  const period = (since: string) => {
    const { rows, withdrawn: owed } = within(since);
    return figures(rows, owed);
  };
  // The week starts on Monday, the month on the 1st, both in Paris.
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return {
    today: period(today),
    week: period(daysBefore(today, weekday)),
    month: period(`${today.slice(0, 8)}01`),
    waiting: Object.fromEntries(
      WAITING_KINDS.map((kind) => {
        const line = waiting.rows[0]?.[kind];
        return [
          kind,
          {
            count: line?.count ?? 0,
            since: line?.since ? new Date(line.since) : null,
            deadline: line?.deadline ? new Date(line.deadline) : null,
          },
        ];
      }),
    ) as Record<WaitingKind, WaitingLine>,
    waitingOrders,
    lowStock: { threshold: settings.lowStockBelow, models: lowStock },
    days: Array.from({ length: SALES_DAYS }, (_, i) => {
      const day = daysBefore(today, SALES_DAYS - 1 - i);
      const row = byDay.get(day);
      return { day, salesCents: Number(row?.salesCents ?? 0), orders: row?.orders ?? 0 };
    }),
    sellerMissing: missingSellerFields(seller.details),
  };
}

/**
 * The orders that need the owner by name, each with its deadline where the law sets one: the
 * withdrawn orders not refunded yet (the nearest deadline first), then the payments to check.
 * Both read a partial index (orders_refund_due_idx, and the few payments in « mismatch »).
 */
async function waitingOrdersOf(db: Kysely<Database>): Promise<WaitingOrder[]> {
  const { rows } = await sql<{
    kind: WaitingOrder["kind"];
    orderNumber: string;
    customer: string;
    amountCents: number;
    since: Date;
    deadline: Date | null;
  }>`
    (SELECT 'refundsDue' AS kind, o.order_number, o.first_name || ' ' || o.last_name AS customer,
        greatest(0, o.total_cents - coalesce((SELECT sum(r.amount_cents) FROM refunds r
          WHERE r.order_id = o.id AND r.status = 'succeeded'), 0))::int AS amount_cents,
        o.withdrawn_at AS since, o.withdrawn_at + make_interval(days => ${REFUND_DEADLINE_DAYS}) AS deadline
      FROM orders o
      WHERE o.withdrawn_at IS NOT NULL AND o.payment_status <> 'refunded' AND NOT o.is_test
      ORDER BY o.withdrawn_at, o.id LIMIT ${WAITING_ORDERS_SHOWN})
    UNION ALL
    (SELECT 'paymentsToCheck', o.order_number, o.first_name || ' ' || o.last_name,
        coalesce(c.received_cents, o.total_cents)::int, o.created_at, NULL::timestamptz
      FROM orders o LEFT JOIN payment_checks c ON c.order_id = o.id
      WHERE o.payment_status = 'mismatch' AND NOT o.is_test
      ORDER BY o.created_at, o.id LIMIT ${WAITING_ORDERS_SHOWN})`.execute(db);
  return rows.map((row) => ({
    ...row,
    since: new Date(row.since),
    deadline: row.deadline === null ? null : new Date(row.deadline),
  }));
}
