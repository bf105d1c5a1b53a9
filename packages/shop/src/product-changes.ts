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

/** One row of `products` changed, as the `products_notify` trigger announces it. */
export interface ProductChange {
  id: number;
  slug: string;
  reference: string;
  /** stock − reserved; 0 once archived or deleted. */
  available: number;
  operation: "insert" | "update" | "delete";
}

export interface ProductChangeSource {
  /** Calls `listener` for every change until the returned function is called. */
  subscribe(listener: (change: ProductChange) => void): () => void;
}

const productChangeSchema = z.object({
  id: z.int(),
  slug: z.string().max(200),
  reference: z.string().max(200),
  available: z.int(),
  operation: z.enum(["insert", "update", "delete"]),
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

export type ListeningProductChangeSource = ProductChangeSource & {
  /**
   * Which unbroken stretch of listening this is, or null while disconnected: as long as it
   * returns the same number, no change has been missed.
   */
  connection(): number | null;
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
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let connections = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function fanOut(message: pg.Notification) {
    if (message.channel !== PRODUCT_CHANNEL) return;
    const change = parseProductChange(message.payload);
    if (!change) return;
    for (const listener of [...listeners]) {
      // One failing page must not keep the change from the others, nor break the connection.
      try {
        listener(change);
      } catch (error) {
        report(error instanceof Error ? error : new Error(String(error)));
      }
    }
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
    connection() {
      return client ? connections : null;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      listeners.clear();
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
