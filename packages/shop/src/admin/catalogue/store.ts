/**
 * Reads and locks the catalogue's use cases share: a model locked for its change, the whole
 * catalogue's shape (addresses, counts, the featured series) decided one change at a time, and
 * the owner of an address.
 */
import { MODEL_MATERIAL_NAMES, MODEL_TEXT_FIELD_NAMES, type ModelTexts } from "@souls/core/catalogue-rules";
import type { Locale } from "@souls/core/locales";
import { defaultAddressSegments, modelAddress } from "@souls/core/model-addresses";
import type { Database, Kysely, Product, Transaction } from "@souls/db";
import { sql } from "kysely";
import { AdminNotFoundError } from "../../errors";
import type { StoredTexts } from "./completeness";
import { type AddressHolder, AddressTakenError } from "./errors";

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The catalogue's shape — who holds which address, how many models and series there are, which
 * series the home page shows — changes one transaction at a time: two tabs cannot both take an
 * address or the 201st place. The owner is one person: this lock is never busy for long.
 */
export async function lockCatalogue(trx: Transaction<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('souls:catalogue'))`.execute(trx);
}

/** The model, locked until the change commits (a sale, a checkout, another tab wait for it). */
export async function lockModel(trx: Transaction<Database>, productId: number): Promise<Product> {
  const product = await trx
    .selectFrom("products")
    .selectAll()
    .where("id", "=", productId)
    .forUpdate()
    .executeTakeFirst();
  if (!product) throw new AdminNotFoundError("product", productId);
  return product;
}

export interface TextsRow extends StoredTexts {
  productId: number;
  locale: Locale;
  path: string;
}

/** A model's words in both languages (a language it has no words in is absent). */
export async function readTexts(db: Db, productIds: number[]): Promise<TextsRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom("productTexts")
    .select(["productId", "locale", "path", ...MODEL_TEXT_FIELD_NAMES, "materials", "faq"])
    .where("productId", "in", productIds)
    .execute();
}

/** The words as the editor reads them: every field present, materials in their order. */
export function textsOf(row: StoredTexts | undefined | null): ModelTexts {
  return {
    ...(Object.fromEntries(MODEL_TEXT_FIELD_NAMES.map((field) => [field, row?.[field] ?? ""])) as Record<
      (typeof MODEL_TEXT_FIELD_NAMES)[number],
      string
    >),
    materials: Object.fromEntries(
      MODEL_MATERIAL_NAMES.map((material) => [material, row?.materials[material] ?? ""]),
    ) as ModelTexts["materials"],
    faq: (row?.faq ?? []).map((item) => ({ question: item.question, answer: item.answer })),
  };
}

/** The model that has this address, current or retired, other than `productId`; null when free. */
export async function addressHolder(db: Db, path: string, productId: number): Promise<AddressHolder | null> {
  const current = await db
    .selectFrom("productTexts")
    .innerJoin("products", "products.id", "productTexts.productId")
    .select(["products.id", "products.name", "products.reference"])
    .where("productTexts.path", "=", path)
    .where("products.id", "!=", productId)
    .executeTakeFirst();
  if (current) return { ...current, retired: false };
  const retired = await db
    .selectFrom("productPaths")
    .innerJoin("products", "products.id", "productPaths.productId")
    .select(["products.id", "products.name", "products.reference"])
    .where("productPaths.path", "=", path)
    .where("products.id", "!=", productId)
    .executeTakeFirst();
  return retired ? { ...retired, retired: true } : null;
}

/** Throws AddressTakenError when another model has the address. Call under lockCatalogue. */
export async function ensureAddressFree(trx: Transaction<Database>, path: string, productId: number) {
  const holder = await addressHolder(trx, path, productId);
  if (holder) throw new AddressTakenError(path, holder);
}

/**
 * A model's first address in a language: its default (`sac-banane-{code}`), or the first free one
 * of `-2`…`-9` after it (another model may have taken it by hand). Call under lockCatalogue.
 */
export async function freeDefaultAddress(
  trx: Transaction<Database>,
  product: { id: number; slug: string },
  locale: Locale,
): Promise<string> {
  const base = defaultAddressSegments(product.slug)[locale];
  const candidates = [base, ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}-${n}`)];
  for (const segment of candidates) {
    const path = modelAddress(locale, segment);
    if (!(await addressHolder(trx, path, product.id))) return path;
  }
  return modelAddress(locale, `${base}-${product.id}`);
}

/** A row of product_texts from the editor's words (jsonb columns written as JSON text). */
export function textsColumns(texts: ModelTexts) {
  return {
    ...(Object.fromEntries(MODEL_TEXT_FIELD_NAMES.map((field) => [field, texts[field]])) as Record<
      (typeof MODEL_TEXT_FIELD_NAMES)[number],
      string
    >),
    materials: JSON.stringify(texts.materials),
    faq: JSON.stringify(texts.faq),
  };
}
