/**
 * Exceptions reported to Sentry (decision 056), proven with the production bundles against a
 * local endpoint that speaks Sentry's ingestion protocol: it receives each envelope the SDK sends
 * (`POST /api/<project>/envelope/`), and the test reads them. Needs the builds
 * (`npx turbo run build --filter=@souls/web --filter=@souls/worker`); a fresh embedded PostgreSQL
 * is started by `with-database`, and each scenario breaks a database of its own.
 *
 *   node --test deploy/error-reporting.test.mjs
 *
 * For each of the migration, a worker job and a web route: an exception arrives with the release
 * (SOULS_VERSION) and a stack trace whose frames name the TypeScript sources (the bundles' source
 * maps, `node --enable-source-maps`); the personal data a request or an error carries never
 * appears in what was sent. Without SENTRY_DSN, nothing is sent and the SDK is never loaded.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { freePort, waitFor as waitWithin } from "./testing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MIGRATE = path.join(ROOT, "packages/db/dist/migrate.mjs");
const WORKER = path.join(ROOT, "apps/worker/dist/main.mjs");
const REPORTING = path.join(ROOT, "packages/db/dist/error-reporting.mjs");
const WEB_BUILD = path.join(ROOT, "apps/web/build/server/index.js");
/** A bound for a slow machine, never a measure: what must happen is polled for until then. */
const PATIENCE_MS = 120_000;
const waitFor = (what, check) => waitWithin(what, check, PATIENCE_MS, 200);
const RELEASE = "souls-test-4.5.6";

/** What the tests place in errors and requests: none of it may be sent. */
const PERSON = {
  email: "jeanne.dupont@example.fr",
  name: "Jeanne Dupont",
  street: "12 rue des Lilas",
  town: "75011 Paris",
  phone: "+33 6 12 34 56 78",
  token: "trk9f8e7d6c5b4a39281706f5e4d3c2b1a0",
};
const PERSONAL = [
  PERSON.email,
  "jeanne.dupont",
  "Jeanne",
  "Dupont",
  "Lilas",
  "75011",
  "12 34 56 78",
  PERSON.token,
  encodeURIComponent(PERSON.email),
];

// ---------------------------------------------------------------------------------------------
// A local Sentry: it accepts every envelope and keeps it, raw and parsed.

/**
 * An envelope: a header line, then items, each a header line and a payload (of `length` bytes
 * when the header says so, else up to the next newline).
 */
function parseEnvelope(body) {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(10, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString("utf8");
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line());
  const items = [];
  while (offset < body.length) {
    const text = line();
    if (!text.trim()) continue;
    const itemHeader = JSON.parse(text);
    let payload;
    if (typeof itemHeader.length === "number") {
      payload = body.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length + 1;
    } else payload = line();
    items.push({ header: itemHeader, payload: itemHeader.type === "event" ? JSON.parse(payload) : payload });
  }
  return { header, items };
}

async function startSentry() {
  const envelopes = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      envelopes.push({ path: req.url, raw: body.toString("utf8"), ...parseEnvelope(body) });
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    /** The events received so far whose service tag is `service`. */
    events: (service) =>
      envelopes.flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === "event" && item.payload.tags?.service === service)
          .map((item) => ({ event: item.payload, raw: envelope.raw, envelope })),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// ---------------------------------------------------------------------------------------------
// Processes.

const started = [];
function start(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const entry = {
    name,
    child,
    output: () => Buffer.concat(output).toString(),
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  started.push(entry);
  return entry;
}

async function stopAll() {
  for (const { child, exited } of started.toReversed()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await exited;
  }
}

/** The frames of an event's exceptions, the innermost error's last. */
const framesOf = (event) => event.exception.values.flatMap((value) => value.stacktrace?.frames ?? []);

/** A frame in one of the project's TypeScript sources (not a bundle, not a dependency). */
function typescriptFrames(event, folder) {
  return framesOf(event).filter(
    (frame) =>
      /\.tsx?$/.test(frame.filename ?? "") &&
      (frame.filename.includes(`/${folder}/`) || frame.filename.startsWith(`${folder}/`)),
  );
}

function assertNothingPersonal(raw, where) {
  for (const datum of PERSONAL) assert.ok(!raw.includes(datum), `${where}: "${datum}" was sent:\n${raw}`);
}

// ---------------------------------------------------------------------------------------------

describe("exceptions reported to a local Sentry", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "souls-sentry-"));
  let sentry;
  /** The fresh, migrated database's URL, and a client on its server. */
  let databaseUrl;
  let admin;

  /** A database of its own for a scenario: a copy of the migrated one. */
  async function copyOfDatabase(name) {
    const source = new URL(databaseUrl).pathname.slice(1);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE "${source}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  async function inDatabase(url, statements) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statements);
    } finally {
      await client.end();
    }
  }

  before(async () => {
    for (const file of [MIGRATE, WORKER, REPORTING, WEB_BUILD])
      assert.ok(existsSync(file), `${path.relative(ROOT, file)} is missing: npx turbo run build`);
    sentry = await startSentry();
    // A fresh PostgreSQL, migrated; its URL printed, held until the tests end.
    const database = start("database", process.execPath, [
      path.join(ROOT, "packages/db/bin/with-database.mjs"),
      "--fresh",
      "sh",
      "-c",
      'echo "DATABASE_URL=$DATABASE_URL"; exec sleep 3600',
    ]);
    databaseUrl = await waitFor("the test database", () => {
      if (database.child.exitCode !== null) throw new Error(database.output());
      return database.output().match(/^DATABASE_URL=(\S+)$/m)?.[1];
    });
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });

  after(async () => {
    await admin?.end();
    await stopAll();
    await sentry?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the migration: a failed migration arrives with the release and its TypeScript frames", async (t) => {
    // An empty database where a table of the first migration is already there: it fails.
    await admin.query("CREATE DATABASE broken_migration");
    const url = new URL(databaseUrl);
    url.pathname = "/broken_migration";
    await inDatabase(url.toString(), "CREATE TABLE products (x int)");
    const migrate = start("migrate", process.execPath, ["--enable-source-maps", MIGRATE], {
      DATABASE_URL: url.toString(),
      SENTRY_DSN: sentry.dsn,
      SOULS_VERSION: RELEASE,
      LOG_FORMAT: "text",
    });
    assert.equal(await migrate.exited, 1, migrate.output());
    const [{ event, envelope }] = await waitFor("the migration's report", () => sentry.events("migrate"));
    assert.equal(event.release, RELEASE);
    assert.match(envelope.path, /^\/api\/42\/envelope\//, "the DSN's project");
    assert.equal(envelope.header.trace?.public_key, "publickey", "the DSN's key");
    assert.equal(event.tags.step, "migrate");
    const frames = typescriptFrames(event, "packages/db/src");
    assert.ok(frames.length > 0, JSON.stringify(framesOf(event), null, 1));
    t.diagnostic(`frames: ${frames.map((frame) => `${frame.filename}:${frame.lineno}`).join(", ")}`);
    assert.ok(
      framesOf(event).every((frame) => !/migrate\.mjs$/.test(frame.filename ?? "")),
      "a bundle's line",
    );
  });

  test("a worker job: its exception arrives with the release and its TypeScript frames", async (t) => {
    const url = await copyOfDatabase("broken_worker");
    // The first job of a round (the holds' expiry) finds the orders' table gone: the round fails.
    await inDatabase(url, "ALTER TABLE orders RENAME TO orders_gone");
    const worker = start("worker", process.execPath, ["--enable-source-maps", WORKER], {
      DATABASE_URL: url,
      SENTRY_DSN: sentry.dsn,
      SOULS_VERSION: RELEASE,
      NODE_ENV: "test",
      SHOP_ENV_FILE: "none",
      SITE_URL: "http://127.0.0.1:9",
      SESSION_SECRET: "a-session-secret-for-the-error-reporting-test",
      MAILBOX_DIR: path.join(dir, "mailbox"),
      WORKER_INTERVAL_SECONDS: "3600",
      LOG_FORMAT: "text",
    });
    const [{ event }] = await waitFor("the worker's report", () => {
      if (worker.child.exitCode !== null) throw new Error(worker.output());
      return sentry.events("worker").length ? sentry.events("worker") : undefined;
    });
    assert.equal(event.release, RELEASE);
    assert.equal(event.tags.job, "round");
    assert.match(event.exception.values.at(-1).value, /orders/);
    const frames = [
      ...typescriptFrames(event, "packages/shop/src"),
      ...typescriptFrames(event, "apps/worker/src"),
    ];
    assert.ok(frames.length > 0, JSON.stringify(framesOf(event), null, 1));
    t.diagnostic(`frames: ${frames.map((frame) => `${frame.filename}:${frame.lineno}`).join(", ")}`);
  });

  test("a web route: its exception arrives with the release, its TypeScript frames, no personal data", async (t) => {
    const url = await copyOfDatabase("broken_web");
    // The home page's catalogue finds its table gone: the route's loader throws.
    await inDatabase(url, "ALTER TABLE products RENAME TO products_gone");
    const port = await freePort();
    const web = start("web", process.execPath, ["--enable-source-maps", "apps/web/server.mjs"], {
      DATABASE_URL: url,
      SENTRY_DSN: sentry.dsn,
      SOULS_VERSION: RELEASE,
      NODE_ENV: "production",
      SHOP_ENV_FILE: "none",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: "a-session-secret-for-the-error-reporting-test",
      ADMIN_PASSWORD: "a-long-enough-test-password",
      ALLOW_TEST_PAYMENTS: "true",
      LOG_FORMAT: "text",
    });
    await waitFor("the web server", async () => {
      if (web.child.exitCode !== null) throw new Error(web.output());
      return (await fetch(`http://127.0.0.1:${port}/livez`)).ok;
    });
    const answer = await fetch(
      `http://127.0.0.1:${port}/?email=${encodeURIComponent(PERSON.email)}&token=${PERSON.token}`,
      {
        headers: {
          Cookie: `name=${encodeURIComponent(PERSON.name)}; address=${encodeURIComponent(PERSON.street)}`,
          Authorization: `Bearer ${PERSON.token}`,
          Referer: `http://127.0.0.1:${port}/suivi-commande?token=${PERSON.token}`,
          "User-Agent": `${PERSON.name} ${PERSON.phone}`,
          "X-Forwarded-For": "203.0.113.7",
        },
      },
    );
    assert.equal(answer.status, 500, await answer.text());
    const [{ event, raw }] = await waitFor("the route's report", () => {
      if (web.child.exitCode !== null) throw new Error(web.output());
      return sentry.events("web").length ? sentry.events("web") : undefined;
    });
    assert.equal(event.release, RELEASE);
    assert.deepEqual(event.request, { method: "GET", url: "/" });
    const frames = [
      ...typescriptFrames(event, "apps/web/app"),
      ...typescriptFrames(event, "packages/shop/src"),
    ];
    assert.ok(frames.length > 0, JSON.stringify(framesOf(event), null, 1));
    t.diagnostic(`frames: ${frames.map((frame) => `${frame.filename}:${frame.lineno}`).join(", ")}`);
    assertNothingPersonal(raw, "the route's report");
    assert.ok(!raw.includes("203.0.113.7"), "the client's address was sent");
  });

  test("personal data in an error, its cause, its properties, the request and the logs is never sent", async () => {
    const script = path.join(dir, "report.mjs");
    writeFileSync(
      script,
      `import { flushErrorReports, reportError, startErrorReporting } from ${JSON.stringify(REPORTING)};
const person = ${JSON.stringify(PERSON)};
await startErrorReporting("pii", process.env);
console.log("[worker] sending the confirmation to " + person.email + " (" + person.name + ")");
const cause = new Error("SMTP refused <" + person.email + "> for " + person.street + ", " + person.town);
const error = new Error("Order of " + person.email + ", " + person.street + ", " + person.town + ", tel. " + person.phone + ": https://shop.example/suivi-commande?token=" + person.token, { cause });
Object.assign(error, { customer: { name: person.name, email: person.email, address: person.street, phone: person.phone } });
reportError(error, {
  request: { method: "POST", url: "/suivi-commande?token=" + person.token + "&email=" + encodeURIComponent(person.email) },
  tags: { job: "pii" },
});
await flushErrorReports(10000);
`,
    );
    const child = start("pii", process.execPath, ["--enable-source-maps", script], {
      SENTRY_DSN: sentry.dsn,
      SOULS_VERSION: RELEASE,
    });
    assert.equal(await child.exited, 0, child.output());
    const [{ event, raw }] = await waitFor("the report", () =>
      sentry.events("pii").length ? sentry.events("pii") : undefined,
    );
    assert.equal(event.release, RELEASE);
    // What failed is still said: both errors, where, and what the message said of no one.
    assert.equal(event.exception.values.length, 2, "the error and its cause");
    assert.match(event.exception.values.at(-1).value, /^Order of \[Filtered\]/);
    assert.equal(event.request.url, "/suivi-commande");
    // The process's log lines are not sent along (a name in free text cannot be recognised).
    assert.equal(event.breadcrumbs, undefined);
    assert.equal(event.user, undefined);
    assertNothingPersonal(raw, "the report");
  });

  test("without SENTRY_DSN nothing is sent, and the bundles load the SDK only when it is set", async () => {
    const before = sentry.envelopes.length;
    const migrate = start("migrate again", process.execPath, ["--enable-source-maps", MIGRATE], {
      DATABASE_URL: databaseUrl,
      SENTRY_DSN: "",
      LOG_FORMAT: "text",
    });
    assert.equal(await migrate.exited, 0, migrate.output());
    assert.equal(sentry.envelopes.length, before);
    // The SDK is in a chunk of its own, imported by no entry at its start.
    for (const folder of ["packages/db/dist", "apps/worker/dist"]) {
      const files = readdirSync(path.join(ROOT, folder)).filter((file) => file.endsWith(".mjs"));
      const sdk = files.filter((file) =>
        readFileSync(path.join(ROOT, folder, file), "utf8").includes("sentry_key"),
      );
      assert.equal(sdk.length, 1, `${folder}: one chunk holds the SDK (${sdk})`);
      assert.match(sdk[0], /^chunk-/);
      for (const entry of files.filter((file) => !file.startsWith("chunk-"))) {
        const text = readFileSync(path.join(ROOT, folder, entry), "utf8");
        const staticImports = [...text.matchAll(/^import\s[^;]*?from\s*"(\.\/[^"]+)"/gm)].map((m) => m[1]);
        assert.ok(!staticImports.includes(`./${sdk[0]}`), `${folder}/${entry} imports the SDK at its start`);
      }
    }
  });
});
