/**
 * The owner's home page (issue 27): her business at a glance — today, this week and this month
 * (sales including VAT, orders, average basket, refunds), what waits for her and since when, the
 * models running low, and the sales of the last 90 days by day. Every figure reads a kept
 * aggregate (daily_sales, one row a day) or a partial index over what waits: it costs the same
 * with a hundred orders or a million.
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
  salesCents: number;
  orders: number;
  /** Sales ÷ orders, to the cent; null without an order. */
  averageCents: number | null;
  refundedCents: number;
  refunds: number;
}

/** A line of what waits for the owner: how many, and since when the oldest has waited. */
export interface WaitingLine {
  count: number;
  since: Date | null;
}

/**
 * What waits for the owner, each with the query that counts it (`count`, and `since`: when the
 * oldest began to wait), all read in one statement. Adding a line is one entry here, and its
 * words and link in the panel (routes/admin's `WAITING`, a Record the type check holds to this
 * list).
 */
const WAITING = {
  /** Paid, to prepare. */
  toPrepare: () =>
    sql`SELECT count(*)::int AS count, min(paid_at) AS since FROM orders WHERE status = 'pending_preparation'`,
  /** Prepared, to hand to the carrier. */
  toShip: () =>
    sql`SELECT count(*)::int AS count, min(paid_at) AS since FROM orders WHERE status = 'prepared'`,
  /** Withdrawn, not refunded, and within a few days of the 14-day deadline or past it (L221-24). */
  refundsDue: (now: Date) => sql`SELECT count(*)::int AS count, min(withdrawn_at) AS since FROM orders
    WHERE withdrawn_at IS NOT NULL AND payment_status <> 'refunded'
      AND withdrawn_at < ${now}::timestamptz - make_interval(days => ${REFUND_DEADLINE_DAYS - REFUND_NEAR_DAYS})`,
  /** Taken for another amount than the total: the shopper's money is held until she acts. */
  paymentsToCheck: () =>
    sql`SELECT count(*)::int AS count, min(created_at) AS since FROM orders WHERE payment_status = 'mismatch'`,
  /** Failed for good: the shopper has not received it. */
  emailsFailed: () =>
    sql`SELECT count(*)::int AS count, min(created_at) AS since FROM email_queue WHERE status = 'failed'`,
  /** Buyers' reviews waiting for her decision (published as they are after 14 days without one). */
  reviewsToModerate: () =>
    sql`SELECT count(*)::int AS count, min(submitted_at) AS since FROM reviews WHERE status = 'pending'`,
} satisfies Record<string, (now: Date) => RawBuilder<unknown>>;

/** Every line of what waits, in one statement: a column per kind. */
function waitingQuery(now: Date) {
  return sql<Record<WaitingKind, { count: number; since: string | null } | null>>`SELECT ${sql.join(
    WAITING_KINDS.map(
      (kind) => sql`(SELECT row_to_json(line) FROM (${WAITING[kind](now)}) AS line) AS ${sql.id(kind)}`,
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

function figures(rows: DayRow[]): PeriodFigures {
  const sum = (pick: (row: DayRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const salesCents = sum((row) => Number(row.salesCents));
  const orders = sum((row) => row.orders);
  return {
    salesCents,
    orders,
    averageCents: orders === 0 ? null : Math.round(salesCents / orders),
    refundedCents: sum((row) => Number(row.refundedCents)),
    refunds: sum((row) => row.refunds),
  };
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
  const [days, waiting, lowStock, seller] = await Promise.all([
    sql<DayRow>`SELECT to_char(day, 'YYYY-MM-DD') AS day, orders, sales_cents, refunds, refunded_cents
      FROM daily_sales WHERE day >= ${first}::date AND day <= ${today}::date ORDER BY day`.execute(db),
    waitingQuery(now).execute(db),
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
  ]);
  const byDay = new Map(days.rows.map((row) => [row.day, row]));
  const within = (since: string) => days.rows.filter((row) => row.day >= since);
  // The week starts on Monday, the month on the 1st, both in Paris.
  const weekday = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return {
    today: figures(within(today)),
    week: figures(within(daysBefore(today, weekday))),
    month: figures(within(`${today.slice(0, 8)}01`)),
    waiting: Object.fromEntries(
      WAITING_KINDS.map((kind) => {
        const line = waiting.rows[0]?.[kind];
        return [kind, { count: line?.count ?? 0, since: line?.since ? new Date(line.since) : null }];
      }),
    ) as Record<WaitingKind, WaitingLine>,
    lowStock: { threshold: settings.lowStockBelow, models: lowStock },
    days: Array.from({ length: SALES_DAYS }, (_, i) => {
      const day = daysBefore(today, SALES_DAYS - 1 - i);
      const row = byDay.get(day);
      return { day, salesCents: Number(row?.salesCents ?? 0), orders: row?.orders ?? 0 };
    }),
    sellerMissing: missingSellerFields(seller.details),
  };
}
