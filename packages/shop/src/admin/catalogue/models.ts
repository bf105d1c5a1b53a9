/**
 * A model's life in the catalogue: created as a draft (only the owner sees its page), published
 * once complete in both languages, back to draft (its page is gone for shoppers), archived (it
 * leaves the grid and keeps its page, sold out, with the back-in-stock form) and back.
 * Each change is one transaction with its line in the model's history.
 */
import { CATALOGUE_LIMITS } from "@souls/core/catalogue-rules";
import { LOCALES } from "@souls/core/locales";
import { defaultAddressSegments, modelAddress } from "@souls/core/model-addresses";
import type { Database, Kysely, Product, Transaction } from "@souls/db";
import { sql } from "kysely";
import { DuplicateReferenceError, InvalidProductError } from "../../errors";
import { recordProductEvent } from "../../product-history";
import { isStorableText } from "../../text";
import { unarchiveProduct } from "../product-updates";
import { type AdminProductRow, isInt, PRODUCT_LIMITS, rowOf, slugFor } from "../products";
import { missingPieces } from "./completeness";
import { CatalogueRefusedError, ModelIncompleteError, SeriesNotFoundError } from "./errors";
import { addressHolder, lockCatalogue, lockModel, readTexts, textsColumns, textsOf } from "./store";
import { normalizeText } from "./texts";

export type { ModelStatus } from "@souls/core/catalogue-rules";

export function statusOf(product: Pick<Product, "publishedAt" | "archivedAt">) {
  if (product.archivedAt) return "archived" as const;
  return product.publishedAt ? ("published" as const) : ("draft" as const);
}

/**
 * A model's code from its name: `Zora` → `zora`. Permanent once created: carts, `?product=` links,
 * orders and e-mails name the model by it.
 */
export function modelCodeFor(name: string): string {
  return slugFor(name).replace(/^-+|-+$/g, "") || "modele";
}

export interface NewModelInput {
  name: string;
  /** The owner's stock label; `ZORA-01` from the code when left out. */
  reference?: string;
  priceCents: number;
  stock?: number;
  seriesId?: number | null;
}

async function freeCode(trx: Transaction<Database>, name: string): Promise<string> {
  const base = modelCodeFor(name);
  for (const code of [base, ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}-${n}`)]) {
    const taken = await trx.selectFrom("products").select("id").where("slug", "=", code).executeTakeFirst();
    if (taken) continue;
    const addresses = defaultAddressSegments(code);
    const held = await Promise.all(
      LOCALES.map((locale) => addressHolder(trx, modelAddress(locale, addresses[locale]), 0)),
    );
    if (held.every((holder) => holder === null)) return code;
  }
  // Ten models of one name: the next takes a number no other has.
  const { next } = await trx
    .selectFrom("products")
    .select(sql<number>`coalesce(max(id), 0) + 1`.as("next"))
    .executeTakeFirstOrThrow();
  return `${base}-${next}`;
}

async function freeReference(trx: Transaction<Database>, code: string): Promise<string> {
  const stem = code.toUpperCase().slice(0, PRODUCT_LIMITS.reference - 3);
  for (let n = 1; n < 100; n++) {
    const reference = `${stem}-${String(n).padStart(2, "0")}`;
    const taken = await trx
      .selectFrom("products")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!taken) return reference;
  }
  return `${stem.slice(0, PRODUCT_LIMITS.reference - 7)}-${Date.now().toString(36).slice(-6)}`;
}

/**
 * A new model, as a draft: its code from its name, its default addresses in both languages
 * (`/produit/sac-banane-{code}`, `/en/product/{code}-fanny-pack`), its place at the end of its
 * series. At most CATALOGUE_LIMITS.models models.
 */
export async function createModel(db: Kysely<Database>, input: NewModelInput): Promise<AdminProductRow> {
  const name = normalizeText(input.name, { oneLine: true });
  const given = input.reference === undefined ? "" : normalizeText(input.reference, { oneLine: true });
  const stock = input.stock ?? 0;
  if (!name || name.length > PRODUCT_LIMITS.name || !isStorableText(name))
    throw new InvalidProductError("name");
  if (given.length > PRODUCT_LIMITS.reference || !isStorableText(given))
    throw new InvalidProductError("reference");
  if (!isInt(input.priceCents, 1, PRODUCT_LIMITS.maxPriceCents)) throw new InvalidProductError("priceCents");
  if (!isInt(stock, 0, PRODUCT_LIMITS.maxStock)) throw new InvalidProductError("stock");
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCatalogue(trx);
      const { models } = await trx
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string>().as("models"))
        .executeTakeFirstOrThrow();
      if (Number(models) >= CATALOGUE_LIMITS.models) {
        throw new CatalogueRefusedError("too_many_models", CATALOGUE_LIMITS.models);
      }
      const seriesId = input.seriesId ?? null;
      let position = 0;
      if (seriesId !== null) {
        const series = await trx
          .selectFrom("series")
          .select("id")
          .where("id", "=", seriesId)
          .executeTakeFirst();
        if (!series) throw new SeriesNotFoundError(seriesId);
        const { last } = await trx
          .selectFrom("products")
          .select(sql<number>`coalesce(max(position), 0)`.as("last"))
          .where("seriesId", "=", seriesId)
          .executeTakeFirstOrThrow();
        position = Number(last) + 1;
      }
      if (given) {
        const taken = await trx
          .selectFrom("products")
          .select("id")
          .where("reference", "=", given)
          .executeTakeFirst();
        if (taken) throw new DuplicateReferenceError(given);
      }
      const code = await freeCode(trx, name);
      const reference = given || (await freeReference(trx, code));
      const created = await trx
        .insertInto("products")
        .values({ reference, slug: code, name, priceCents: input.priceCents, stock, seriesId, position })
        .returningAll()
        .executeTakeFirstOrThrow();
      const addresses = defaultAddressSegments(code);
      await trx
        .insertInto("productTexts")
        .values(
          LOCALES.map((locale) => ({
            productId: created.id,
            locale,
            path: modelAddress(locale, addresses[locale]),
          })),
        )
        .execute();
      await recordProductEvent(trx, created.id, "created", null, `${created.priceCents}`);
      return rowOf(created);
    });
  } catch (error) {
    if ((error as { constraint?: string }).constraint === "products_reference_key") {
      throw new DuplicateReferenceError(given);
    }
    throw error;
  }
}

/**
 * Puts a model on sale to shoppers. Refused for an archived model (bring it back first) and,
 * with the list of what is missing, for one incomplete in either language, without a photo
 * described in both, a price or a series.
 */
export async function publishModel(db: Kysely<Database>, productId: number): Promise<AdminProductRow> {
  return db.transaction().execute(async (trx) => {
    const product = await lockModel(trx, productId);
    if (product.archivedAt) throw new CatalogueRefusedError("archived");
    if (product.publishedAt) return rowOf(product);
    const texts = await readTexts(trx, [productId]);
    const photos = await trx
      .selectFrom("productPhotos")
      .select(["altFr", "altEn"])
      .where("productId", "=", productId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const missing = missingPieces({
      priceCents: product.priceCents,
      seriesId: product.seriesId,
      texts: Object.fromEntries(texts.map((row) => [row.locale, row])),
      photos,
    });
    if (missing.length > 0) throw new ModelIncompleteError(missing);
    const updated = await trx
      .updateTable("products")
      .set({ publishedAt: sql`now()`, updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "published", null, null);
    return rowOf(updated);
  });
}

/** Back to draft: shoppers find no page any more (404); the owner still previews it. */
export async function unpublishModel(db: Kysely<Database>, productId: number): Promise<AdminProductRow> {
  return db.transaction().execute(async (trx) => {
    const product = await lockModel(trx, productId);
    if (!product.publishedAt) return rowOf(product);
    const updated = await trx
      .updateTable("products")
      .set({ publishedAt: null, updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "unpublished", null, null);
    return rowOf(updated);
  });
}

/**
 * Archived: the model leaves the grid and the catalogue's sales; a published one keeps its page,
 * sold out, with the back-in-stock form (its orders, links and e-mails still point at it).
 */
export async function archiveModel(db: Kysely<Database>, productId: number): Promise<AdminProductRow> {
  return db.transaction().execute(async (trx) => {
    const product = await lockModel(trx, productId);
    if (product.archivedAt) return rowOf(product);
    const updated = await trx
      .updateTable("products")
      .set({ archivedAt: new Date(), updatedAt: new Date() })
      .where("id", "=", productId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProductEvent(trx, productId, "archived", null, null);
    return rowOf(updated);
  });
}

/** Back from the archive, with the stock it left with (and its page as it was). */
export const unarchiveModel = unarchiveProduct;

/** « Copie de Zora »: a duplicate's name when the owner gives none, within the name's bound. */
export function copyNameOf(name: string): string {
  return `Copie de ${name}`.slice(0, PRODUCT_LIMITS.name).trim();
}

/**
 * « Dupliquer »: a new draft from an existing model — its words in both languages, materials and
 * questions, its price and series (at the end) — under a name of its own (« Copie de … » unless
 * she gives one), with its own code, reference and addresses. Neither its photos (each photo is
 * of one bag) nor its stock (the new model has made no piece yet) nor its sale come along. Its
 * history starts with where it came from.
 */
export async function duplicateModel(
  db: Kysely<Database>,
  sourceId: number,
  input: { name?: string } = {},
): Promise<AdminProductRow> {
  const given = input.name === undefined ? "" : normalizeText(input.name, { oneLine: true });
  if (given.length > PRODUCT_LIMITS.name || !isStorableText(given)) throw new InvalidProductError("name");
  return db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const source = await lockModel(trx, sourceId);
    const { models } = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<string>().as("models"))
      .executeTakeFirstOrThrow();
    if (Number(models) >= CATALOGUE_LIMITS.models) {
      throw new CatalogueRefusedError("too_many_models", CATALOGUE_LIMITS.models);
    }
    const name = given || copyNameOf(source.name);
    const code = await freeCode(trx, name);
    const reference = await freeReference(trx, code);
    let position = 0;
    if (source.seriesId !== null) {
      const { last } = await trx
        .selectFrom("products")
        .select(sql<number>`coalesce(max(position), 0)`.as("last"))
        .where("seriesId", "=", source.seriesId)
        .executeTakeFirstOrThrow();
      position = Number(last) + 1;
    }
    const created = await trx
      .insertInto("products")
      .values({
        reference,
        slug: code,
        name,
        priceCents: source.priceCents,
        stock: 0,
        seriesId: source.seriesId,
        position,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const texts = await readTexts(trx, [sourceId]);
    const addresses = defaultAddressSegments(code);
    await trx
      .insertInto("productTexts")
      .values(
        LOCALES.map((locale) => ({
          productId: created.id,
          locale,
          path: modelAddress(locale, addresses[locale]),
          ...textsColumns(textsOf(texts.find((row) => row.locale === locale))),
        })),
      )
      .execute();
    // « Produit créé au prix de … », then where its words came from.
    await recordProductEvent(trx, created.id, "created", null, `${created.priceCents}`);
    await recordProductEvent(trx, created.id, "texts_changed", `${source.name} (${source.reference})`, name);
    return rowOf(created);
  });
}
