import type { Locale } from "@souls/core/locales";
import type { ShownPhoto } from "@souls/core/photos";
import {
  availabilityOf,
  type Catalogue,
  type CatalogueModel,
  loadCatalogue,
  modelByCode,
} from "@souls/shop/catalogue";
import type { ListeningProductChangeSource, ProductChange } from "@souls/shop/product-changes";
import type { CardModel } from "~/components/product-card";
import { pagesDb } from "./db.server";
import { type EarlyAccessPass, openingOf } from "./launch.server";
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
  /**
   * A product's pieces as its last change heard on this connection said (after `current()`, every
   * change committed before it), or undefined if none was: the catalogue's copy is read again only
   * for changes a page shows, not for a held piece paid for, whose `held` it then misses.
   */
  stockOf(productId: number): { available: number; held: number | null } | undefined;
}

export function versionOf(changes: WatchedProductChanges): CatalogueVersion {
  let count = 0;
  let watching = false;
  /** Each product's pieces as last heard on the connection `heardOn`. */
  const stock = new Map<number, { available: number; held: number | null }>();
  let heardOn: number | null = null;
  /**
   * Whether a change may alter a page: not a held piece paid for (its stock columns moved, its
   * availability did not), which in a launch's rush emptied every kept page once per sale.
   */
  function isShown(change: ProductChange | null): boolean {
    if (!change) return true;
    const connection = changes.connection();
    if (connection !== heardOn) {
      // A change missed while the connection was down would make an old figure look current.
      stock.clear();
      heardOn = connection;
    }
    const before = stock.get(change.id)?.available;
    stock.set(change.id, { available: change.available, held: change.held });
    return !(change.stockOnly && before === change.available);
  }
  function heard() {
    if (!watching) {
      watching = true;
      changes.subscribeToAll((change) => {
        if (isShown(change)) count++;
      });
    }
    const connection = changes.connection();
    return connection === null ? null : `${connection}.${count}`;
  }
  return {
    heard,
    stockOf(productId) {
      return heard() !== null && heardOn === changes.connection() ? stock.get(productId) : undefined;
    },
    async current() {
      heard(); // listening from before the round trip
      return (await changes.catchUp()) ? heard() : null;
    },
  };
}

/**
 * What the shop's pages show (the catalogue, the seller), read from PostgreSQL once per catalogue
 * version and shared by every request until the next change. Orders never trust this copy: the use
 * cases check prices and stock in their own transaction.
 *
 * One read per version: the requests asking while it is under way wait for it. In a launch's rush
 * every hold is a new version, and each request of the moment read the whole catalogue again on
 * its own (issue 33).
 */
export function keepCollection<T extends object>(load: () => Promise<T>, version: CatalogueVersion) {
  let kept: { value: T; version: string } | undefined;
  let reading: { value: Promise<T>; version: string } | undefined;
  /** The last copy read, whatever came since. */
  let last: T | undefined;
  async function shown(): Promise<T> {
    const before = await version.current();
    // Not listening: nothing is kept nor shared, a change could not be noticed.
    if (before === null) return deepFreeze(await load());
    if (kept?.version === before) return kept.value;
    // Shared only within a version: a request that heard a later change reads again.
    if (reading?.version === before) return reading.value;
    const value = load().then(deepFreeze);
    reading = { value, version: before };
    try {
      const read = await value;
      last = read;
      // A change heard during the read may have committed after it: that copy is not kept.
      if (version.heard() === before) kept = { value: read, version: before };
      return read;
    } finally {
      if (reading?.value === value) reading = undefined;
    }
  }
  /**
   * The last copy read, without waiting for the changes of the moment (none read yet: a fresh
   * one): for what a change of stock cannot alter (a model's name, its address), never for what
   * is left of it.
   */
  async function lastShown(): Promise<T> {
    return last ?? shown();
  }
  return Object.assign(shown, { lastShown });
}

/** Shared by every request: frozen, all the way down, so that no loader can change it for the next one. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The catalogue version of this web server (its one LISTEN connection). */
export const catalogueVersion = versionOf(productChanges);

/** The catalogue for the pages of this web server: models, series, words, photos, availability. */
export const shownCatalogue = keepCollection(() => loadCatalogue(pagesDb), catalogueVersion);

/**
 * What a product card needs of a model, in the page's language (a loader's answer stays small),
 * with its opening when this shopper cannot hold it yet (decision 039).
 */
export function cardOf(
  model: CatalogueModel,
  locale: Locale,
  passes: readonly EarlyAccessPass[] = [],
): CardModel {
  const texts = model.texts[locale];
  return {
    opening: openingOf(model, locale, passes),
    ...availabilityOf(model),
    texts: texts && { path: texts.path, cardDescription: texts.cardDescription },
    photos: model.photos.slice(0, 1),
    beforePriceCents: model.beforePriceCents,
  };
}

/** An order's or a checkout's lines with each model's cover photo, for its summary. */
export function withCovers<Line extends { model: string }>(
  lines: readonly Line[],
  catalogue: Catalogue,
): (Line & { cover?: ShownPhoto })[] {
  return lines.map((line) => {
    const cover = modelByCode(catalogue, line.model, { draftsToo: true })?.photos[0];
    return cover ? { ...line, cover } : line;
  });
}
