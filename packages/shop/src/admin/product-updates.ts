/**
 * Changes to one of the owner's products: a piece more or less, a new price, back from the
 * archive. Each is one transaction with its line in the product's history.
 */
import type { Database, Kysely, Product, Transaction } from "@souls/db";
import { sql } from "kysely";
import { AdminNotFoundError, InvalidProductError, ProductArchivedError, StockLimitError } from "../errors";
import { recordProductEvent } from "../product-history";
import { type AdminProductRow, isInt, PRODUCT_LIMITS, rowOf } from "./products";

/**
 * One piece more or less. A single conditional UPDATE: however many clicks race, stock never goes
 * below zero nor below the pieces unpaid orders hold (PostgreSQL re-checks the condition on the
 * row another transaction just changed).
 */
export async function adjustStock(
  db: Kysely<Database>,
  productId: number,
  delta: -1 | 1,
): Promise<AdminProductRow> {
  if (delta !== 1 && delta !== -1) throw new InvalidProductError("stock");
  const updated = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("products")
      .set({ stock: sql`stock + ${delta}`, updatedAt: new Date() })
      .where("id", "=", productId)
      .where("archivedAt", "is", null)
      .where(sql<boolean>`stock + ${delta} >= 0`)
      .where(sql<boolean>`stock + ${delta} >= reserved`)
      .where(sql<boolean>`stock + ${delta} <= ${PRODUCT_LIMITS.maxStock}`)
      .returningAll()
      .executeTakeFirst();
    if (row) await recordProductEvent(trx, row.id, "stock_adjusted", `${row.stock - delta}`, `${row.stock}`);
    return row;
  });
  if (updated) return rowOf(updated);
  const product = await db
    .selectFrom("products")
    .select(["stock", "reserved", "archivedAt"])
    .where("id", "=", productId)
    .executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  if (product.archivedAt) throw new ProductArchivedError(productId);
  if (product.stock + delta > PRODUCT_LIMITS.maxStock) throw new InvalidProductError("stock");
  throw new StockLimitError(product.stock + delta < 0 ? "zero" : "reserved", product.reserved);
}

/**
 * A model's new price (a sale, a new series). Orders placed before keep the price they were sold
 * at; the shop and every open checkout follow (a checkout priced before is asked to review its new
 * total). An archived product's price stays as it left the shop.
 */
export async function setProductPrice(
  db: Kysely<Database>,
  productId: number,
  priceCents: number,
): Promise<AdminProductRow> {
  if (!isInt(priceCents, 1, PRODUCT_LIMITS.maxPriceCents)) throw new InvalidProductError("priceCents");
  return db.transaction().execute(async (trx) => {
    const product = await lockProduct(trx, productId);
    if (product.archivedAt) throw new ProductArchivedError(productId);
    if (product.priceCents === priceCents) return rowOf(product);
    const updated = await trx
      .updateTable("products")
      .set({ priceCents, updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "price_changed", `${product.priceCents}`, `${priceCents}`);
    return rowOf(updated);
  });
}

/** An archived product comes back to the shop, with the stock it left with. */
export async function unarchiveProduct(db: Kysely<Database>, productId: number): Promise<AdminProductRow> {
  return db.transaction().execute(async (trx) => {
    const product = await lockProduct(trx, productId);
    if (!product.archivedAt) return rowOf(product);
    const updated = await trx
      .updateTable("products")
      .set({ archivedAt: null, updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "unarchived", null, null);
    return rowOf(updated);
  });
}

async function lockProduct(trx: Transaction<Database>, productId: number): Promise<Product> {
  const product = await trx
    .selectFrom("products")
    .selectAll()
    .where("id", "=", productId)
    .forUpdate()
    .executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  return product;
}
