/**
 * The owner's products (her stock page): the list with its summary, new products and removals.
 * Changes to one product (stock, price, archive) are in ./product-updates.ts, each recorded in its
 * history (./product-history.ts).
 */
import { randomInt } from "node:crypto";
import type { Database, Kysely, Product } from "@souls/db";
import { sql } from "kysely";
import { AdminNotFoundError, DuplicateReferenceError, InvalidProductError } from "../errors";
import { recordProductEvent } from "../product-history";
import { likePattern } from "../search";

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
  /** The spec's « Test DB » draft (reference `TEST-…`): marked as a test, removed in one click. */
  sample: boolean;
  createdAt: Date;
}

/** How the « Test DB » draft's reference begins. */
export const SAMPLE_PRODUCT_PREFIX = "TEST-";

export interface StockSummary {
  /** Products still in the shop (archived ones are not counted). */
  totalProducts: number;
  lowStock: number;
  totalStock: number;
}

export const rowOf = (product: Product): AdminProductRow => ({
  id: product.id,
  reference: product.reference,
  name: product.name,
  slug: product.slug,
  priceCents: product.priceCents,
  stock: product.stock,
  reserved: product.reserved,
  available: product.stock - product.reserved,
  archived: product.archivedAt !== null,
  sample: product.reference.startsWith(SAMPLE_PRODUCT_PREFIX),
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

export const isInt = (value: number, min: number, max: number) =>
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
export async function createSampleProduct(db: Kysely<Database>): Promise<AdminProductRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await createProduct(db, {
        reference: `${SAMPLE_PRODUCT_PREFIX}${randomSuffix()}`,
        name: "Produit test",
        priceCents: 16900,
        stock: 1,
      });
    } catch (error) {
      if (!(error instanceof DuplicateReferenceError) || attempt >= 3) throw error;
    }
  }
}
