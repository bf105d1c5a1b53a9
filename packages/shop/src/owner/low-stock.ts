/**
 * The owner hears when a model runs low (issue 27): once each time a published model falls below
 * her threshold (« Réglages »), in one e-mail naming every model that fell since the last round,
 * unless she switched it off. Run by the worker, so it catches every way stock goes down (a sale,
 * her own adjustment); a model is told of again only after it went back above the threshold.
 */
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { enqueueEmail } from "../outbox/enqueue";
import { loadOwnerSettings, ownerRecipient } from "./settings";

/** Queues the owner's low-stock e-mail for the models that just fell; how many it names. */
export async function notifyLowStock(db: Kysely<Database>, now = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // One round at a time across workers: a model is told of once.
    await sql`SELECT pg_advisory_xact_lock(hashtext('low-stock-alerts'))`.execute(trx);
    const { lowStockBelow } = await loadOwnerSettings(trx);
    // Back above the threshold (restocked, a piece returned, a higher threshold): told again next time.
    await sql`DELETE FROM low_stock_alerts a USING products p
      WHERE p.id = a.product_id AND (p.stock >= ${lowStockBelow} OR p.archived_at IS NOT NULL
        OR p.published_at IS NULL)`.execute(trx);
    const recipient = await ownerRecipient(trx, "lowStockEmail");
    if (!recipient) return 0;
    const fallen = await trx
      .selectFrom("products")
      .select(["id", "name", "reference", "stock"])
      .where("publishedAt", "is not", null)
      .where("archivedAt", "is", null)
      .where("stock", "<", lowStockBelow)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("lowStockAlerts").select("productId").whereRef("productId", "=", "products.id"),
          ),
        ),
      )
      .orderBy("stock")
      .orderBy("name")
      .limit(200)
      .execute();
    if (fallen.length === 0) return 0;
    await enqueueEmail(
      trx,
      { email: recipient, locale: "fr" },
      {
        type: "low_stock",
        payload: {
          threshold: lowStockBelow,
          models: fallen.map(({ name, reference, stock }) => ({ name, reference, stock })),
        },
      },
    );
    await trx
      .insertInto("lowStockAlerts")
      .values(fallen.map((model) => ({ productId: model.id, alertedAt: now })))
      .execute();
    return fallen.length;
  });
}
