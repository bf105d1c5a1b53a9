import {
  type ListeningProductChangeSource,
  listenToProductChanges,
  type ProductChange,
} from "@souls/shop/product-changes";
import { env } from "./env.server";
import { launchClock } from "./launch-clock.server";
import { closeOnStop, processWide } from "./server-process.server";

/**
 * Product changes for this web server's open pages: one PostgreSQL LISTEN connection per
 * process, opened at the first subscriber. Every server hears every change (NOTIFY reaches all
 * listeners), so a sale or an edit made through one server reaches pages served by another.
 * The state is process-wide: Vite's reloads in development keep the one connection.
 */
const live = processWide("live", () => {
  const state = {
    listeners: new Set<(change: ProductChange) => void>(),
    everyChange: new Set<(change: ProductChange | null) => void>(),
    listening: undefined as Promise<unknown> | undefined,
    source: undefined as ListeningProductChangeSource | undefined,
    stopped: false,
    streamsByClient: new Map<string, number>(),
    streamsOpen: 0,
    /** The open pages' listeners, by the model their page shows (null: every model). */
    pages: new Map<string | null, Set<(change: AvailabilityChange) => void>>(),
    /** Per model: what its pages were last told, and the change held back until the pace allows. */
    paced: new Map<string, PacedModel>(),
  };
  closeOnStop("live", async () => {
    state.stopped = true;
    await state.listening;
    await state.source?.close();
  });
  return state;
});

function listen() {
  if (live.stopped) return;
  live.listening ??= listenToProductChanges(env.DATABASE_URL, { password: env.databasePassword })
    .then((listeningSource) => {
      live.source = listeningSource;
      live.source.subscribe((change) => {
        for (const listener of live.listeners) listener(change);
        tellPages(change);
      });
      live.source.subscribeToAll((change) => {
        for (const listener of live.everyChange) listener(change);
      });
    })
    .catch((error: unknown) => {
      live.listening = undefined;
      console.error("[live] cannot listen to product changes:", (error as Error).message);
    });
}

/** Resolves once this server listens, so a page told "ready" misses no later change. */
export async function whenListening(): Promise<void> {
  listen();
  await live.listening;
}

/**
 * Tells this server's open pages that a model changed though no row did: a series' launch moment
 * (its early access, its opening) came, and what they offer changed with the time (decision 039).
 */
export function tellOpenPages(change: ProductChange): void {
  for (const listener of live.listeners) listener(change);
  tellPages(change);
}

/** What an open product page is told: its model's pieces available changed. */
export interface AvailabilityChange {
  model: string;
  available: number;
  /**
   * The shop's time when told (ms): a page showing an opening to come knows whether it is
   * open now, and swaps in what it shows once open (live-availability.js, decision 066).
   */
  at: number;
}

interface PacedModel {
  told: number | undefined;
  held: ProductChange | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * A model's pages are told at most once a quarter second, the last change held back meanwhile.
 * Each message makes every open page of the model read itself again: in a launch's rush the
 * holds of one model came milliseconds apart, and each sent hundreds of pages back to the server
 * at once (issue 33). A page still hears the last word within the pace.
 */
export const AVAILABILITY_PACE_MS = 250;

function tellPages(change: ProductChange) {
  let model = live.paced.get(change.slug);
  if (!model) {
    model = { told: undefined, held: undefined, timer: undefined };
    live.paced.set(change.slug, model);
  }
  if (model.timer) {
    // Held back: only the last availability matters, and whether anything but stock moved.
    model.held = model.held ? { ...change, stockOnly: model.held.stockOnly && change.stockOnly } : change;
    return;
  }
  tellNow(change.slug, model, change);
}

function tellNow(slug: string, model: PacedModel, change: ProductChange) {
  // A held piece paid for changes no page: its pages are not read again for it.
  if (change.stockOnly && model.told === change.available) return;
  model.told = change.available;
  const message = { model: slug, available: change.available, at: launchClock.now().getTime() };
  for (const listener of live.pages.get(slug) ?? []) listener(message);
  for (const listener of live.pages.get(null) ?? []) listener(message);
  model.timer = setTimeout(() => {
    model.timer = undefined;
    const held = model.held;
    model.held = undefined;
    if (held) tellNow(slug, model, held);
  }, AVAILABILITY_PACE_MS);
  model.timer.unref?.();
}

/**
 * Listens for the availability of one model (a product page's stream), or of all (`null`), until
 * the returned function is called.
 */
export function watchAvailability(model: string | null, listener: (change: AvailabilityChange) => void) {
  listen();
  let listeners = live.pages.get(model);
  if (!listeners) {
    listeners = new Set();
    live.pages.set(model, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && live.pages.get(model) === listeners) live.pages.delete(model);
  };
}

export const productChanges: Omit<ListeningProductChangeSource, "close"> = {
  subscribe(listener) {
    listen();
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  },
  subscribeToAll(listener) {
    listen();
    live.everyChange.add(listener);
    return () => live.everyChange.delete(listener);
  },
  connection() {
    listen();
    return live.source?.connection() ?? null;
  },
  catchUp() {
    listen();
    return live.source?.catchUp() ?? Promise.resolve(false);
  },
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * Calls the listener once the HTTP response has closed (ended, or its connection dropped).
     * Given by server.mjs; absent under the Vite dev server and in tests of a loader alone.
     */
    onResponseClose?: (listener: () => void) => void;
  }
}

/** Open availability streams: a few per client (a browser's tabs), a bound for the whole server. */
export const LIVE_STREAM_LIMITS = { perClient: 6, total: 2_000 } as const;

/**
 * Admits one more live stream for a client, returning the function that lets it go, or says which
 * bound it would cross. Streams hold memory and a connection for as long as a page stays open, so
 * one client cannot open thousands.
 */
/** The streams this server holds open now, in all and for the busiest client. */
export function liveStreamsOpen(): { total: number; busiestClient: number } {
  return { total: live.streamsOpen, busiestClient: Math.max(0, ...live.streamsByClient.values()) };
}

export function admitLiveStream(clientHash: string): (() => void) | "client_limit" | "server_limit" {
  const mine = live.streamsByClient.get(clientHash) ?? 0;
  if (mine >= LIVE_STREAM_LIMITS.perClient) return "client_limit";
  if (live.streamsOpen >= LIVE_STREAM_LIMITS.total) return "server_limit";
  live.streamsByClient.set(clientHash, mine + 1);
  live.streamsOpen++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    live.streamsOpen--;
    const left = (live.streamsByClient.get(clientHash) ?? 1) - 1;
    if (left > 0) live.streamsByClient.set(clientHash, left);
    else live.streamsByClient.delete(clientHash);
  };
}
