/**
 * The point-in-time recovery rehearsed on PostgreSQL 18 (decision 054): a server archiving its WAL
 * with docker/backup/pitr.sh as production's does (archive_timeout = 60), the shop's migrations,
 * orders placed and paid through the shop's own use cases (each with its invoice), a base backup
 * taken while orders are placed, more orders, a target second, orders after it, the data folder
 * destroyed, then `pitr.sh restore` to the target and the server started on what it laid out:
 * every order and invoice up to the target is back, the orders after it are not, and the shop
 * goes on numbering from there. Prints the measured times docs/deploy.md quotes.
 *
 * The embedded package's PostgreSQL 18 runs the servers; psql is the machine's (any version
 * speaks to 18 for this), installed from Debian's packages when missing and running as root.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type Database, type Kysely, migrateToLatest, seedProducts } from "@souls/db";
import { freePort, postgresBinDir } from "@souls/db/embedded";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUNG_MS, WAIT_MS } from "../../../vitest.shared";
import { readShopGauges } from "./metrics";
import { placePaidOrder } from "./testing";

const SCRIPT = fileURLToPath(new URL("../../../docker/backup/pitr.sh", import.meta.url));
const BIN = postgresBinDir();

/** PostgreSQL refuses to run as root: then the servers and the script run as `postgres`. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** The folder of a psql: the newest Debian one, else PATH's, else Debian's client installed (as root). */
function psqlDir(): string {
  const debian = "/usr/lib/postgresql";
  const installed = () =>
    existsSync(debian)
      ? readdirSync(debian)
          .filter((major) => /^\d+$/.test(major))
          .sort((a, b) => Number(b) - Number(a))
          .map((major) => `${debian}/${major}/bin`)
          .find((dir) => existsSync(`${dir}/psql`))
      : undefined;
  const found = installed() ?? onPath("psql");
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
    const apt = spawnSync("apt-get", ["install", "-y", "-qq", "postgresql-client"], { encoding: "utf8" });
    if (apt.status !== 0) throw new Error(`apt-get install postgresql-client failed: ${apt.stderr}`);
  }
  const after = installed() ?? onPath("psql");
  if (!after)
    throw new Error("no psql to take a base backup with: install PostgreSQL's client (postgresql-client)");
  return after;
}

function onPath(program: string): string | undefined {
  const which = spawnSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

/**
 * Found (or installed) as the file is loaded, outside any test's or hook's time: installing
 * Debian's client on a fresh machine is no test's slowness.
 */
const psqlBin = psqlDir();

interface Server {
  process: ChildProcess;
  port: number;
  url: string;
  log: string[];
  exited: Promise<void>;
}

const user = postgresUser();
let root: string;
let archive: string;

/** The environment of the servers and the script: the archive, the connection, psql. */
function scriptEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${psqlBin}${path.delimiter}${process.env.PATH}`,
    WAL_ARCHIVE_DIR: archive,
    PGDATA: dataDir,
    PGHOST: "127.0.0.1",
    PGPORT: String(port),
    PGUSER: "postgres",
    PGDATABASE: "souls",
    LC_ALL: "C.UTF-8",
  };
}

/** Runs pitr.sh as PostgreSQL's user; resolves with its output, rejects with it on failure. */
function pitr(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", [SCRIPT, ...args], { cwd: root, env, ...user });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pitr.sh ${args[0]} exited ${code}:\n${output}`)),
    );
  });
}

/** Starts PostgreSQL 18 on `dataDir` as production runs it: archiving through pitr.sh every minute. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(
    path.join(BIN, "postgres"),
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      root,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "archive_mode=on",
      "-c",
      `archive_command=sh ${SCRIPT} archive-wal %p %f`,
      "-c",
      "archive_timeout=60",
    ],
    { cwd: root, env: scriptEnv(port, dataDir), ...user },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      log.push(...chunk.toString().trimEnd().split("\n"));
      if (log.length > 60) log.splice(0, log.length - 60);
    });
  }
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = `postgres://postgres@127.0.0.1:${port}/souls`;
  const server = { process: child, port, url, log, exited };
  await waitFor("PostgreSQL to accept connections", async () => {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited:\n${log.join("\n")}`);
    return (await query(server, "postgres", "SELECT 1 AS one").catch(() => undefined)) !== undefined;
  });
  return server;
}

async function query<Row extends pg.QueryResultRow>(
  server: Pick<Server, "port">,
  database: string,
  text: string,
): Promise<Row[]> {
  const client = new pg.Client({ host: "127.0.0.1", port: server.port, user: "postgres", database });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Polls `check` until it holds, for as long as a slow machine may need (WAIT_MS × 2). */
async function waitFor(what: string, check: () => Promise<boolean>, bound = WAIT_MS * 2): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check()) return;
    if (Date.now() - started > bound) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** What must come back: every order and its invoice, as the shop wrote them. */
async function ordersAndInvoices(db: Kysely<Database>) {
  const orders = await db
    .selectFrom("orders")
    .select(["id", "orderNumber", "status", "totalCents", "email"])
    .orderBy("id")
    .execute();
  const invoices = await db
    .selectFrom("invoices")
    .select(["orderId", "number", "issuedAt", "totalCents"])
    .orderBy("id")
    .execute();
  const confirmations = await db
    .selectFrom("emailQueue")
    .select(["orderId"])
    .where("type", "=", "order_confirmation")
    .orderBy("id")
    .execute();
  return { orders, invoices, confirmations };
}

describe("point-in-time restore on PostgreSQL 18 (docker/backup/pitr.sh)", () => {
  let primary: Server;
  let restored: Server | undefined;
  let db: Kysely<Database>;
  const models = ["aicha", "nadia", "bilin", "ilian"] as const;
  const placed: string[] = [];
  let kept: Awaited<ReturnType<typeof ordersAndInvoices>>;
  let target: Date;
  const afterTarget: string[] = [];
  const times: Record<string, string> = {};

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "souls-pitr-"));
    chmodSync(root, 0o755);
    archive = path.join(root, "archive");
    const dataDir = path.join(root, "data");
    mkdirSync(dataDir, { mode: 0o700 });
    if (user.uid !== undefined && user.gid !== undefined) {
      chownSync(root, user.uid, user.gid);
      chownSync(dataDir, user.uid, user.gid);
    }
    const init = spawnSync(
      path.join(BIN, "initdb"),
      ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
      { cwd: root, encoding: "utf8", ...user },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    await pitr(["init"], scriptEnv(0, dataDir));
    primary = await startServer(dataDir);
    await query(primary, "postgres", "CREATE DATABASE souls");
    db = connect(primary.url, { maxConnections: 4 });
    await migrateToLatest(db);
    await seedProducts(db);
  });

  afterAll(async () => {
    await db?.destroy().catch(() => {});
    for (const server of [primary, restored]) {
      if (server && server.process.exitCode === null && server.process.signalCode === null) {
        server.process.kill("SIGINT");
        await server.exited;
      }
    }
    if (root) rmSync(root, { recursive: true, force: true });
    console.log(`point-in-time restore, measured: ${JSON.stringify(times)}`);
  });

  it("archives the WAL of orders placed through the shop's use cases", async () => {
    for (const model of models) placed.push((await placePaidOrder(db, { model })).orderNumber);
    await sql`SELECT pg_switch_wal()`.execute(db);
    // What the metrics read (pg_stat_archiver): a success, no failure, and the segment in the archive.
    await waitFor(
      "pg_stat_archiver to count a segment archived",
      async () => (await readShopGauges(db)).walArchiveLastSuccess > 0,
    );
    expect((await readShopGauges(db)).walArchiveLastFailure).toBe(0);
    const segments = readdirSync(path.join(archive, "wal")).filter((name) => /^[0-9A-F]{24}\.gz$/.test(name));
    expect(segments.length).toBeGreaterThan(0);
  });

  it("takes a base backup while the shop takes orders, and records it", async () => {
    const started = Date.now();
    const backup = pitr(["base"], scriptEnv(primary.port, path.join(root, "data")));
    // The shop does not stop for its backup: orders keep coming while the data folder is copied.
    for (const model of models) placed.push((await placePaidOrder(db, { model })).orderNumber);
    await backup;
    times.baseBackupSeconds = seconds(started);
    const bases = readdirSync(path.join(archive, "base"));
    const tarball = path.join(archive, "base", bases[0] ?? "", "base.tar.gz");
    times.baseBackupMegabytes = (statSync(tarball).size / 1e6).toFixed(1);
    expect(bases).toHaveLength(1);
    expect(readdirSync(path.join(archive, "base", bases[0] ?? "")).sort()).toEqual([
      "backup_label",
      "base.tar.gz",
      "started",
      "stopped_at",
    ]);
    expect((await readShopGauges(db)).baseBackupLastSuccess).toBeGreaterThan(started / 1000 - 1);
  });

  it(
    "archives the orders after the target within archive_timeout (a minute), without being asked",
    async () => {
      for (const model of models) placed.push((await placePaidOrder(db, { model })).orderNumber);
      kept = await ordersAndInvoices(db);
      expect(kept.orders.map((order) => order.orderNumber)).toEqual(placed);
      expect(kept.invoices).toHaveLength(placed.length);
      // The target: the next whole second after the last order kept. The disaster's orders come a
      // second after it, on the same clock as PostgreSQL's.
      target = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
      await waitFor("the clock to pass the target", async () => Date.now() > target.getTime() + 1000);
      for (const model of ["aicha", "nadia"] as const) {
        afterTarget.push((await placePaidOrder(db, { model })).orderNumber);
      }
      const written = Date.now();
      const [{ segment } = { segment: "" }] = await query<{ segment: string }>(
        primary,
        "souls",
        "SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment",
      );
      // No pg_switch_wal here: archive_timeout alone sends the last orders off the host.
      await waitFor(
        `segment ${segment} archived by archive_timeout`,
        async () => {
          const [row] = await query<{ last: string | null }>(
            primary,
            "souls",
            "SELECT last_archived_wal AS last FROM pg_stat_archiver",
          );
          return row?.last?.length === 24 && row.last >= segment;
        },
        HUNG_MS,
      );
      times.lastOrdersArchivedAfterSeconds = seconds(written);
    },
    HUNG_MS * 2,
  );

  it(
    "restores to the second before the disaster: every order and invoice back, none after",
    async () => {
      // The disk dies: the server is killed and its data folder destroyed.
      await db.destroy();
      primary.process.kill("SIGKILL");
      await primary.exited;
      rmSync(path.join(root, "data"), { recursive: true, force: true });

      const restoredDir = path.join(root, "restored");
      const targetText = target.toISOString().replace("T", " ").replace(".000Z", "+00");
      let started = Date.now();
      await pitr(["restore", targetText, restoredDir], scriptEnv(0, restoredDir));
      times.restoreSeconds = seconds(started);

      started = Date.now();
      restored = await startServer(restoredDir);
      const server = restored;
      await waitFor("the replay to reach the target and the server to open", async () => {
        const [row] = await query<{ recovering: boolean }>(
          server,
          "souls",
          "SELECT pg_is_in_recovery() AS recovering",
        ).catch(() => []);
        return row?.recovering === false;
      });
      times.replaySeconds = seconds(started);
      expect(server.log.join("\n")).toMatch(/recovery stopping before commit/);

      db = connect(server.url, { maxConnections: 4 });
      const back = await ordersAndInvoices(db);
      expect(back).toEqual(kept);
      const numbers = back.orders.map((order) => order.orderNumber);
      for (const lost of afterTarget) expect(numbers).not.toContain(lost);

      // The shop goes on from there: the next order is numbered after the last one restored, and
      // the restored server archives again (on its new timeline).
      const next = await placePaidOrder(db, { model: "bilin" });
      const invoice = await db
        .selectFrom("invoices")
        .select("number")
        .where("orderId", "=", next.id)
        .executeTakeFirstOrThrow();
      const lastKept = kept.invoices.at(-1)?.number ?? "";
      const serial = (number: string) => Number(number.replace(/^\D+/, ""));
      expect(serial(invoice.number)).toBe(serial(lastKept) + 1);
      await sql`SELECT pg_switch_wal()`.execute(db);
      await waitFor("the new timeline archived", async () =>
        readdirSync(path.join(archive, "wal")).some((name) => /^00000002.*\.gz$/.test(name)),
      );
    },
    // A restore and a replay, each waited for up to WAIT_MS × 2 (decision 034's heaviest bound).
    HUNG_MS * 2,
  );
});

describe("pitr.sh's rules for the archive (no server needed)", () => {
  let folder: string;
  let env: NodeJS.ProcessEnv;
  const run = (args: string[]) => spawnSync("sh", [SCRIPT, ...args], { cwd: folder, env, encoding: "utf8" });
  const daysAgo = (days: number, plusMinutes = 0) =>
    new Date(Date.now() - days * 86_400_000 + plusMinutes * 60_000);

  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), "souls-pitr-rules-"));
    env = {
      ...process.env,
      WAL_ARCHIVE_DIR: path.join(folder, "archive"),
      PGDATA: path.join(folder, "data"),
    };
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("archives nothing where the archive's mark is missing (its storage not mounted)", () => {
    const segment = path.join(folder, "segment");
    writeFileSync(segment, "a WAL segment");
    const refused = run(["archive-wal", segment, "000000010000000000000001"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/is the off-host storage mounted/);
    expect(existsSync(path.join(folder, "archive", "wal"))).toBe(false);
  });

  it("never overwrites a segment with another content, and accepts the same one again", () => {
    expect(run(["init"]).status).toBe(0);
    const segment = path.join(folder, "segment");
    writeFileSync(segment, "a WAL segment");
    expect(run(["archive-wal", segment, "000000010000000000000001"]).status).toBe(0);
    expect(run(["archive-wal", segment, "000000010000000000000001"]).status).toBe(0);
    writeFileSync(segment, "another WAL segment");
    const refused = run(["archive-wal", segment, "000000010000000000000001"]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/refusing to overwrite/);
    const back = path.join(folder, "back");
    expect(run(["restore-wal", "000000010000000000000001", back]).status).toBe(0);
    expect(readFileSync(back, "utf8")).toBe("a WAL segment");
    // A segment the archive does not hold is a quiet no: the end of the replay.
    expect(run(["restore-wal", "000000010000000000000009", back]).status).not.toBe(0);
  });

  it("keeps 14 days: the newest base backup older than the window, those after it, and the WAL from its start", () => {
    const archive = path.join(folder, "archive");
    const base = (name: string, stoppedDaysAgo: number) => {
      const dir = path.join(archive, "base", name);
      mkdirSync(dir, { recursive: true });
      const stopped = daysAgo(stoppedDaysAgo);
      writeFileSync(path.join(dir, "stopped_at"), String(Math.floor(stopped.getTime() / 1000)));
      writeFileSync(path.join(dir, "started"), "");
      const started = new Date(stopped.getTime() - 60_000);
      utimesSync(path.join(dir, "started"), started, started);
    };
    const wal = (name: string, archived: Date) => {
      writeFileSync(path.join(archive, "wal", name), "");
      utimesSync(path.join(archive, "wal", name), archived, archived);
    };
    base("2026-11-08T033000Z", 20);
    base("2026-11-13T033000Z", 15);
    base("2026-11-18T033000Z", 10);
    base("2026-11-27T033000Z", 1);
    wal("00000001000000000000000A.gz", daysAgo(20, -60));
    wal("00000001000000000000000B.gz", daysAgo(15, -10));
    wal("00000001000000000000000C.gz", daysAgo(15, 5));
    wal("00000001000000000000000D.gz", daysAgo(5));
    wal("00000002.history.gz", daysAgo(20));
    wal("00000001000000000000000E.gz.partial", daysAgo(2));

    const pruned = run(["prune"]);
    expect(pruned.status, pruned.stderr).toBe(0);
    expect(readdirSync(path.join(archive, "base")).sort()).toEqual([
      "2026-11-13T033000Z",
      "2026-11-18T033000Z",
      "2026-11-27T033000Z",
    ]);
    expect(readdirSync(path.join(archive, "wal")).sort()).toEqual([
      "000000010000000000000001.gz", // the segment of the rules test above, archived just now
      "00000001000000000000000C.gz",
      "00000001000000000000000D.gz",
      "00000002.history.gz",
    ]);
  });

  it("restores only into an empty folder, from a base backup finished before the target", () => {
    const refused = run(["restore", "2026-01-01 00:00:00+00", path.join(folder, "restored")]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/no base backup finished before/);
    mkdirSync(path.join(folder, "busy"));
    writeFileSync(path.join(folder, "busy", "PG_VERSION"), "18");
    const busy = run(["restore", "latest", path.join(folder, "busy")]);
    expect(busy.status).not.toBe(0);
    expect(busy.stderr).toMatch(/is not empty/);
    const injected = run(["restore", "2026-11-28 10:00:00+00'; DROP", path.join(folder, "restored")]);
    expect(injected.status).not.toBe(0);
    expect(injected.stderr).toMatch(/not a time/);
  });
});
