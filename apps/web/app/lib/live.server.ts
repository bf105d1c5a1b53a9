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

/** Open availability streams: a few per client (a browser's tabs), a bound for the whole server. */
export const LIVE_STREAM_LIMITS = { perClient: 6, total: 500 } as const;
const streamsByClient = new Map<string, number>();
let streamsOpen = 0;

/**
 * Admits one more live stream for a client, returning the function that lets it go, or says which
 * bound it would cross. Streams hold memory and a connection for as long as a page stays open, so
 * one client cannot open thousands.
 */
export function admitLiveStream(clientHash: string): (() => void) | "client_limit" | "server_limit" {
  const mine = streamsByClient.get(clientHash) ?? 0;
  if (mine >= LIVE_STREAM_LIMITS.perClient) return "client_limit";
  if (streamsOpen >= LIVE_STREAM_LIMITS.total) return "server_limit";
  streamsByClient.set(clientHash, mine + 1);
  streamsOpen++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    streamsOpen--;
    const left = (streamsByClient.get(clientHash) ?? 1) - 1;
    if (left > 0) streamsByClient.set(clientHash, left);
    else streamsByClient.delete(clientHash);
  };
}
