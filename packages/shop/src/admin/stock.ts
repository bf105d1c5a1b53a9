/** The owner's stock page: the products, their pieces on hand, new products and removals. */
import { randomInt } from "node:crypto";
import type { Database, Kysely, Product, ProductEventKind, Transaction } from "@souls/db";
import { sql } from "kysely";
import {
  AdminNotFoundError,
  DuplicateReferenceError,
  InvalidProductError,
  ProductArchivedError,
  StockLimitError,
} from "./errors";
import { likePattern } from "./search";

/** Spec §9: fewer than 3 pieces is low stock. */
export const LOW_STOCK_BELOW = 3;
export const PRODUCT_LIMITS = {
  reference: 40,
  name: 120,
  maxPriceCents: 10_000_000,
  maxStock: 100_000,
} as const;

export interface AdminProductRow {
  id: number;
  reference: string;
  name: string;
  slug: string;
  priceCents: number;
  stock: number;
  /** Pieces held by unpaid orders. */
  reserved: number;
  available: number;
  archived: boolean;
  createdAt: Date;
}

export interface StockSummary {
  /** Products still in the shop (archived ones are not counted). */
  totalProducts: number;
  lowStock: number;
  totalStock: number;
}

const rowOf = (product: Product): AdminProductRow => ({
  id: product.id,
  reference: product.reference,
  name: product.name,
  slug: product.slug,
  priceCents: product.priceCents,
  stock: product.stock,
  reserved: product.reserved,
  available: product.stock - product.reserved,
  archived: product.archivedAt !== null,
  createdAt: product.createdAt,
});

/**
 * Products matching the search (reference or name, any case), newest first, archived ones last.
 * The summary is the whole shop's, whatever the search.
 */
export async function listProducts(
  db: Kysely<Database>,
  search?: string,
): Promise<{ products: AdminProductRow[]; summary: StockSummary }> {
  const text = search?.trim();
  const [products, summary] = await Promise.all([
    db
      .selectFrom("products")
      .selectAll()
      .$if(Boolean(text), (qb) =>
        qb.where((eb) =>
          eb.or([
            eb("reference", "ilike", likePattern(text ?? "")),
            eb("name", "ilike", likePattern(text ?? "")),
          ]),
        ),
      )
      .orderBy(sql`archived_at IS NOT NULL`)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("products")
      .select([
        sql<string>`count(*)`.as("totalProducts"),
        sql<string>`count(*) FILTER (WHERE stock - reserved < ${LOW_STOCK_BELOW})`.as("lowStock"),
        sql<string>`coalesce(sum(stock), 0)`.as("totalStock"),
      ])
      .where("archivedAt", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    products: products.map(rowOf),
    summary: {
      totalProducts: Number(summary.totalProducts),
      lowStock: Number(summary.lowStock),
      totalStock: Number(summary.totalStock),
    },
  };
}

export interface NewProductInput {
  reference: string;
  name: string;
  priceCents: number;
  stock?: number;
}

/** `Aicha-02` → `aicha-02`: the slug the product's address and checkout query would use. */
export function slugFor(reference: string): string {
  const slug = reference
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, PRODUCT_LIMITS.reference);
  return slug || "produit";
}

const isInt = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/**
 * Adds a product. The reference is unique (a duplicate is a DuplicateReferenceError, even when
 * two tabs submit at once: the unique index decides); the slug follows the reference and takes
 * a suffix when another product already has it.
 */
export async function createProduct(db: Kysely<Database>, input: NewProductInput): Promise<AdminProductRow> {
  const reference = input.reference.trim();
  const name = input.name.trim();
  const stock = input.stock ?? 0;
  if (!reference || reference.length > PRODUCT_LIMITS.reference) throw new InvalidProductError("reference");
  if (!name || name.length > PRODUCT_LIMITS.name) throw new InvalidProductError("name");
  if (!isInt(input.priceCents, 1, PRODUCT_LIMITS.maxPriceCents)) throw new InvalidProductError("priceCents");
  if (!isInt(stock, 0, PRODUCT_LIMITS.maxStock)) throw new InvalidProductError("stock");

  const taken = await db
    .selectFrom("products")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirst();
  if (taken) throw new DuplicateReferenceError(reference);
  const base = slugFor(reference);
  const candidates = [
    base,
    ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}-${n}`),
    `${base}-${randomSuffix()}`,
  ];
  for (const slug of candidates) {
    try {
      const row = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto("products")
          .values({ reference, slug, name, priceCents: input.priceCents, stock })
          .onConflict((oc) => oc.column("slug").doNothing())
          .returningAll()
          .executeTakeFirst();
        if (created) await recordProductEvent(trx, created.id, "created", null, `${created.priceCents}`);
        return created;
      });
      if (row) return rowOf(row);
    } catch (error) {
      if ((error as { constraint?: string }).constraint === "products_reference_key") {
        throw new DuplicateReferenceError(reference);
      }
      throw error;
    }
  }
  throw new Error(`No free slug for reference ${reference}`);
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
function randomSuffix(length = 6): string {
  let suffix = "";
  for (let i = 0; i < length; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return suffix;
}

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
 * Removes a product from the shop. One that was ever ordered is archived instead (its orders,
 * invoices and withdrawals still point at it); one never ordered is deleted. The row is locked
 * first, so an order placed at the same moment either lands before (archive) or finds it gone.
 */
export async function removeProduct(
  db: Kysely<Database>,
  productId: number,
): Promise<"deleted" | "archived"> {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom("products")
      .select(["id", "archivedAt"])
      .where("id", "=", productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw new AdminNotFoundError("product", productId);
    const ordered = await trx
      .selectFrom("orderItems")
      .select("id")
      .where("productId", "=", productId)
      .limit(1)
      .executeTakeFirst();
    if (ordered) {
      if (!product.archivedAt) {
        await trx
          .updateTable("products")
          .set({ archivedAt: new Date(), updatedAt: new Date() })
          .where("id", "=", productId)
          .execute();
        await recordProductEvent(trx, productId, "archived", null, null);
      }
      return "archived";
    }
    await trx.deleteFrom("products").where("id", "=", productId).execute();
    return "deleted";
  });
}

/** Spec §2 "Test DB": a throw-away product, `TEST-` and six characters, 169.00 €, one piece. */
export async function createTestProduct(db: Kysely<Database>): Promise<AdminProductRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await createProduct(db, {
        reference: `TEST-${randomSuffix()}`,
        name: "Produit test",
        priceCents: 16900,
        stock: 1,
      });
    } catch (error) {
      if (!(error instanceof DuplicateReferenceError) || attempt >= 3) throw error;
    }
  }
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

export interface ProductHistoryEntry {
  kind: ProductEventKind;
  fromValue: string | null;
  toValue: string | null;
  actor: string;
  createdAt: Date;
}

/** Everything the owner changed on a product, newest first. */
export async function productHistory(
  db: Kysely<Database>,
  productId: number,
): Promise<ProductHistoryEntry[]> {
  const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  return db
    .selectFrom("productEvents")
    .select(["kind", "fromValue", "toValue", "actor", "createdAt"])
    .where("productId", "=", productId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
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

async function recordProductEvent(
  trx: Transaction<Database>,
  productId: number,
  kind: ProductEventKind,
  fromValue: string | null,
  toValue: string | null,
): Promise<void> {
  await trx
    .insertInto("productEvents")
    .values({ productId, kind, fromValue, toValue, actor: "admin" })
    .execute();
}
