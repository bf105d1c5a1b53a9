import { type ListeningProductChangeSource, listenToProductChanges, type ProductChange } from "@souls/api";
import { env } from "./env.server";

/**
 * Product changes for this web server's open pages: one PostgreSQL LISTEN connection per
 * process, opened at the first subscriber. Every server hears every change (NOTIFY reaches all
 * listeners), so a sale or an edit made through one server reaches pages served by another.
 */
const listeners = new Set<(change: ProductChange) => void>();
let listening: Promise<unknown> | undefined;
let source: ListeningProductChangeSource | undefined;

function listen() {
  listening ??= listenToProductChanges(env.DATABASE_URL)
    .then((listeningSource) => {
      source = listeningSource;
      source.subscribe((change) => {
        for (const listener of listeners) listener(change);
      });
    })
    .catch((error: unknown) => {
      listening = undefined;
      console.error("[live] cannot listen to product changes:", (error as Error).message);
    });
}

/** Resolves once this server listens, so a page told "ready" misses no later change. */
export async function whenListening(): Promise<void> {
  listen();
  await listening;
}

export const productChanges: Omit<ListeningProductChangeSource, "close"> = {
  subscribe(listener) {
    listen();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  connection() {
    listen();
    return source?.connection() ?? null;
  },
};
