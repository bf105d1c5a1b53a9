/**
 * Reductions the law allows (art. L112-1-1 Code de la consommation, the Omnibus rule): a model on
 * sale shows, struck through, the lowest price it had in the 30 days before the reduction began —
 * computed from its price history (@souls/shop/pricing), never typed by the owner.
 */
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { InvalidProductError } from "../../errors";
import { recordProductEvent } from "../../product-history";
import { type AdminProductRow, isInt, PRODUCT_LIMITS, rowOf } from "../products";
import { CatalogueRefusedError } from "./errors";
import { lockModel } from "./store";

/**
 * Puts a model on sale at a lower price from now. A further reduction during a sale keeps the
 * sale's start: the law compares successive reductions with the price before the first one.
 * Refused when the price is not lower than today's, or the model is archived.
 */
export async function startSale(
  db: Kysely<Database>,
  productId: number,
  newPriceCents: number,
): Promise<AdminProductRow> {
  if (!isInt(newPriceCents, 1, PRODUCT_LIMITS.maxPriceCents)) throw new InvalidProductError("priceCents");
  return db.transaction().execute(async (trx) => {
    const product = await lockModel(trx, productId);
    if (product.archivedAt) throw new CatalogueRefusedError("archived");
    if (newPriceCents >= product.priceCents) {
      throw new CatalogueRefusedError("sale_not_lower", product.priceCents);
    }
    // `now()` is the transaction's time, the very moment of the price change recorded below: the
    // change itself is not "before" the sale.
    const updated = await trx
      .updateTable("products")
      .set({
        priceCents: newPriceCents,
        onSaleSince: sql`coalesce(on_sale_since, now())`,
        updatedAt: new Date(),
      })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "price_changed", `${product.priceCents}`, `${newPriceCents}`);
    if (!product.onSaleSince) {
      await recordProductEvent(trx, productId, "sale_started", `${product.priceCents}`, `${newPriceCents}`);
    }
    return rowOf(updated);
  });
}

/** Ends a model's sale, at its sale price or at a new one (back to the price before, often). */
export async function endSale(
  db: Kysely<Database>,
  productId: number,
  newPriceCents?: number,
): Promise<AdminProductRow> {
  if (newPriceCents !== undefined && !isInt(newPriceCents, 1, PRODUCT_LIMITS.maxPriceCents)) {
    throw new InvalidProductError("priceCents");
  }
  return db.transaction().execute(async (trx) => {
    const product = await lockModel(trx, productId);
    if (!product.onSaleSince) throw new CatalogueRefusedError("not_on_sale");
    const priceCents = newPriceCents ?? product.priceCents;
    const updated = await trx
      .updateTable("products")
      .set({ priceCents, onSaleSince: null, updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "sale_ended", `${product.priceCents}`, `${priceCents}`);
    if (priceCents !== product.priceCents) {
      await recordProductEvent(trx, productId, "price_changed", `${product.priceCents}`, `${priceCents}`);
    }
    return rowOf(updated);
  });
}
