/**
 * A model's address in one language. The prefix is the shop's (`/produit/`, `/en/product/`), the
 * last segment the owner's. An address is one model's for ever: once a model has been on sale
 * under it, a new address leaves the old one answering 301 to it (links, search engines and
 * shared posts keep working), and no other model may take it.
 */

import type { Locale } from "@souls/core/locales";
import { addressSegment, isAddressSegment, modelAddress } from "@souls/core/model-addresses";
import type { Database, Kysely, Transaction } from "@souls/db";
import { recordProductEvent } from "../../product-history";
import { CatalogueRefusedError } from "./errors";
import { ensureAddressFree, lockCatalogue, lockModel } from "./store";

export interface ModelAddressChange {
  path: string;
  /** The address it had, now answering 301 to the new one; null when nobody could have known it. */
  retired: string | null;
}

/** Whether shoppers could have seen the model's page: published now, or ever, or archived. */
async function wasPublic(
  trx: Transaction<Database>,
  product: { id: number; publishedAt: Date | null; archivedAt: Date | null },
): Promise<boolean> {
  if (product.publishedAt || product.archivedAt) return true;
  const published = await trx
    .selectFrom("productEvents")
    .select("id")
    .where("productId", "=", product.id)
    .where("kind", "=", "published")
    .limit(1)
    .executeTakeFirst();
  return published !== undefined;
}

/**
 * Gives a model a new address in one language. Refused when another model has it, now or
 * before (the message names that model). Taking back one of its own earlier addresses makes it
 * current again (it no longer redirects). A draft that was never published keeps no trace of its
 * earlier address: nobody outside the panel could have known it.
 */
export async function changeModelAddress(
  db: Kysely<Database>,
  productId: number,
  locale: Locale,
  lastSegment: string,
): Promise<ModelAddressChange> {
  const segment = lastSegment.trim();
  if (!isAddressSegment(segment)) throw new CatalogueRefusedError("address_format", 0, locale);
  const path = modelAddress(locale, segment);
  return db.transaction().execute(async (trx) => {
    await lockCatalogue(trx);
    const product = await lockModel(trx, productId);
    return changeAddressIn(trx, product, locale, path);
  });
}

/**
 * The change itself, inside a transaction that holds the catalogue's lock and the model's (the
 * model's one save, saveModel, makes it with the rest of the model's changes).
 */
export async function changeAddressIn(
  trx: Transaction<Database>,
  product: { id: number; publishedAt: Date | null; archivedAt: Date | null },
  locale: Locale,
  path: string,
): Promise<ModelAddressChange> {
  const productId = product.id;
  const current = await trx
    .selectFrom("productTexts")
    .select("path")
    .where("productId", "=", productId)
    .where("locale", "=", locale)
    .executeTakeFirst();
  if (current?.path === path) return { path, retired: null };
  await ensureAddressFree(trx, path, productId);
  // One of its own earlier addresses comes back: it is current again, not a redirection.
  await trx.deleteFrom("productPaths").where("path", "=", path).where("productId", "=", productId).execute();
  if (current) {
    await trx
      .updateTable("productTexts")
      .set({ path, updatedAt: new Date() })
      .where("productId", "=", productId)
      .where("locale", "=", locale)
      .execute();
  } else {
    await trx.insertInto("productTexts").values({ productId, locale, path }).execute();
  }
  let retired: string | null = null;
  if (current && (await wasPublic(trx, product))) {
    await trx
      .insertInto("productPaths")
      .values({ path: current.path, productId, locale })
      .onConflict((oc) => oc.column("path").doNothing())
      .execute();
    retired = current.path;
  }
  await recordProductEvent(trx, productId, "address_changed", current?.path ?? null, path);
  return { path, retired };
}

/** The owner's part of a stored address, for the editor's field. */
export const segmentOf = (locale: Locale, path: string) => addressSegment(locale, path) ?? "";
