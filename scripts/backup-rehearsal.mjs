#!/usr/bin/env node
/**
 * The nightly backup's rehearsal (docker/backup/backup.sh, compose's `backup` service): on a
 * throwaway PostgreSQL whose client tools match it, a migrated shop database with a sample order
 * is dumped by `backup.sh now` (with its 14-day clean-up), restored by the documented
 * `backup.sh restore` into a fresh database — which must equal the source, table by table — and an
 * existing database is never replaced without `--replace`. Moved here, unchanged, from the
 * Dockerfile interpreter scripts/smoke-deploy.mjs when the real image replaced it (decision 053).
 *
 *   node scripts/backup-rehearsal.mjs [--keep]
 *
 * The server and tools are PG_BINDIR when set, else Debian's PostgreSQL (installed, or unpacked
 * from its packages into .cache/ — not installed, so no cluster or port is taken). In production,
 * pg_dump comes from the server's own postgres image, so the two always match there.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The backup service's script, as compose mounts it (./backup:/backup:ro).
const BACKUP_SCRIPT = "docker/backup/backup.sh";
const keep = process.argv.includes("--keep");

const started = Date.now();
const timings = [];
/** Every process started here, each in its own process group, so stopping one stops all it started. */
const processes = new Set();
let workDir;

class RehearsalFailure extends Error {}
const fail = (message) => {
  throw new RehearsalFailure(message);
};

/** Runs one named step, timing it. */
async function step(name, action) {
  const begun = Date.now();
  process.stdout.write(`▸ ${name}\n`);
  const result = await action();
  const seconds = (Date.now() - begun) / 1000;
  timings.push([name, seconds]);
  process.stdout.write(`  ✓ ${seconds.toFixed(1)}s\n`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Processes: captured output, own process group, never left behind.

/**
 * The environment a container starts with: nothing of this shell's but what reaching the registry
 * needs (no npm_config_* from `npm test`, no tools from the work tree's node_modules/.bin).
 */
function baseEnv() {
  const PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((folder) => folder && !path.resolve(folder).startsWith(`${ROOT}${path.sep}`))
    .join(path.delimiter);
  const env = {
    PATH,
    HOME: process.env.HOME ?? "/root",
    LANG: "C.UTF-8",
  };
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  for (const name of ["SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "TMPDIR"]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

function start(label, command, { cwd, env, uid, gid }) {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env,
    uid,
    gid,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const entry = { label, child, output: [], exited: undefined };
  const remember = (chunk) => {
    for (const line of chunk.toString().split("\n")) if (line) entry.output.push(line);
    if (entry.output.length > 200) entry.output.splice(0, entry.output.length - 200);
  };
  child.stdout.on("data", remember);
  child.stderr.on("data", remember);
  entry.exited = new Promise((resolve) => {
    child.on("error", (error) => {
      entry.output.push(`could not start ${command[0]}: ${error.message}`);
      resolve({ code: 127, signal: null });
    });
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  entry.exited.then(() => {
    // The group may outlive its leader (a grandchild): kept in the set until the group is gone.
    if (!groupAlive(child.pid)) processes.delete(entry);
  });
  processes.add(entry);
  return entry;
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops a process the way `docker stop` does: SIGTERM to its main process, then SIGKILL to all it started. */
async function stop(entry, { graceSeconds = 10, signalGroup = true } = {}) {
  const { pid } = entry.child;
  if (pid && groupAlive(pid)) {
    try {
      if (signalGroup) process.kill(-pid, "SIGTERM");
      else process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    for (let waited = 0; groupAlive(pid) && waited < graceSeconds * 1000; waited += 100) await sleep(100);
    if (groupAlive(pid)) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
  processes.delete(entry);
  return entry.exited;
}

/** Last words of a process, for a failure message. */
const tail = (entry, lines = 30) =>
  entry.output
    .slice(-lines)
    .map((line) => `    ${entry.label} | ${line}`)
    .join("\n");

async function run(label, command, { cwd, env, uid, gid, timeoutSeconds = 600 }) {
  const entry = start(label, command, { cwd, env, uid, gid });
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutSeconds * 1000);
  });
  const outcome = await Promise.race([entry.exited, timeout]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    await stop(entry);
    fail(`${label}: still running after ${timeoutSeconds}s\n${tail(entry)}`);
  }
  await stop(entry, { graceSeconds: 2 });
  if (outcome.code !== 0) {
    fail(`${label}: exited with ${outcome.code ?? outcome.signal}\n${tail(entry)}`);
  }
  return entry;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// A sample order (the admin's "Test Commande": hold, order, test payment, confirmation e-mail queued),
// placed through the real use cases from the build stage's sources.

async function placeSampleOrders(buildApp, urls) {
  const script = path.join(workDir, "sample-order.mts");
  writeFileSync(
    script,
    `const { connect } = await import(${JSON.stringify(path.join(buildApp, "packages/db/src/index.ts"))});
const { runSampleOrder } = await import(${JSON.stringify(path.join(buildApp, "packages/shop/src/admin/sample-order.ts"))});
for (const url of process.argv.slice(2)) {
  const db = connect(url, { maxConnections: 1 });
  const run = await runSampleOrder(db);
  await db.destroy();
  const failed = run.steps.filter((s) => !s.ok).map((s) => s.label);
  if (!run.orderNumber || failed.length) throw new Error("sample order failed: " + failed.join("; "));
  console.log("ORDER=" + run.orderNumber);
}
`,
  );
  const entry = await run("sample order", ["node", "--import", "tsx", script, ...urls], {
    cwd: buildApp,
    env: baseEnv(),
    timeoutSeconds: 600,
  });
  return entry.output.filter((line) => line.startsWith("ORDER=")).map((line) => line.slice(6));
}

// ---------------------------------------------------------------------------------------------
// The backup's rehearsal: a throwaway PostgreSQL whose client tools match it.

function pgBinDir(dir) {
  const tools = ["postgres", "initdb", "pg_dump", "pg_restore", "psql", "createdb", "dropdb", "pg_isready"];
  return tools.every((tool) => existsSync(path.join(dir, tool))) ? dir : undefined;
}

/** PG_BINDIR, else an installed Debian PostgreSQL, else Debian's packages unpacked into .cache/. */
async function findPostgresTools() {
  // Read once, by name: a rehearsal setting, not one of the app's (turbo.json knows the app's).
  const { PG_BINDIR } = process.env;
  if (PG_BINDIR) return pgBinDir(PG_BINDIR) ?? fail(`PG_BINDIR=${PG_BINDIR} lacks postgres, pg_dump…`);
  const installed = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .filter((major) => /^\d+$/.test(major))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => pgBinDir(`/usr/lib/postgresql/${major}/bin`))
        .find(Boolean)
    : undefined;
  if (installed) return installed;

  const cache = path.join(ROOT, ".cache", "smoke-deploy");
  const unpacked = existsSync(cache)
    ? readdirSync(cache)
        .filter((name) => /^postgresql-\d+$/.test(name))
        .map((name) => pgBinDir(path.join(cache, name, "usr/lib/postgresql", name.split("-")[1], "bin")))
        .find(Boolean)
    : undefined;
  if (unpacked) return unpacked;
  if (!existsSync("/usr/bin/apt-get")) {
    fail(
      "no PostgreSQL tools to rehearse the backup with: install PostgreSQL's server and client, or set PG_BINDIR",
    );
  }
  // Debian's `postgresql` names the supported major (postgresql-15 on bookworm).
  const depends = () =>
    spawnSync("apt-cache", ["depends", "postgresql"], { encoding: "utf8" }).stdout?.match(
      /Depends: postgresql-(\d+)\b/,
    )?.[1];
  let major = depends();
  if (!major && process.getuid?.() === 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
    major = depends();
  }
  if (!major) fail("apt-cache knows no `postgresql` package: run apt-get update, or set PG_BINDIR");
  const downloads = mkdtempSync(path.join(workDir, "apt-"));
  chmodSync(downloads, 0o777);
  const packages = [`postgresql-${major}`, `postgresql-client-${major}`];
  const fetched = spawnSync("apt-get", ["download", ...packages], { cwd: downloads, encoding: "utf8" });
  if (fetched.status !== 0) fail(`apt-get download ${packages.join(" ")} failed: ${fetched.stderr}`);
  const target = path.join(cache, `postgresql-${major}`);
  // Unpacked beside, then renamed: an interrupted unpack never looks complete.
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const file of readdirSync(downloads).filter((name) => name.endsWith(".deb"))) {
    const unpack = spawnSync("dpkg-deb", ["-x", path.join(downloads, file), partial], { encoding: "utf8" });
    if (unpack.status !== 0) fail(`dpkg-deb -x ${file} failed: ${unpack.stderr}`);
  }
  renameSync(partial, target);
  process.stdout.write(`  (Debian's PostgreSQL ${major} unpacked into ${path.relative(ROOT, target)})\n`);
  return pgBinDir(path.join(target, "usr/lib/postgresql", major, "bin")) ?? fail(`${target} lacks the tools`);
}

/** The user PostgreSQL runs as: this one, or `postgres` when this is root (initdb refuses root). */
function postgresUser() {
  if (process.getuid?.() !== 0) return {};
  const id = (flag) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  const uid = id("-u");
  const gid = id("-g");
  if (!Number.isInteger(uid) || uid <= 0)
    fail("running as root, but there is no `postgres` user to run PostgreSQL as");
  return { uid, gid };
}

/**
 * Starts a throwaway server with password authentication and a password of every awkward kind
 * (the secret file may hold any characters), and creates the `souls` database.
 */
async function startBackupDatabase(bindir) {
  const { uid, gid } = postgresUser();
  const folder = path.join(workDir, "backup-db");
  mkdirSync(path.join(folder, "data"), { recursive: true });
  mkdirSync(path.join(folder, "socket"), { recursive: true });
  const password = `p@ss:w/rd "dq" 'sq' \\ #?&=% ünï ${randomBytes(6).toString("hex")}`;
  const passwordFile = path.join(workDir, "postgres_password");
  // As Docker writes a secret file: the value, here with a trailing newline to be ignored.
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  writeFileSync(path.join(folder, "pwfile"), password, { mode: 0o600 });
  if (uid !== undefined) {
    for (const sub of ["", "data", "socket", "pwfile"])
      spawnSync("chown", [`${uid}:${gid}`, path.join(folder, sub)]);
  }
  const env = { ...baseEnv(), LC_ALL: "C.UTF-8" };
  await run(
    "initdb",
    [
      path.join(bindir, "initdb"),
      `--pgdata=${path.join(folder, "data")}`,
      "--username=souls",
      `--pwfile=${path.join(folder, "pwfile")}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--no-sync",
    ],
    { cwd: folder, env, uid, gid, timeoutSeconds: 600 },
  );
  const port = await freePort();
  const server = start(
    "backup-db",
    [
      path.join(bindir, "postgres"),
      "-D",
      path.join(folder, "data"),
      "-p",
      String(port),
      "-k",
      path.join(folder, "socket"),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
    ],
    { cwd: folder, env, uid, gid },
  );
  const pgEnv = {
    ...env,
    PATH: `${bindir}${path.delimiter}${env.PATH}`,
    PGHOST: "127.0.0.1",
    PGPORT: String(port),
    PGUSER: "souls",
    PGDATABASE: "souls",
    PGPASSWORD: password,
  };
  for (let waited = 0; ; waited += 200) {
    if (spawnSync(path.join(bindir, "pg_isready"), ["-q"], { env: pgEnv }).status === 0) break;
    if (waited > 600_000) fail(`the backup rehearsal's PostgreSQL did not start\n${tail(server)}`);
    await sleep(200);
  }
  await run("createdb", [path.join(bindir, "createdb"), "souls"], {
    cwd: folder,
    env: pgEnv,
    timeoutSeconds: 600,
  });
  const url = `postgres://souls:${encodeURIComponent(password)}@127.0.0.1:${port}/souls`;
  const major = spawnSync(path.join(bindir, "postgres"), ["--version"], { encoding: "utf8" }).stdout.trim();
  return { server, url, pgEnv, passwordFile, bindir, version: major };
}

/** One value from psql (tuples only, unaligned), in DATABASE. */
function psql(database, sql) {
  const result = spawnSync(
    path.join(database.bindir, "psql"),
    ["--no-psqlrc", "--tuples-only", "--no-align", "--set=ON_ERROR_STOP=1", `--dbname=${database.name}`],
    { input: sql, encoding: "utf8", env: database.env },
  );
  if (result.status !== 0) fail(`psql on ${database.name}: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * What a restore must bring back: row counts and a digest of every table's rows — but
 * `heartbeats`, where the backup records its own success after the dump (decision 044).
 */
function fingerprint(database) {
  const tables = psql(
    database,
    "SELECT string_agg(quote_ident(table_name), ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'heartbeats';",
  ).split(",");
  const lines = tables.map((table) =>
    psql(
      database,
      `SELECT '${table} ' || count(*) || ' ' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '-') FROM ${table} t;`,
    ),
  );
  return lines;
}

/**
 * The backup service's script, as compose runs it: `backup.sh now` (the nightly dump, with its
 * clean-up), then the documented restore into a fresh database, which must equal the source.
 */
async function checkBackupAndRestore(backupDb, contextDir, orderNumber) {
  const script = path.join(contextDir, BACKUP_SCRIPT);
  const backups = path.join(workDir, "backups");
  mkdirSync(backups, { recursive: true });
  // Dumps of 15 and 13 days ago: the clean-up after the new dump keeps the last 14 days only.
  const old = path.join(backups, "souls-2000-01-01T000000Z.dump");
  const recent = path.join(backups, "souls-2000-01-02T000000Z.dump");
  for (const [file, days] of [
    [old, 15],
    [recent, 13],
  ]) {
    writeFileSync(file, "");
    const when = new Date(Date.now() - days * 86_400_000 - 60_000);
    utimesSync(file, when, when);
  }
  // As the compose service sets it: the password from the secret file, none in the environment.
  const { PGPASSWORD: _, ...pgEnv } = backupDb.pgEnv;
  const env = {
    ...pgEnv,
    POSTGRES_PASSWORD_FILE: backupDb.passwordFile,
    BACKUP_DIR: backups,
    BACKUP_KEEP_DAYS: "14",
  };
  const sh = (label, args, timeoutSeconds = 600) =>
    run(label, ["/bin/sh", script, ...args], { cwd: workDir, env, timeoutSeconds });

  await sh("backup.sh now", ["now"]);
  const dumps = readdirSync(backups).filter((name) => /^souls-\d{4}-\d\d-\d\dT\d{6}Z\.dump$/.test(name));
  const fresh = dumps.filter((name) => !name.startsWith("souls-2000-"));
  if (fresh.length !== 1)
    fail(`backup.sh now left ${fresh.length} new dumps in ${backups}: ${dumps.join(", ")}`);
  if (existsSync(old)) fail("backup.sh kept a dump older than 14 days");
  if (!existsSync(recent)) fail("backup.sh removed a dump younger than 14 days");

  await sh("backup.sh restore", ["restore", "latest", "souls_restored"]);
  // The live database is never replaced by accident: an existing target needs --replace.
  const refused = await sh("backup.sh restore (exists)", ["restore", "latest", "souls_restored"]).then(
    () => false,
    () => true,
  );
  if (!refused) fail("backup.sh restore replaced an existing database without --replace");
  await sh("backup.sh restore --replace", ["restore", "--replace", fresh[0], "souls_restored"]);

  const database = (name) => ({ name, bindir: backupDb.bindir, env: backupDb.pgEnv });
  const source = fingerprint(database("souls"));
  const restored = fingerprint(database("souls_restored"));
  if (JSON.stringify(source) !== JSON.stringify(restored)) {
    fail(
      `the restored database differs:\n  source   ${source.join("\n           ")}\n  restored ${restored.join("\n           ")}`,
    );
  }
  // The good dump is recorded for the metrics' souls_backup_last_success_timestamp_seconds.
  const recorded = psql(
    database("souls"),
    "SELECT count(*) FROM heartbeats WHERE name = 'backup' AND beaten_at > now() - interval '10 minutes';",
  );
  if (recorded !== "1") fail("backup.sh did not record its success in the heartbeats table");
  const orders = psql(
    database("souls_restored"),
    `SELECT count(*) FROM orders WHERE order_number = '${orderNumber.replace(/'/g, "''")}';`,
  );
  if (orders !== "1") fail(`the restored database lacks the sample order ${orderNumber}`);
  const count = (name) => source.find((line) => line.startsWith(`${name} `))?.split(" ")[1];
  return `${fresh[0]}: ${source.length} tables, ${count("products")} products, ${count("orders")} order(s) restored equal; 15-day-old dump removed, 13-day-old kept`;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  workDir = mkdtempSync(path.join(tmpdir(), "souls-backup-"));
  // As root, PostgreSQL runs as the `postgres` user, who must reach its folders here.
  chmodSync(workDir, 0o755);
  console.log(`Rehearsing ${BACKUP_SCRIPT} in ${workDir}`);
  const pgTools = await step("PostgreSQL tools for the backup", async () => {
    const bindir = await findPostgresTools();
    process.stdout.write(`  ${bindir}\n`);
    return bindir;
  });
  const backupDb = await step(
    "a throwaway PostgreSQL (a password with every awkward character)",
    async () => {
      const server = await startBackupDatabase(pgTools);
      process.stdout.write(`  ${server.version}\n`);
      return server;
    },
  );
  await step("migration (packages/db's, from the sources)", () =>
    run("migrate", ["npx", "tsx", "src/cli/migrate.ts"], {
      cwd: path.join(ROOT, "packages/db"),
      env: { ...process.env, DATABASE_URL: backupDb.url, SHOP_ENV_FILE: "none" },
      timeoutSeconds: 600,
    }),
  );
  const [orderNumber] = await step("a sample order (the admin's Test Commande)", async () => {
    const numbers = await placeSampleOrders(ROOT, [backupDb.url]);
    if (numbers.length !== 1) fail(`the test order gave ${numbers.join(", ") || "no order number"}`);
    process.stdout.write(`  ${numbers[0]}\n`);
    return numbers;
  });
  await step(`backup and restore (${BACKUP_SCRIPT} now, then restore into a fresh database)`, async () => {
    process.stdout.write(`  ${await checkBackupAndRestore(backupDb, ROOT, orderNumber)}\n`);
  });
  await step("stop the database", async () => {
    // SIGINT: PostgreSQL's fast shutdown.
    process.kill(backupDb.server.child.pid, "SIGINT");
    const stopped = await stop(backupDb.server, { signalGroup: false, graceSeconds: 60 });
    if (stopped.code !== 0) fail(`PostgreSQL ended with ${stopped.code ?? stopped.signal}`);
  });
}

/** Stops whatever still runs and removes the work folder; synchronous, so it also works on the way out. */
function cleanUpSync() {
  for (const entry of processes) {
    try {
      process.kill(-entry.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  processes.clear();
  if (workDir && !keep) rmSync(workDir, { recursive: true, force: true });
}

async function cleanUp() {
  await Promise.all([...processes].map((entry) => stop(entry, { graceSeconds: 10 })));
  cleanUpSync();
}

process.on("exit", cleanUpSync);
let interrupted;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = signal;
    console.error(`\n${signal}: stopping everything`);
    cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
  await step(keep ? "clean up (folder kept)" : "clean up", cleanUp);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n✓ backup rehearsal passed in ${total}s`);
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)}s  ${name}`);
  if (keep) console.log(`  folder kept: ${workDir}`);
  process.exit(0);
} catch (error) {
  await cleanUp();
  if (interrupted) process.exit(130);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  const message = error instanceof RehearsalFailure ? error.message : (error?.stack ?? String(error));
  console.error(`\n✗ backup rehearsal failed after ${total}s: ${message}`);
  process.exit(1);
}
