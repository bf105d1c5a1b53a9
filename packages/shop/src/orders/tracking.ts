import type { OrderStatus, PaymentStatus } from "@souls/core/statuses";
import type { Database, Kysely, TrackingOutcome, Transaction } from "@souls/db";
import { sql } from "kysely";
import { type Fulfilment, linesToShip } from "../fulfilment";
import { type WithdrawalWindow, withdrawalWindow } from "../withdrawal";
import { findOrder, type OrderLine } from "./queries";
import { hashTrackingToken } from "./tracking-token";

/** Spec §9: 10 failed look-ups in an hour block the client for an hour. */
export const TRACKING_LIMIT = { failures: 10, windowMinutes: 60, blockMinutes: 60 } as const;
export const TRACKING_TOKEN_LENGTH = { min: 32, max: 128 } as const;

export interface TrackedOrder {
  orderNumber: string;
  orderedAt: Date;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  customerName: string;
  /** Each line with its pieces refunded before the parcel left and those it holds (or will). */
  lines: (OrderLine & Fulfilment)[];
  shippingCents: number;
  totalCents: number;
  currency: string;
  country: string;
  /** The carrier's name when the parcel left (decision 050). */
  carrierName: string | null;
  trackingNumber: string | null;
  /** The carrier's page for the parcel, once shipped. */
  carrierUrl: string | null;
  withdrawnAt: Date | null;
  /** The shop owner's test order: the page says nothing was sold nor will be sent. */
  isTest: boolean;
  /** Every change of status, oldest first. */
  timeline: { status: OrderStatus; at: Date }[];
  withdrawal: WithdrawalWindow;
}

export type TrackingResult =
  | { ok: true; order: TrackedOrder }
  | { ok: false; reason: Exclude<TrackingOutcome, "found"> };

export interface TrackingRequest {
  token: string;
  /** A keyed hash of the client's address: the rate limit's key, never the address itself. */
  clientHash: string;
  now?: Date;
}

/**
 * Opens the order a tracking token belongs to. Every attempt is logged (never the token) and
 * counted per client: after too many failures the client is blocked, valid token or not.
 * One client's attempts are serialised so parallel guesses cannot slip past the limit.
 */
export async function trackOrder(db: Kysely<Database>, request: TrackingRequest): Promise<TrackingResult> {
  const now = request.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const access = await checkToken(trx, request.token, request.clientHash, now);
    if (!access.ok) return access;
    return { ok: true, order: await trackedOrder(trx, access.orderId, now) };
  });
}

type TokenAccess = { ok: true; orderId: number } | { ok: false; reason: Exclude<TrackingOutcome, "found"> };

/** The token check shared by every tracking action, inside the caller's transaction. */
export async function checkToken(
  trx: Transaction<Database>,
  rawToken: string,
  clientHash: string,
  now: Date,
): Promise<TokenAccess> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`tracking:${clientHash}`}))`.execute(trx);
  const blocked = await trx
    .selectFrom("trackingBlocks")
    .select("blockedUntil")
    .where("clientHash", "=", clientHash)
    .where("blockedUntil", ">", now)
    .executeTakeFirst();
  if (blocked) {
    // One "blocked" row per client and block: a script hammering a blocked client writes nothing more.
    const blockStart = new Date(blocked.blockedUntil.getTime() - TRACKING_LIMIT.blockMinutes * 60_000);
    const logged = await trx
      .selectFrom("trackingAccessLog")
      .select("id")
      .where("clientHash", "=", clientHash)
      .where("outcome", "=", "blocked")
      .where("createdAt", ">=", blockStart)
      .limit(1)
      .executeTakeFirst();
    if (!logged) await log(trx, clientHash, "blocked", null, now);
    return { ok: false, reason: "blocked" };
  }

  const token = rawToken.trim();
  let outcome: TrackingOutcome = "malformed";
  let orderId: number | null = null;
  if (token.length >= TRACKING_TOKEN_LENGTH.min && token.length <= TRACKING_TOKEN_LENGTH.max) {
    const row = await trx
      .selectFrom("trackingTokens")
      .select(["orderId", "expiresAt"])
      .where("tokenHash", "=", hashTrackingToken(token))
      .executeTakeFirst();
    outcome = !row ? "unknown" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "found";
    if (outcome === "found" && row) orderId = row.orderId;
  }
  await log(trx, clientHash, outcome, orderId, now);
  if (outcome === "found" && orderId !== null) return { ok: true, orderId };

  const since = new Date(now.getTime() - TRACKING_LIMIT.windowMinutes * 60_000);
  const { failures } = await trx
    .selectFrom("trackingAccessLog")
    .select((eb) => eb.fn.countAll<string>().as("failures"))
    .where("clientHash", "=", clientHash)
    .where("success", "=", false)
    .where("outcome", "!=", "blocked")
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(failures) >= TRACKING_LIMIT.failures) {
    const blockedUntil = new Date(now.getTime() + TRACKING_LIMIT.blockMinutes * 60_000);
    await trx
      .insertInto("trackingBlocks")
      .values({ clientHash, blockedUntil })
      .onConflict((oc) => oc.column("clientHash").doUpdateSet({ blockedUntil }))
      .execute();
  }
  return { ok: false, reason: outcome as Exclude<TrackingOutcome, "found"> };
}

async function log(
  trx: Transaction<Database>,
  clientHash: string,
  outcome: TrackingOutcome,
  orderId: number | null,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("trackingAccessLog")
    .values({ clientHash, outcome, success: outcome === "found", orderId, createdAt: now })
    .execute();
}

/** The order as the tracking page shows it. */
export async function trackedOrder(
  trx: Transaction<Database>,
  orderId: number,
  now: Date,
): Promise<TrackedOrder> {
  const { orderNumber } = await trx
    .selectFrom("orders")
    .select("orderNumber")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const found = await findOrder(trx, orderNumber);
  if (!found) throw new Error(`order ${orderNumber} vanished`);
  const { order, lines } = found;
  // Both in the order of the lines (order_items.id).
  const shipping = await linesToShip(trx, order);
  const events = await trx
    .selectFrom("orderEvents")
    .select(["toStatus", "createdAt"])
    .where("orderId", "=", orderId)
    .orderBy("id")
    .execute();
  return {
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    status: order.status,
    paymentStatus: order.paymentStatus,
    customerName: `${order.firstName} ${order.lastName}`,
    lines: lines.map((line, i) => ({
      ...line,
      refunded: shipping[i]?.refunded ?? 0,
      toShip: shipping[i]?.toShip ?? 0,
    })),
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: order.currency,
    country: order.country,
    carrierName: order.carrierName ?? order.carrier,
    trackingNumber: order.trackingNumber,
    carrierUrl: order.carrierTrackingUrl,
    withdrawnAt: order.withdrawnAt,
    isTest: order.isTest,
    // A refund that left the order where it was (some pieces, before it left) is no new step.
    timeline: events
      .filter((e, i) => i === 0 || e.toStatus !== events[i - 1]?.toStatus)
      .map((e) => ({ status: e.toStatus, at: e.createdAt })),
    withdrawal: withdrawalWindow(order, now),
  };
}
