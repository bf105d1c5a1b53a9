import type { ModelCode } from "@souls/core/models";
import type { Database, Kysely } from "@souls/db";
import type { Cart } from "../cart";
import { type DeliveryZone, loadDeliveryZones, shippingCentsOf, zoneOf } from "../delivery/zones";
import type { OrderLimits } from "../limits";
import { mergeLines, overOrderLimit } from "./checkout-query";

/** A line of a checkout at its model's price as the database has it. */
export interface PricedLine {
  model: ModelCode;
  quantity: number;
  unitPriceCents: number;
}

/**
 * A checkout priced once, by the shop: its lines merged by model at the database's prices, the
 * delivery zone of its country and that zone's shipping for this subtotal. The review shows it,
 * and placeOrder places the order at exactly these amounts, once its statement has found them on
 * the locked rows (a price changed in between places nothing: the shopper reviews the new one).
 */
export interface CheckoutPrice {
  lines: PricedLine[];
  subtotalCents: number;
  zone: DeliveryZone;
  shippingCents: number;
}

export type CheckoutPricing =
  | { ok: true; price: CheckoutPrice }
  | { ok: false; reason: "empty" }
  /** More pieces of a model than one order may take. */
  | { ok: false; reason: "order_limit"; model: ModelCode; limit: number }
  /** The shop does not deliver to the country (any more). */
  | { ok: false; reason: "not_served" };

/**
 * Prices a checkout's lines for a country, the one pricing of a checkout request: the order limit,
 * the prices read from the products' rows, the zone and its shipping. A model the shop does not
 * have is priced nothing here: placing it is refused as unavailable.
 */
export async function priceCheckout(
  db: Kysely<Database>,
  request: { lines: Cart; country: string; limits: Pick<OrderLimits, "maxPiecesPerModel"> },
): Promise<CheckoutPricing> {
  const merged = mergeLines(request.lines);
  if (merged.length === 0) return { ok: false, reason: "empty" };
  const over = overOrderLimit(merged, request.limits.maxPiecesPerModel);
  if (over) return { ok: false, reason: "order_limit", ...over };
  const zone = zoneOf(await loadDeliveryZones(db), request.country);
  if (!zone) return { ok: false, reason: "not_served" };
  const rows = await db
    .selectFrom("products")
    .select(["slug", "priceCents"])
    .where(
      "slug",
      "in",
      merged.map((line) => line.model),
    )
    .execute();
  const prices = new Map(rows.map((row) => [row.slug, row.priceCents]));
  const lines = merged.map((line) => ({ ...line, unitPriceCents: prices.get(line.model) ?? 0 }));
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return {
    ok: true,
    price: { lines, subtotalCents, zone, shippingCents: shippingCentsOf(zone, subtotalCents) },
  };
}
