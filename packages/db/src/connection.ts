import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type { Kysely, Transaction } from "kysely";

export interface ConnectOptions {
  /** Pool size per process; the default suits a web server on a small machine. */
  maxConnections?: number;
}

export function connect(databaseUrl: string, options: ConnectOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Fail fast when the database is unreachable instead of queueing forever.
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server must not crash the process.
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
}
