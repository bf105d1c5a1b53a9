/**
 * Live product changes for one web server: a dedicated PostgreSQL connection LISTENs on the
 * `products` channel (the `products_notify` trigger announces every insert, update and delete,
 * whoever makes it) and hands each change to this process's listeners. NOTIFY reaches every
 * listening server, so a sale through one server shows on pages served by another. The storefront's
 * live availability and the owner's live stock table both read it.
 */
import { withPassword } from "@souls/db";
import pg from "pg";
import { z } from "zod";

export const PRODUCT_CHANNEL = "products";

/** The listening connection's application_name. */
export const LISTENER_NAME = "souls product changes";

/** One row of `products` changed, as the `products_notify` trigger announces it. */
export interface ProductChange {
  id: number;
  slug: string;
  reference: string;
  /** stock − reserved; 0 once archived or deleted. */
  available: number;
  /** Pieces held by unpaid orders (reserved); null from a notification of before 2026-11-28T22-00. */
  held: number | null;
  operation: "insert" | "update" | "delete";
  /**
   * Only the stock columns moved (a hold, a sale, a hold given back): what a page shows of the
   * model is its availability, so if that is unchanged, so is the page (a held piece paid for).
   */
  stockOnly: boolean;
}

export interface ProductChangeSource {
  /** Calls `listener` for every change of a product row until the returned function is called. */
  subscribe(listener: (change: ProductChange) => void): () => void;
}

/**
 * Also told of every change of what the shop shows: a product row, or one of the tables a
 * `notify_catalogue_change` trigger watches (texts, photos, series, the seller's identity): the
 * product's change, or null for another table's.
 */
export interface CatalogueChangeSource extends ProductChangeSource {
  subscribeToAll(listener: (change: ProductChange | null) => void): () => void;
}

/** A statement on a watched table other than `products`, as `notify_catalogue_change` announces it. */
const catalogueChangeSchema = z.object({ operation: z.literal("catalogue"), table: z.string().max(100) });

const productChangeSchema = z.object({
  id: z.int(),
  slug: z.string().max(200),
  reference: z.string().max(200),
  available: z.int(),
  held: z.int().nullable().default(null),
  operation: z.enum(["insert", "update", "delete"]),
  // Absent from a notification of before its migration (2026-11-28T08-30): any change, then.
  stockOnly: z.boolean().default(false),
});

/** A notification's payload as a ProductChange, or null if it is not one (never throws). */
export function parseProductChange(payload: string | undefined): ProductChange | null {
  if (!payload) return null;
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = productChangeSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

function isCatalogueChange(payload: string | undefined): boolean {
  try {
    return catalogueChangeSchema.safeParse(JSON.parse(payload ?? "")).success;
  } catch {
    return false;
  }
}

export interface ListenOptions {
  /** The database password when it is not in the URL (DATABASE_PASSWORD_FILE); wins over the URL's. */
  password?: string;
  /** First wait before reconnecting after the connection dropped; doubles up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** Called each time the connection listens again (first time included). */
  onListening?: () => void;
  /** Connection problems and listener failures; the default logs them. */
  onError?: (error: Error) => void;
}

export type ListeningProductChangeSource = CatalogueChangeSource & {
  /**
   * Which unbroken stretch of listening this is, or null while disconnected: as long as it
   * returns the same number, no change has been missed.
   */
  connection(): number | null;
  /**
   * Resolves true once every change committed before the call has reached the listeners, false
   * if the connection is down or drops meanwhile. It is a round trip on the listening connection:
   * PostgreSQL hands a session the notifications it has pending before it answers (postgres.c,
   * before ReadyForQuery), and a committed change has signalled every listener before its commit
   * returned. Calls made while a round trip waits to be sent share it.
   */
  catchUp(): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * Resolves once the connection listens, so a change made after it is never missed; rejects if
 * the first connection fails. Later drops reconnect with a growing delay (changes made while
 * disconnected are lost: the admin page reloads its table on the next one).
 */
export async function listenToProductChanges(
  databaseUrl: string,
  options: ListenOptions = {},
): Promise<ListeningProductChangeSource> {
  const minRetryMs = options.minRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const report =
    options.onError ?? ((error: Error) => console.error("[live] product changes:", error.message));
  const listeners = new Set<(change: ProductChange) => void>();
  const everyChange = new Set<(change: ProductChange | null) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let connections = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The round trip on its way (or done), and the next one, shared until it is sent. */
  let sent: Promise<unknown> = Promise.resolve();
  let waiting: Promise<boolean> | undefined;

  /** One failing page must not keep the change from the others, nor break the connection. */
  function tell<T extends unknown[]>(listener: (...values: T) => void, ...values: T) {
    try {
      listener(...values);
    } catch (error) {
      report(error instanceof Error ? error : new Error(String(error)));
    }
  }

  function fanOut(message: pg.Notification) {
    if (message.channel !== PRODUCT_CHANNEL) return;
    const change = parseProductChange(message.payload);
    if (!change && !isCatalogueChange(message.payload)) return;
    for (const listener of [...everyChange]) tell(listener, change);
    if (change) for (const listener of [...listeners]) tell(listener, change);
  }

  function dropped(which: pg.Client, error?: Error) {
    if (error) report(error);
    if (client !== which) return; // a connection we already gave up on, or closed
    client = undefined;
    if (!closed) scheduleReconnect();
  }

  function scheduleReconnect() {
    const delay = Math.min(maxRetryMs, minRetryMs * 2 ** failures);
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect().catch((error: Error) => {
        report(error);
        if (!closed) scheduleReconnect();
      });
    }, delay);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: withPassword(databaseUrl, options.password),
      keepAlive: true,
      // Named in pg_stat_activity, where its last query is mostly catchUp's (one in the URL wins).
      application_name: LISTENER_NAME,
    });
    next.on("notification", fanOut);
    // Kept for the client's whole life: an 'error' event without a listener would crash the process.
    next.on("error", (error) => dropped(next, error));
    next.on("end", () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${PRODUCT_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    connections++;
    failures = 0;
    options.onListening?.();
  }

  await connect();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    subscribeToAll(listener) {
      everyChange.add(listener);
      return () => {
        everyChange.delete(listener);
      };
    },
    connection() {
      return client ? connections : null;
    },
    catchUp() {
      // One round trip at a time; a call must wait for one sent after it, never one already sent.
      waiting ??= sent.then(() => {
        waiting = undefined;
        const current = client;
        if (!current) return false;
        const trip = current.query("SELECT 1").then(
          () => client === current,
          () => false,
        );
        sent = trip;
        return trip;
      });
      return waiting;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      everyChange.clear();
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
