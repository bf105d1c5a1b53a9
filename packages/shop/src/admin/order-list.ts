/**
 * The owner's orders list at any size (issue 27: a million orders): newest first, a page after or
 * before a given order (keyset: the index gives the page, whatever its depth, never OFFSET), its
 * count capped (a count of a million rows reads a million rows), searched by an order number or
 * an e-mail from its start or any part of a name, each through an index. Abandoned checkouts (never paid:
 * awaiting payment, expired, released) stay out unless she asks for them or for their status.
 * Each row carries what to pack: its lines with their model's cover, less the pieces refunded
 * before the parcel left (../fulfilment.ts).
 */
import type { OrderStatus, PaymentStatus } from "@souls/core/statuses";
import type { Database, Kysely } from "@souls/db";
import { type RawBuilder, sql } from "kysely";
import { fulfilmentOf, refundedBeforeShippingSql } from "../fulfilment";
import type { LineCover } from "../orders/queries";
import { likePattern } from "../search";
import { REFUND_DEADLINE_DAYS, refundDeadline } from "../withdrawal";

export interface OrderListLine {
  name: string;
  model: string;
  /** Pieces ordered… */
  quantity: number;
  /** …refunded before the parcel left… */
  refunded: number;
  /** …and in the parcel: what to pack (../fulfilment.ts). */
  toShip: number;
  cover: LineCover | null;
}

export interface AdminOrderRow {
  id: number;
  orderNumber: string;
  customerName: string;
  /**
   * In full: her own customers, in her own panel (decision 027). Only the e-mail queue, a log a
   * helper may be shown, masks its recipients.
   */
  email: string;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /**
   * Whether the gateway declined a payment of this order: a `failed` payment nobody tried is an
   * abandoned checkout (« Paiement abandonné »), a tried one a refused payment.
   */
  paymentAttempted: boolean;
  /** The key of the carrier it left with. */
  carrier: string | null;
  /** The carrier's name and the parcel's link as they were when it left (decision 050). */
  carrierName: string | null;
  carrierTrackingUrl: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  createdAt: Date;
  /** The owner's test order (« Test Commande »): marked as such wherever it is shown. */
  isTest: boolean;
  /** A withdrawn order whose parcel had left and has not come back yet ("retour attendu"). */
  returnExpected: boolean;
  /** A withdrawn order not fully refunded: the legal deadline (L221-24), and whether it is past. */
  refundDue: { at: Date; daysLeft: number; late: boolean } | null;
  /**
   * The gateway took another amount than the total: what it took and what the order asked. In
   * the list while the payment is to be checked (`mismatch`); in the detail afterwards too.
   */
  paymentCheck: {
    receivedCents: number;
    receivedCurrency: string;
    expectedCents: number;
    expectedCurrency: string;
  } | null;
  /** What to pack: each line's model, with its cover photo once the catalogue has one. */
  lines: OrderListLine[];
}

/** The place of an order in the list, as the next or previous page starts from it. */
export type OrderCursor = string;

export interface OrderListQuery {
  status?: OrderStatus;
  /** Abandoned checkouts too (they are left out unless asked, or their status is). */
  abandoned?: boolean;
  /**
   * An order number or an e-mail from its start, or any part of a name, any case; 3 characters
   * at least.
   */
  search?: string;
  /** The orders older than this one (the next page)… */
  after?: OrderCursor;
  /** …or newer than this one (the previous page). */
  before?: OrderCursor;
  pageSize?: number;
}

export interface OrderPage {
  orders: AdminOrderRow[];
  /**
   * How many orders match, counted up to ORDER_COUNT_CAP; for a search, the page's own (`capped`
   * when more follow): a common name matches tens of thousands of orders, never counted.
   */
  count: { n: number; capped: boolean };
  /** Where the newer and older pages start, when there are any. */
  newer: OrderCursor | null;
  older: OrderCursor | null;
  pageSize: number;
}

export const ORDER_PAGE_SIZE = 20;
/** Counts stop here: "more than 1,000 orders" is all a page needs to say. */
export const ORDER_COUNT_CAP = 1_000;
/** A search reads a trigram index: it needs three characters. */
export const ORDER_SEARCH_MIN = 3;

/**
 * The owner's search, each branch in the shape of its index: an order number from its start, with
 * or without « SOULS- » (orders_number_prefix_idx), an e-mail from its start
 * (orders_email_prefix_idx), any part of the name (orders_name_search_idx, trigrams).
 */
function searchFilter(term: string) {
  const lower = term.toLowerCase();
  const upper = term.toUpperCase();
  const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(o.order_number LIKE ${startsWith(upper)} OR o.order_number LIKE ${startsWith(`SOULS-${upper}`)}
    OR lower(o.email) LIKE ${startsWith(lower)}
    OR lower(o.first_name || ' ' || o.last_name) LIKE ${likePattern(lower)})`;
}

/** A cursor: the order's time to the microsecond and its id (`2026-11-26T10:00:00.123456Z_42`). */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_(\d{1,10})$/;

export function isOrderCursor(value: string): boolean {
  return CURSOR.test(value);
}

const cursorOf = sql<string>`to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || o.id`;

/** The refund deadline of a withdrawn order not fully refunded, as the panel counts it. */
export function refundDueOf(
  order: { withdrawnAt: Date | null; paymentStatus: PaymentStatus },
  now: Date,
): AdminOrderRow["refundDue"] {
  if (!order.withdrawnAt || order.paymentStatus === "refunded") return null;
  const at = refundDeadline(order.withdrawnAt);
  const daysLeft = Math.ceil((at.getTime() - now.getTime()) / (24 * 3600_000));
  return { at, daysLeft, late: at.getTime() < now.getTime() };
}

/** The columns a row of the list reads, with its lines and payment check (a few index look-ups). */
const ROW = sql`o.id, o.order_number, o.first_name, o.last_name, o.email, o.total_cents, o.currency, o.status,
  o.payment_status, o.carrier, o.carrier_name, o.carrier_tracking_url, o.tracking_number, o.shipped_at, o.created_at, o.withdrawn_at, o.returned_at, o.is_test,
  ${cursorOf} AS cursor,
  (SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'model', p.slug, 'quantity', i.quantity,
                                     'refunded', ${refundedBeforeShippingSql()},
                                     'cover', product_cover(p.id)) ORDER BY i.id)
     FROM order_items i JOIN products p ON p.id = i.product_id WHERE i.order_id = o.id) AS lines,
  (SELECT row_to_json(c) FROM (SELECT received_cents, received_currency, expected_cents, expected_currency
     FROM payment_checks WHERE order_id = o.id AND o.payment_status = 'mismatch') c) AS payment_check,
  (o.payment_status = 'failed' AND EXISTS (SELECT 1 FROM payment_events e
     WHERE e.order_id = o.id AND e.type = 'failed')) AS payment_attempted`;

interface ListedRow {
  id: number;
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  totalCents: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  carrier: string | null;
  carrierName: string | null;
  carrierTrackingUrl: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  createdAt: Date;
  withdrawnAt: Date | null;
  returnedAt: Date | null;
  isTest: boolean;
  cursor: string;
  lines: (Omit<OrderListLine, "toShip"> & { id: number })[] | null;
  paymentCheck: AdminOrderRow["paymentCheck"];
  paymentAttempted: boolean;
}

function rowOf(row: ListedRow, now: Date): AdminOrderRow {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    customerName: `${row.firstName} ${row.lastName}`,
    email: row.email,
    totalCents: row.totalCents,
    currency: row.currency,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentAttempted: row.paymentAttempted,
    carrier: row.carrier,
    carrierName: row.carrierName ?? row.carrier,
    carrierTrackingUrl: row.carrierTrackingUrl,
    trackingNumber: row.trackingNumber,
    shippedAt: row.shippedAt,
    createdAt: row.createdAt,
    isTest: row.isTest,
    returnExpected: row.withdrawnAt !== null && row.shippedAt !== null && row.returnedAt === null,
    refundDue: refundDueOf(row, now),
    paymentCheck: row.paymentCheck,
    lines: fulfilmentOf(
      row,
      row.lines ?? [],
      new Map((row.lines ?? []).map((line) => [line.id, line.refunded])),
    ).map(({ id: _id, ...line }) => line),
  };
}

/**
 * What the list's filters ask, in SQL whose shape matches an index: one status
 * (orders_status_idx), the paid ones (orders_listed_idx, whose predicate is written here in the
 * same words), or all; a search reads the indexes of searchFilter.
 */
function filtersOf(query: OrderListQuery): RawBuilder<unknown>[] {
  const filters: RawBuilder<unknown>[] = [];
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  else if (!query.abandoned) filters.push(sql`o.payment_status NOT IN ('pending', 'failed')`);
  const search = searchOf(query);
  if (search) filters.push(searchFilter(search));
  return filters;
}

const searchOf = (query: OrderListQuery) => {
  const search = query.search?.trim();
  return search && search.length >= ORDER_SEARCH_MIN ? search : undefined;
};

const where = (filters: RawBuilder<unknown>[]) =>
  filters.length === 0 ? sql`TRUE` : sql.join(filters, sql` AND `);

function cursorParts(cursor: string): [string, number] {
  const match = CURSOR.exec(cursor);
  if (!match) throw new RangeError(`not an order cursor: ${cursor}`);
  return [match[1] as string, Number(match[2])];
}

/** A page of orders, newest first, after or before a given order, with the number matching. */
export async function listOrders(
  db: Kysely<Database>,
  query: OrderListQuery = {},
  now = new Date(),
): Promise<OrderPage> {
  const pageSize = query.pageSize ?? ORDER_PAGE_SIZE;
  const filters = filtersOf(query);
  const backwards = query.before !== undefined;
  const from = query.before ?? query.after;
  const keyset = [...filters];
  if (from !== undefined) {
    const [at, id] = cursorParts(from);
    keyset.push(
      backwards
        ? sql`(o.created_at, o.id) > (${at}::timestamptz, ${id}::int)`
        : sql`(o.created_at, o.id) < (${at}::timestamptz, ${id}::int)`,
    );
  }
  const direction = sql.raw(backwards ? "ASC" : "DESC");
  const searching = searchOf(query) !== undefined;
  const [page, counted] = await Promise.all([
    sql<ListedRow>`SELECT ${ROW} FROM orders o WHERE ${where(keyset)}
      ORDER BY o.created_at ${direction}, o.id ${direction} LIMIT ${pageSize + 1}`.execute(db),
    searching
      ? null
      : sql<{ n: number }>`SELECT count(*)::int AS n FROM (
          SELECT 1 FROM orders o WHERE ${where(filters)} LIMIT ${ORDER_COUNT_CAP + 1}) AS matching`.execute(
          db,
        ),
  ]);
  const more = page.rows.length > pageSize;
  const rows = page.rows.slice(0, pageSize);
  if (backwards) rows.reverse();
  const n = counted ? (counted.rows[0]?.n ?? 0) : rows.length;
  const [first, last] = [rows[0]?.cursor ?? null, rows.at(-1)?.cursor ?? null];
  return {
    orders: rows.map((row) => rowOf(row, now)),
    count: counted
      ? { n: Math.min(n, ORDER_COUNT_CAP), capped: n > ORDER_COUNT_CAP }
      : { n, capped: more || from !== undefined },
    // Going back, newer orders remain if the page was full; going on, the page came from them.
    newer: backwards ? (more ? first : null) : from !== undefined ? first : null,
    older: backwards ? last : more ? last : null,
    pageSize,
  };
}

/**
 * The orders that cannot wait, whatever the list shows: withdrawn orders whose refund is late
 * (the law's 14 days, Code de la consommation L221-24) and payments to check (the shopper's money
 * and the pieces are held until the owner acts). Small by nature; each read from its own index.
 */
export async function ordersToAttend(db: Kysely<Database>, now = new Date()): Promise<AdminOrderRow[]> {
  // Each from its own index, in its own order: the longest overdue first, then the oldest payments.
  const { rows } = await sql<ListedRow>`
    (SELECT ${ROW} FROM orders o
      WHERE o.withdrawn_at IS NOT NULL AND o.payment_status <> 'refunded'
        AND o.withdrawn_at < ${now}::timestamptz - make_interval(days => ${REFUND_DEADLINE_DAYS})
      ORDER BY o.withdrawn_at LIMIT 50)
    UNION ALL
    (SELECT ${ROW} FROM orders o WHERE o.payment_status = 'mismatch' ORDER BY o.created_at LIMIT 50)`.execute(
    db,
  );
  return rows.map((row) => rowOf(row, now));
}
