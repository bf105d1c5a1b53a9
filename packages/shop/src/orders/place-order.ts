import { randomBytes } from "node:crypto";
import type { Database, Kysely, Locale, Order, PaymentProvider, Transaction } from "@souls/db";
import { sql } from "kysely";
import type { Cart } from "../cart";
import type { ModelCode } from "../catalogue";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "../limits";
import { newOrderNumber } from "../order-number";
import { shippingRateFor } from "../shipping";
import type { ShippingDetails } from "./checkout-form";
import { mergeLines, overOrderLimit } from "./checkout-query";
import { releaseHold } from "./stock";
import { applyOrderEvent } from "./transitions";

export interface PlaceOrderInput {
  /** Same key for the same checkout form: a double submit finds the first order. */
  checkoutKey: string;
  locale: Locale;
  lines: Cart;
  details: ShippingDetails;
  provider: PaymentProvider;
  /**
   * The anonymous shopper placing it: a keyed hash of her address, bounded by the per-client
   * limits, and the unpaid orders her browser placed before (their holds are given back). Absent
   * for the owner's own test order.
   */
  client?: { hash: string; earlierOrders?: readonly string[] };
  limits?: OrderLimits;
  now?: Date;
}

export type ClientLimit = "held_pieces" | "unpaid_orders";

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "unavailable"; model: ModelCode; available: number }
  | { ok: false; reason: "order_limit"; model: ModelCode; limit: number }
  | { ok: false; reason: "client_limit"; limit: ClientLimit }
  /** The owner changed a price again and again while the order was placed: the shopper reviews it. */
  | { ok: false; reason: "price_changed" }
  | { ok: false; reason: "empty" };

class PieceUnavailable extends Error {
  constructor(readonly model: ModelCode) {
    super(`${model} is not available in the quantity asked`);
  }
}

class PriceChanged extends Error {
  constructor() {
    super("a price changed while the order was placed");
  }
}

class ClientLimitReached extends Error {
  constructor(readonly limit: ClientLimit) {
    super(`client limit reached: ${limit}`);
  }
}

export function newCheckoutKey(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Holds the pieces and creates the unpaid order, in one transaction. Each product's hold is a
 * conditional update (`reserved + q <= stock`), so two shoppers can never hold the same last
 * piece; prices come from the database. The holds come last, just before the commit: a
 * model's row stays locked for one statement, not for the whole order, so buyers of the same
 * model queue as little as possible. The payment is created afterwards (see startPayment), so
 * no product row stays locked during a call to the payment provider.
 *
 * Against a script holding the stock hostage: lines of a model merge and stay within the
 * per-model limit, and an anonymous client holds only a few pieces in only a few unpaid orders.
 */
export async function placeOrder(db: Kysely<Database>, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const existing = await findByCheckoutKey(db, input.checkoutKey);
  if (existing) return { ok: true, order: existing, created: false };

  const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
  const lines = mergeLines(input.lines);
  if (lines.length === 0) return { ok: false, reason: "empty" };
  const over = overOrderLimit(lines, limits.maxPiecesPerModel);
  if (over) return { ok: false, reason: "order_limit", ...over };
  const quantities = new Map(lines.map((line) => [line.model, line.quantity]));

  const now = input.now ?? new Date();
  // A new checkout from the same browser gives back what its earlier unpaid orders held.
  if (input.client?.earlierOrders?.length) await releaseEarlierHolds(db, input.client.earlierOrders);
  try {
    // A price changed by the owner between the read and the hold: priced again from the start.
    for (let attempt = 1; ; attempt++) {
      try {
        const order = await db
          .transaction()
          .execute((trx) => createHeldOrder(trx, input, quantities, limits, now));
        return { ok: true, order, created: true };
      } catch (error) {
        if (!(error instanceof PriceChanged) || attempt === 3) throw error;
      }
    }
  } catch (error) {
    if (error instanceof ClientLimitReached) return { ok: false, reason: "client_limit", limit: error.limit };
    if (error instanceof PriceChanged) return { ok: false, reason: "price_changed" };
    if (error instanceof PieceUnavailable) {
      const row = await db
        .selectFrom("products")
        .select(["stock", "reserved"])
        .where("slug", "=", error.model)
        .where("archivedAt", "is", null)
        .executeTakeFirst();
      return {
        ok: false,
        reason: "unavailable",
        model: error.model,
        available: row ? row.stock - row.reserved : 0,
      };
    }
    // The same form submitted twice at once: the other request created the order.
    if ((error as { constraint?: string }).constraint === "orders_checkout_key_key") {
      const order = await findByCheckoutKey(db, input.checkoutKey);
      if (order) return { ok: true, order, created: false };
    }
    throw error;
  }
}

async function createHeldOrder(
  trx: Transaction<Database>,
  input: PlaceOrderInput,
  quantities: Map<ModelCode, number>,
  limits: OrderLimits,
  now: Date,
): Promise<Order> {
  if (input.client) await checkClientLimits(trx, input.client.hash, quantities, limits, now);
  const products = await trx
    .selectFrom("products")
    .select(["id", "slug", "name", "priceCents"])
    .where("slug", "in", [...quantities.keys()])
    // An archived product has left the shop: it cannot be ordered any more.
    .where("archivedAt", "is", null)
    .orderBy("id")
    .execute();
  for (const model of quantities.keys()) {
    if (!products.some((p) => p.slug === model)) throw new PieceUnavailable(model);
  }
  const lines = products.map((product) => ({
    ...product,
    quantity: quantities.get(product.slug as ModelCode) ?? 0,
  }));

  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shippingCents = shippingRateFor(input.details.country);
  let created: Order | undefined;
  // An order number taken in the same millisecond is drawn again.
  for (let attempt = 0; !created && attempt < 5; attempt++) {
    created = await trx
      .insertInto("orders")
      .values({
        orderNumber: newOrderNumber(now.getTime() + attempt),
        checkoutKey: input.checkoutKey,
        locale: input.locale,
        ...input.details,
        subtotalCents,
        shippingCents,
        totalCents: subtotalCents + shippingCents,
        paymentProvider: input.provider,
        reservedUntil: new Date(now.getTime() + limits.holdMinutes * 60_000),
        clientHash: input.client?.hash ?? null,
      })
      .onConflict((oc) => oc.column("orderNumber").doNothing())
      .returningAll()
      .executeTakeFirst();
  }
  if (!created) throw new Error("Could not draw a free order number");
  await trx
    .insertInto("orderItems")
    .values(
      lines.map((line) => ({
        orderId: created.id,
        productId: line.id,
        name: line.name,
        unitPriceCents: line.priceCents,
        quantity: line.quantity,
      })),
    )
    .execute();
  await trx
    .insertInto("orderEvents")
    .values({ orderId: created.id, fromStatus: null, toStatus: "awaiting_payment", actor: "shopper" })
    .execute();

  // Locks are taken in product order, so concurrent orders never deadlock.
  for (const line of lines) {
    const held = await trx
      .updateTable("products")
      .set({ reserved: sql`reserved + ${line.quantity}`, updatedAt: now })
      .where("id", "=", line.id)
      .where(sql<boolean>`reserved + ${line.quantity} <= stock`)
      // Re-checked on the locked row: an owner archiving it at this moment wins.
      .where("archivedAt", "is", null)
      .returning("priceCents")
      .executeTakeFirst();
    if (!held) throw new PieceUnavailable(line.slug as ModelCode);
    if (held.priceCents !== line.priceCents) throw new PriceChanged();
  }
  return created;
}

/**
 * One client's orders are placed one at a time (an advisory lock on its hash), so parallel
 * requests cannot slip past its limits: the pieces its live holds keep, and the unpaid orders it
 * placed in the last hour.
 */
async function checkClientLimits(
  trx: Transaction<Database>,
  clientHash: string,
  quantities: Map<ModelCode, number>,
  limits: OrderLimits,
  now: Date,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`orders:${clientHash}`}))`.execute(trx);
  const hourAgo = new Date(now.getTime() - 3600_000);
  const unpaid = await trx
    .selectFrom("orders")
    .leftJoin("orderItems", "orderItems.orderId", "orders.id")
    .select([
      sql<string>`count(DISTINCT orders.id) FILTER (WHERE orders.created_at > ${hourAgo})`.as(
        "placedThisHour",
      ),
      sql<string>`coalesce(sum(order_items.quantity) FILTER (WHERE orders.status = 'awaiting_payment' AND orders.reserved_until > ${now}), 0)`.as(
        "heldPieces",
      ),
    ])
    .where("orders.clientHash", "=", clientHash)
    .where("orders.paymentStatus", "!=", "paid")
    .where((eb) =>
      eb.or([
        eb("orders.createdAt", ">", hourAgo),
        eb.and([eb("orders.status", "=", "awaiting_payment"), eb("orders.reservedUntil", ">", now)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (Number(unpaid.placedThisHour) >= limits.maxUnpaidOrdersPerHour)
    throw new ClientLimitReached("unpaid_orders");
  const asked = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
  if (Number(unpaid.heldPieces) + asked > limits.maxHeldPiecesPerClient)
    throw new ClientLimitReached("held_pieces");
}

/**
 * Gives back the holds of a browser's earlier unpaid orders (its signed cookie lists them): a
 * shopper who starts a new checkout no longer needs the pieces of the one she left.
 */
async function releaseEarlierHolds(db: Kysely<Database>, orderNumbers: readonly string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom("orders")
      .select(["id", "status"])
      .where("orderNumber", "in", [...orderNumbers])
      .where("status", "=", "awaiting_payment")
      .orderBy("id")
      .forUpdate()
      .execute();
    for (const order of earlier) {
      const lines = await trx
        .selectFrom("orderItems")
        .select(["productId", "quantity"])
        .where("orderId", "=", order.id)
        .execute();
      await releaseHold(trx, lines);
      await applyOrderEvent(
        trx,
        order,
        "payment_cancelled",
        "shopper",
        { paymentStatus: "failed" },
        "replaced by a new checkout",
      );
    }
  });
}

export function findByCheckoutKey(db: Kysely<Database>, checkoutKey: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("checkoutKey", "=", checkoutKey).executeTakeFirst();
}
