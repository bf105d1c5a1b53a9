import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type { Kysely, Transaction } from "kysely";

export interface ConnectOptions {
  /** Pool size per process; the default suits a web server on a small machine. */
  maxConnections?: number;
}

export function connect(databaseUrl: string, options: ConnectOptions = {}): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPool(databaseUrl, options) }),
    plugins: [new CamelCasePlugin()],
  });
}

export function createPool(databaseUrl: string, options: ConnectOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Fail fast when the database is unreachable instead of queueing forever.
    connectionTimeoutMillis: 5_000,
  });
  // A connection that loses its server must not crash the process. The pool listens to its idle
  // clients only: a checked-out one between two statements (a transaction doing work in Node)
  // would throw its error event at the process. So each client listens itself; its next query
  // fails instead, and the request answers 503.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", (error) => console.error("[db] connection lost:", error.message));
  });
  return pool;
}

/** PostgreSQL error classes meaning "no server to talk to right now" (not a bad query). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const UNAVAILABLE_NETWORK = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * Whether an error means the database is unreachable or shutting down (an outage, answered with
 * 503 and retried), as opposed to a bug or a refused query.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08") || UNAVAILABLE_NETWORK.has(code))
    ) {
      return true;
    }
    if (
      typeof message === "string" &&
      // "is not queryable": a transaction's ROLLBACK on a connection the server already closed.
      /Connection terminated|is not queryable|timeout exceeded when trying to connect|the database system is (shutting down|starting up)/i.test(
        message,
      )
    ) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
