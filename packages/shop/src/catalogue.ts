/** The collection as the shop sells it now: each model's price and the pieces a shopper can buy. */
import { MODEL_CODES, type ModelCode } from "@souls/core/models";
import type { Database, Kysely } from "@souls/db";

/** What a shopper can buy of one model right now, as the database says. */
export interface ModelAvailability {
  model: ModelCode;
  reference: string;
  priceCents: number;
  currency: string;
  /** Pieces not held by an unpaid order: stock − reserved. */
  available: number;
}

export type Collection = Record<ModelCode, ModelAvailability>;

/**
 * Prices and availability of every model. A model missing from the database (never seeded,
 * removed or archived by the owner) is shown as sold out rather than breaking the page.
 */
export async function loadCollection(db: Kysely<Database>): Promise<Collection> {
  const rows = await db
    .selectFrom("products")
    .select(["slug", "reference", "priceCents", "currency", "stock", "reserved"])
    .where("slug", "in", [...MODEL_CODES])
    // An archived product has left the shop: its model shows as sold out.
    .where("archivedAt", "is", null)
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return Object.fromEntries(
    MODEL_CODES.map((model) => {
      const row = bySlug.get(model);
      return [
        model,
        {
          model,
          reference: row?.reference ?? `${model}-01`,
          priceCents: row?.priceCents ?? 16900,
          currency: row?.currency ?? "EUR",
          available: row ? Math.max(0, row.stock - row.reserved) : 0,
        },
      ];
    }),
  ) as Collection;
}
