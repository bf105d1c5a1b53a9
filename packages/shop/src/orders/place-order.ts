import { randomBytes } from "node:crypto";
import type { Database, Kysely, Locale, Order, PaymentProvider, Transaction } from "@souls/db";
import { sql } from "kysely";
import type { Cart } from "../cart";
import type { ModelCode } from "../catalogue";
import { newOrderNumber } from "../order-number";
import { shippingRateFor } from "../shipping";
import type { ShippingDetails } from "./checkout-form";

/** How long pieces stay held for a shopper who has not paid yet. */
export const HOLD_MINUTES = 20;

export interface PlaceOrderInput {
  /** Same key for the same checkout form: a double submit finds the first order. */
  checkoutKey: string;
  locale: Locale;
  lines: Cart;
  details: ShippingDetails;
  provider: PaymentProvider;
  now?: Date;
}

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "unavailable"; model: ModelCode; available: number }
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
 */
export async function placeOrder(db: Kysely<Database>, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const existing = await findByCheckoutKey(db, input.checkoutKey);
  if (existing) return { ok: true, order: existing, created: false };

  const quantities = new Map<ModelCode, number>();
  for (const line of input.lines)
    quantities.set(line.model, (quantities.get(line.model) ?? 0) + line.quantity);
  if (quantities.size === 0) return { ok: false, reason: "empty" };

  const now = input.now ?? new Date();
  try {
    // A price changed by the owner between the read and the hold: priced again from the start.
    for (let attempt = 1; ; attempt++) {
      try {
        const order = await db.transaction().execute((trx) => createHeldOrder(trx, input, quantities, now));
        return { ok: true, order, created: true };
      } catch (error) {
        if (!(error instanceof PriceChanged) || attempt === 3) throw error;
      }
    }
  } catch (error) {
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
  now: Date,
): Promise<Order> {
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
        reservedUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000),
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

export function findByCheckoutKey(db: Kysely<Database>, checkoutKey: string): Promise<Order | undefined> {
  return db.selectFrom("orders").selectAll().where("checkoutKey", "=", checkoutKey).executeTakeFirst();
}
