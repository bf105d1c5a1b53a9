/** Each product's history: every change the owner made (created, price, stock, archived), who and when. */
import type { Database, Kysely, ProductEventKind, Transaction } from "@souls/db";
import { AdminNotFoundError } from "./errors";

export async function recordProductEvent(
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

export interface ProductHistoryEntry {
  kind: ProductEventKind;
  fromValue: string | null;
  toValue: string | null;
  actor: string;
  /** Who in the panel did it (decision 043); null for the shop's own changes. */
  actorName: string | null;
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
    .select(["kind", "fromValue", "toValue", "actor", "actorName", "createdAt"])
    .where("productId", "=", productId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .execute();
}
