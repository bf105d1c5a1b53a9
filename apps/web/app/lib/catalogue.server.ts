import { type Collection, loadCollection } from "@souls/shop/catalogue";
import type { ListeningProductChangeSource } from "@souls/shop/product-changes";
import { db } from "./db.server";
import { productChanges } from "./live.server";

type WatchedProductChanges = Pick<ListeningProductChangeSource, "subscribeToAll" | "connection" | "catchUp">;

/**
 * Which state of the catalogue this server knows, or null while it cannot know: the `products`
 * NOTIFY channel announces every change (an admin edit, a sale, a released hold, a text, a photo,
 * a series, the seller's identity), so a version
 * is "the changes heard on this unbroken LISTEN connection". While the channel is down nothing may
 * be kept, since a change could not be noticed; a new connection is a new version.
 */
export interface CatalogueVersion {
  /**
   * The version once every change committed before the call is heard (one round trip, shared by
   * the requests of the moment): what a kept page or copy is checked against before it is used,
   * so that a sale made through another server a moment ago is never shown as available.
   */
  current(): Promise<string | null>;
  /** The version as heard so far, without the round trip. */
  heard(): string | null;
}

export function versionOf(changes: WatchedProductChanges): CatalogueVersion {
  let count = 0;
  let watching = false;
  function heard() {
    if (!watching) {
      watching = true;
      changes.subscribeToAll(() => {
        count++;
      });
    }
    const connection = changes.connection();
    return connection === null ? null : `${connection}.${count}`;
  }
  return {
    heard,
    async current() {
      heard(); // listening from before the round trip
      return (await changes.catchUp()) ? heard() : null;
    },
  };
}

/**
 * The collection as the shop's pages show it, read from PostgreSQL once per catalogue version.
 * Orders never trust this copy: the use cases check prices and stock in their own transaction.
 */
export function keepCollection(load: () => Promise<Collection>, version: CatalogueVersion) {
  let kept: { collection: Collection; version: string } | undefined;
  return async function shownCollection(): Promise<Collection> {
    const before = await version.current();
    if (kept && before !== null && kept.version === before) return kept.collection;
    const collection = deepFreeze(await load());
    // A change heard during the read may have committed after it: that copy is not kept.
    if (before !== null && version.heard() === before) kept = { collection, version: before };
    return collection;
  };
}

/** Shared by every request: frozen so that no loader can change it for the next one. */
function deepFreeze(collection: Collection): Collection {
  for (const model of Object.values(collection)) Object.freeze(model);
  return Object.freeze(collection);
}

/** The catalogue version of this web server (its one LISTEN connection). */
export const catalogueVersion = versionOf(productChanges);

/** Prices and availability for the pages of this web server. */
export const shownCollection = keepCollection(() => loadCollection(db), catalogueVersion);
