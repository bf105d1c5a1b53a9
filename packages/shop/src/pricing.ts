/**
 * The "before" price of a reduction (art. L112-1-1 Code de la consommation, the EU Omnibus
 * directive): the price struck through next to a sale price is the lowest price the model had
 * during the 30 days before the reduction began. It is read from the price history the shop
 * keeps (product_events: `created` with its first price, `price_changed` from → to), whatever the
 * owner types, so a rise just before a sale never makes a bigger discount.
 */
import type { Database, Kysely } from "@souls/db";

/** One change of a model's price; `fromCents` is null for its creation (no price before). */
export interface PriceChange {
  at: Date;
  fromCents: number | null;
  toCents: number;
}

export interface PriceHistory {
  changes: PriceChange[];
  /** Its price now: the answer when no change says otherwise. */
  currentCents: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lowest price in effect at any moment of the `days` days before `since` (the start of a
 * reduction). Changes at `since` or later do not count (the reduction itself, later ones). With no
 * history at all, the current price.
 */
export function lowestPriceBefore(history: PriceHistory, since: Date, days = 30): number {
  const start = since.getTime() - days * DAY_MS;
  const changes = [...history.changes].sort((a, b) => a.at.getTime() - b.at.getTime());
  const before = changes.filter((change) => change.at.getTime() < since.getTime());
  // The price in effect when the window opens: set by the last change before it, or else the
  // price the first change after it replaced (none before a creation).
  const last = before.filter((change) => change.at.getTime() <= start).at(-1);
  const next = changes.find((change) => change.at.getTime() > start);
  const opening = last ? last.toCents : next ? next.fromCents : history.currentCents;
  const inWindow = before.filter((change) => change.at.getTime() > start).map((change) => change.toCents);
  const prices = [...(opening === null ? [] : [opening]), ...inWindow];
  return prices.length > 0 ? Math.min(...prices) : history.currentCents;
}

/** A model on sale with the price struck through beside its sale price. */
export interface ReferencePrice {
  /** The lowest price of the 30 days before the sale began: the one struck through. */
  referenceCents: number;
  priceCents: number;
  onSaleSince: Date;
}

/**
 * The models among `productIds` that are on sale with a price to strike through: the lowest of
 * the 30 days before their sale began, only when it is above today's price (a "reduction" to a
 * price the model already had in the month shows nothing struck through).
 */
export async function referencePrices(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, ReferencePrice>> {
  const answer = new Map<number, ReferencePrice>();
  if (productIds.length === 0) return answer;
  const onSale = await db
    .selectFrom("products")
    .select(["id", "priceCents", "onSaleSince"])
    .where("id", "in", [...productIds])
    .where("onSaleSince", "is not", null)
    .execute();
  if (onSale.length === 0) return answer;
  const histories = await priceHistories(
    db,
    onSale.map((model) => model.id),
  );
  for (const model of onSale) {
    const since = model.onSaleSince as Date;
    const referenceCents = lowestPriceBefore(
      { changes: histories.get(model.id) ?? [], currentCents: model.priceCents },
      since,
    );
    if (referenceCents > model.priceCents) {
      answer.set(model.id, { referenceCents, priceCents: model.priceCents, onSaleSince: since });
    }
  }
  return answer;
}

/** Every price a model had, oldest first, by model. */
export async function priceHistories(
  db: Kysely<Database>,
  productIds: readonly number[],
): Promise<Map<number, PriceChange[]>> {
  const histories = new Map<number, PriceChange[]>();
  if (productIds.length === 0) return histories;
  const rows = await db
    .selectFrom("productEvents")
    .select(["productId", "kind", "fromValue", "toValue", "createdAt"])
    .where("productId", "in", [...productIds])
    .where("kind", "in", ["created", "price_changed"])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const toCents = cents(row.toValue);
    if (toCents === null) continue;
    const change = {
      at: row.createdAt,
      fromCents: row.kind === "created" ? null : cents(row.fromValue),
      toCents,
    };
    const changes = histories.get(row.productId) ?? [];
    changes.push(change);
    histories.set(row.productId, changes);
  }
  return histories;
}

const cents = (value: string | null) => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : null;
};
