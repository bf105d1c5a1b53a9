import { env } from "./env.server";

/**
 * What one web server process holds for all its requests — the database pool, the LISTEN
 * connection, the open live streams — and how it lets them go when it stops.
 *
 * server.mjs sits outside the build, so it finds the stop under a global key (below): on SIGTERM
 * it ends the live streams at once (browsers reconnect, behind a load balancer to another server),
 * lets the other requests finish, then closes the connections.
 */
export interface ServerStop {
  /** Ends every open live stream; returns how many there were. */
  endStreams(): number;
  /** Closes the LISTEN connection and the pool, once no request needs them. */
  close(): Promise<void>;
}

const STOP = Symbol.for("souls.web.stop");
const SHARED = Symbol.for("souls.web.shared");
type Global = typeof globalThis & { [STOP]?: ServerStop; [SHARED]?: Map<string, unknown> };

const streams = new Set<() => void>();
const closers = new Map<string, () => Promise<void>>();
/** What still needs the connections before they close (counts to write). */
const beforeClosers = new Map<string, () => Promise<void>>();

(globalThis as Global)[STOP] = {
  endStreams() {
    const open = [...streams];
    streams.clear();
    for (const end of open) end();
    return open.length;
  },
  async close() {
    await Promise.allSettled([...beforeClosers.values()].map((close) => close()));
    await Promise.allSettled([...closers.values()].map((close) => close()));
  },
};

/**
 * One value per process, such as the pool. In development, Vite's hot reloads run this module's
 * importers again: the value is kept on globalThis so that they find the same pool and LISTEN
 * connection instead of opening new ones at every edit. Elsewhere, a plain module value.
 */
export function processWide<T>(name: string, make: () => T): T {
  if (env.NODE_ENV !== "development") return make();
  const global = globalThis as Global;
  global[SHARED] ??= new Map();
  const shared = global[SHARED];
  if (!shared.has(name)) shared.set(name, make());
  return shared.get(name) as T;
}

/** What to close when the server stops, after its last request (named: a reload replaces it). */
export function closeOnStop(name: string, close: () => Promise<void>): void {
  closers.set(name, close);
}

/** What to do when the server stops, after its last request and before the connections close. */
export function beforeCloseOnStop(name: string, finish: () => Promise<void>): void {
  beforeClosers.set(name, finish);
}

/** Registers how to end an open stream when the server stops; returns the function that forgets it. */
export function endOnStop(end: () => void): () => void {
  streams.add(end);
  return () => streams.delete(end);
}
