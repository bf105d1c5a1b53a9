import { type Collection, loadCollection } from "@souls/shop/catalogue";
import type { ListeningProductChangeSource } from "@souls/shop/product-changes";
import { db } from "./db.server";
import { productChanges } from "./live.server";

type WatchedProductChanges = Pick<ListeningProductChangeSource, "subscribe" | "connection">;

/**
 * The collection as the shop's pages show it, read from PostgreSQL once and kept until the
 * `products` NOTIFY channel announces a change (an admin edit, a sale, a released hold). It is
 * kept only while the channel listens: without it a stale copy could not be noticed, so every
 * page reads the database again until it listens once more. Orders never trust this copy: the
 * use cases check prices and stock in their own transaction.
 */
export function keepCollection(
  load: () => Promise<Collection>,
  changes: WatchedProductChanges,
): () => Promise<Collection> {
  let kept: { collection: Collection; connection: number } | undefined;
  let heard = 0;
  let watching = false;

  return async function shownCollection() {
    if (!watching) {
      watching = true;
      changes.subscribe(() => {
        heard++;
        kept = undefined;
      });
    }
    const connection = changes.connection();
    if (kept && kept.connection === connection) return kept.collection;

    const heardBefore = heard;
    const collection = deepFreeze(await load());
    // A change heard during the read may have committed after it: that copy is not kept.
    if (connection !== null && changes.connection() === connection && heard === heardBefore) {
      kept = { collection, connection };
    }
    return collection;
  };
}

/** Shared by every request: frozen so that no loader can change it for the next one. */
function deepFreeze(collection: Collection): Collection {
  for (const model of Object.values(collection)) Object.freeze(model);
  return Object.freeze(collection);
}

/** Prices and availability for the pages of this web server. */
export const shownCollection = keepCollection(() => loadCollection(db), productChanges);
