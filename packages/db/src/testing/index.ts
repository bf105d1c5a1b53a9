import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { connect } from "../connection";
import type { Database, Kysely } from "../index";
import { seedProducts } from "../seed";
import { withDatabase } from "./global-setup";

/**
 * A bare pool for a test that watches its own statements: like the shop's pools, a connection the
 * database ends (a test database dropped WITH (FORCE)) is an error on that pool, never an
 * exception that fails the whole run.
 */
export function watchedPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

export interface TestDatabase {
  db: Kysely<Database>;
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database cloned from the run's template (fast: a file copy). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject("databaseServerUrl");
  const name = `souls_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDatabase")}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const db = connect(url, { maxConnections: 5 });
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The usual set-up of a test file: a fresh database with the four models, created before the
 * file's tests and dropped after them. Read `t.db` and `t.url` inside tests and hooks.
 */
export function seededTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  const ready = () => {
    if (!current) throw new Error("The test database exists inside tests and hooks only");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
    await seedProducts(current.db);
  });
  afterAll(() => current?.drop());
  return {
    get db() {
      return ready().db;
    },
    get url() {
      return ready().url;
    },
    drop: () => ready().drop(),
  };
}
