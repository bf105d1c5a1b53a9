import { readFileSync } from "node:fs";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { preparedStatementsOn } from "./prepared";
import type { Database } from "./schema";

export type { Kysely, Transaction } from "kysely";

// A `date` (a review's day of experience) stays the "YYYY-MM-DD" PostgreSQL writes: node-postgres
// would make it a Date at midnight in the server's own time zone, a day off west of Greenwich.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export interface ConnectOptions {
  /** Pool size per process; the default suits a web server on a small machine. */
  maxConnections?: number;
  /** The password, when it is kept out of the URL (DATABASE_PASSWORD_FILE); wins over the URL's. */
  password?: string;
}

/**
 * Reads the database password from a secret file (Docker and Kubernetes secrets): the whole
 * content, any characters, without its trailing line break. Errors name the setting and the file,
 * never what it holds.
 */
export function readPasswordFile(file: string, setting = "DATABASE_PASSWORD_FILE"): string {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new Error(`${setting}: cannot read ${file} (${code})`);
  }
  const password = content.replace(/(\r?\n)+$/, "");
  if (!password) throw new Error(`${setting}: ${file} is empty`);
  return password;
}

/**
 * The connection string with `password` in it. node-postgres lets a password in the URL win over
 * one given beside it (and an URL without one blank it), so the password goes into the URL,
 * percent-encoded: any character survives, and it replaces whatever password the URL had.
 */
export function withPassword(databaseUrl: string, password: string | undefined): string {
  if (password === undefined) return databaseUrl;
  const url = new URL(databaseUrl);
  url.password = encodeURIComponent(password);
  // A URL without a host (a Unix socket given as ?host=) cannot hold a password: a parameter can.
  if (!url.password) url.searchParams.set("password", password);
  return url.toString();
}

/** The pool behind each connection made by `connect`, for the metrics (`poolStatsOf`). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

export function connect(databaseUrl: string, options: ConnectOptions = {}): Kysely<Database> {
  const pool = createPool(databaseUrl, options);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return db;
}

/** A pool's connections right now: open, idle among them, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The pool of a connection made by `connect` (undefined for any other). */
export function poolStatsOf(db: Kysely<Database>): PoolStats | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createPool(databaseUrl: string, options: ConnectOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: withPassword(databaseUrl, options.password),
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
    preparedStatementsOn(client);
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
