/**
 * Vitest global setup for integration tests: one real PostgreSQL server (embedded unless
 * DATABASE_URL names one) and one migrated template database that each test file clones.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect } from "../connection";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "../embedded";
import { migrateToLatest } from "../migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    embedded = await startEmbeddedPostgres({
      dataDir: mkdtempSync(path.join(tmpdir(), "souls-test-db-")),
      temporary: true,
    });
    serverUrl = embedded.serverUrl;
  }

  const template = `souls_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const db = connect(withDatabase(serverUrl, template), { maxConnections: 1 });
  await migrateToLatest(db);
  await db.destroy();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
  };
}
