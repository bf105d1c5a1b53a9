/**
 * The shipped proxy's per-client limits, proven with it really running: HAProxy started from
 * docker/haproxy.cfg itself (small limits through its variables), in front of the production
 * server (apps/web's build, `node server.mjs`, as the e2e run starts it) on a fresh embedded
 * PostgreSQL. Needs the build (`npx turbo run build --filter=@souls/web`); installs Debian's
 * haproxy when it is missing and this runs as root with apt-get, as the e2e run does its browser.
 *
 *   node --test deploy/proxy.test.mjs
 *
 * Every client is told to HAProxy the way Caddy tells it in production: a PROXY protocol (v2)
 * header at the start of the connection, naming the client's address — so the test can be any
 * IPv4 or IPv6 client, two addresses of one /64 included, from this one machine. Each test uses
 * addresses of its own (documentation ranges), so their counters never meet. Nothing waits on
 * time: limits are proven by counts, and what must happen "eventually" is polled for with a
 * generous bound.
 */
import assert from "node:assert/strict";
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { connect, isIP } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort } from "./testing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WEB = path.join(ROOT, "apps/web");
const CONFIG = path.join(ROOT, "docker/haproxy.cfg");

/** The live availability stream's address (apps/web/app/screens.ts). */
const LIVE_PATH = readFileSync(path.join(WEB, "app/screens.ts"), "utf8").match(
  /^\s*liveAvailability: "([^"]+)",$/m,
)[1];
/** The app's own bound on one client's live streams (apps/web/app/lib/live.server.ts). */
const APP_STREAMS_PER_CLIENT = Number(
  readFileSync(path.join(WEB, "app/lib/live.server.ts"), "utf8").match(/\bperClient: (\d+)\b/)[1],
);
/** The limits this run gives docker/haproxy.cfg (its defaults are the decision's, 042). */
const LIMITS = {
  // Above the app's own bound on streams, so that the app's refusal can be seen through the proxy.
  CLIENT_MAX_CONNECTIONS: APP_STREAMS_PER_CLIENT + 2,
  CLIENT_MAX_REQUESTS: 40,
  // A long period, so that 40 requests always fall within it, however slow the machine.
  CLIENT_RATE_PERIOD: "60s",
  CLIENT_RETRY_AFTER: 7,
};
/** What "soon" means here: a bound for a slow machine, never a measure. */
const PATIENCE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------------------------------------
// HAProxy from Debian, when missing.

function haproxyBinary() {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      "HAProxy is missing: install Debian's `haproxy` package (apt-get install haproxy), the proxy docker/compose.yaml ships.",
    );
  }
  console.log("[proxy test] installing Debian's haproxy…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy", {
    stdio: "inherit",
  });
  return "/usr/sbin/haproxy";
}

// ---------------------------------------------------------------------------------------------
// Processes.

/** A process in its own group (stopping it stops what it started), its output kept by line. */
function start(name, command, args, options) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop();
      lines.push(...parts);
    });
  }
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    name,
    lines,
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}

/** Polls `check` until it returns something truthy; fails after PATIENCE_MS saying what it waited for. */
async function eventually(what, check, processes = []) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    for (const process of processes) {
      if (!process.running())
        throw new Error(
          `${process.name} exited while waiting for ${what}:\n${process.lines.slice(-30).join("\n")}`,
        );
    }
    if (Date.now() > deadline) {
      const tails = processes.map((p) => `--- ${p.name}\n${p.lines.slice(-30).join("\n")}`).join("\n");
      throw new Error(`gave up waiting for ${what}\n${tails}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// A client of the proxy, as Caddy forwards one: a PROXY v2 header naming its address, then HTTP/1.1.

const PROXY_V2_SIGNATURE = Buffer.from("0d0a0d0a000d0a515549540a", "hex");

/** The PROXY protocol v2 header Caddy sends (`proxy_protocol v2`): a TCP connection from `address`. */
function proxyHeader(address) {
  const v6 = isIP(address) === 6;
  const body = v6 ? Buffer.alloc(36) : Buffer.alloc(12);
  const bytes = (text) => {
    if (!v6) return Buffer.from(text.split(".").map(Number));
    // Expands `::` and writes the eight groups.
    const [head, tail = ""] = text.split("::");
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    const groups = text.includes("::")
      ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
      : left;
    const buffer = Buffer.alloc(16);
    for (const [i, group] of groups.entries()) buffer.writeUInt16BE(Number.parseInt(group, 16), i * 2);
    return buffer;
  };
  const source = bytes(address);
  const destination = bytes(v6 ? "::1" : "127.0.0.1");
  source.copy(body, 0);
  destination.copy(body, source.length);
  body.writeUInt16BE(40_000, source.length * 2);
  body.writeUInt16BE(8080, source.length * 2 + 2);
  const head = Buffer.from([0x21, v6 ? 0x21 : 0x11, 0, 0]);
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([PROXY_V2_SIGNATURE, head, body]);
}

let proxyPort;
/** Every connection a test opened, closed after it. */
const openConnections = new Set();

/** One connection to the proxy from `address`; requests on it one after the other. */
async function connectAs(address, port = proxyPort) {
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.write(proxyHeader(address));
  openConnections.add(socket);
  let buffer = "";
  let closed = false;
  const waiters = new Set();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    buffer += chunk;
    wake();
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    closed = true;
    openConnections.delete(socket);
    wake();
  });
  /** Resolves when `parse(buffer)` returns a value; rejects if the connection closes first. */
  const until = (parse) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = parse(buffer);
        if (value !== undefined) {
          waiters.delete(check);
          resolve(value);
        } else if (closed) {
          waiters.delete(check);
          reject(new Error(`the connection closed; it had received:\n${buffer}`));
        }
      };
      waiters.add(check);
      check();
    });

  /** The response's status line and headers, once they are in; what follows stays in the buffer. */
  const readHead = () =>
    until((text) => {
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return undefined;
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const headers = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      buffer = text.slice(end + 4);
      return { status: Number(statusLine.split(" ")[1]), headers };
    });

  return {
    socket,
    get closed() {
      return closed;
    },
    /** A whole response (Content-Length or chunked); `stream: true` returns at the headers. */
    async request(requestPath, { headers = {}, stream = false, form } = {}) {
      const method = form === undefined ? "GET" : "POST";
      const lines = [`${method} ${requestPath} HTTP/1.1`, "Host: 127.0.0.1", "User-Agent: proxy-test"];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      if (form !== undefined) {
        lines.push(
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${Buffer.byteLength(form)}`,
        );
      }
      socket.write(`${lines.join("\r\n")}\r\n\r\n${form ?? ""}`);
      const head = await readHead();
      if (stream) {
        return {
          ...head,
          until: (text) => until((received) => (received.includes(text) ? true : undefined)),
        };
      }
      const length = head.headers["content-length"];
      const body = await until((text) => {
        if (length !== undefined) return text.length >= Number(length) ? text : undefined;
        if (head.headers["transfer-encoding"] === "chunked")
          return text.endsWith("0\r\n\r\n") ? text : undefined;
        return closed ? text : undefined;
      });
      buffer = "";
      return { ...head, body };
    },
    close() {
      socket.destroy();
    },
  };
}

/** One request on a connection of its own, closed after it. */
async function once(address, requestPath, headers = {}, port = proxyPort, form = undefined) {
  const connection = await connectAs(address, port);
  try {
    return await connection.request(requestPath, { headers: { ...headers, Connection: "close" }, form });
  } finally {
    connection.close();
  }
}

/** A live availability stream through the proxy, open until the test closes its connection. */
async function liveStream(address, headers = {}) {
  const connection = await connectAs(address);
  const response = await connection.request(LIVE_PATH, { headers, stream: true });
  return { connection, response };
}

// ---------------------------------------------------------------------------------------------

let app;
let proxy;
let haproxy;

/** HAProxy running docker/haproxy.cfg on `port`, before one web server on `webPort`. */
function startProxy(name, port, webPort, settings = {}, extraConfig = []) {
  return start(name, haproxy, ["-db", "-f", CONFIG, ...extraConfig.flatMap((file) => ["-f", file])], {
    env: {
      ...process.env,
      ...settings,
      ...Object.fromEntries(Object.entries(LIMITS).map(([limit, value]) => [limit, String(value)])),
      PROXY_BIND: `127.0.0.1:${port}`,
      WEB_ADDRESS: `127.0.0.1:${webPort}`,
      WEB_REPLICAS_MAX: "1",
      // Within this machine's descriptor limit.
      PROXY_MAXCONN: "1000",
    },
  });
}

before(async () => {
  haproxy = haproxyBinary();
  if (!existsSync(path.join(WEB, "build/server/index.js")))
    throw new Error("apps/web is not built: npx turbo run build --filter=@souls/web");
  const appPort = await freePort();
  proxyPort = await freePort();
  // As the e2e run starts it (apps/web's `e2e` script and playwright.config.ts): a fresh database,
  // the production build, one proxy hop trusted.
  app = start(
    "the web app",
    process.execPath,
    [path.join(ROOT, "packages/db/bin/with-database.mjs"), "--fresh", process.execPath, "server.mjs"],
    {
      cwd: WEB,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(appPort),
        HOST: "127.0.0.1",
        TRUST_PROXY_HOPS: "1",
        LOG_FORMAT: "json",
        ADMIN_PASSWORD: "proxy-test-owner-password",
        SITE_URL: `http://127.0.0.1:${appPort}`,
        MALLOC_ARENA_MAX: "2",
      },
    },
  );
  await eventually(
    "the app's /healthz",
    () =>
      fetch(`http://127.0.0.1:${appPort}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    [app],
  );
  proxy = startProxy("HAProxy", proxyPort, appPort);
  // Through the proxy (once its health check has seen the app), from addresses no test uses.
  let attempt = 0;
  await eventually(
    "the app through HAProxy",
    () =>
      once(`192.0.2.${200 + (attempt++ % 50)}`, "/livez").then(
        (response) => response.status === 200,
        () => false,
      ),
    [app, proxy],
  );
});

after(async () => {
  for (const socket of openConnections) socket.destroy();
  await proxy?.stop();
  await app?.stop();
});

describe("the shipped proxy (docker/haproxy.cfg) in front of the production server", () => {
  test("the file as compose runs it is valid to HAProxy", () => {
    // compose's `proxy` service: the defaults, HAProxy's port and the replicas' name.
    const checked = spawnSync(haproxy, ["-c", "-f", CONFIG], {
      encoding: "utf8",
      env: { ...process.env, PROXY_BIND: ":8080", WEB_ADDRESS: "web:3000" },
    });
    assert.equal(checked.status, 0, checked.stderr);
  });

  test("a connection without Caddy's PROXY header is refused: no client can name its own address", async () => {
    const socket = connect(proxyPort, "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.write("GET /robots.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 192.0.2.77\r\n\r\n");
    await new Promise((resolve) => socket.on("close", resolve));
    assert.equal(received, "");
  });

  test("what reaches the app: X-Forwarded-For is the client's address alone, X-Request-Id HAProxy's", async (t) => {
    // The same file before a server that answers the headers it received, in the app's place.
    const echo = createHttpServer((request, response) => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify(request.headers));
    });
    await new Promise((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const port = await freePort();
    const second = startProxy("HAProxy before the echo", port, echo.address().port);
    t.after(async () => {
      await second.stop();
      echo.close();
    });
    const claims = {
      "X-Forwarded-For": "192.0.2.99, 10.0.0.1",
      "X-Request-Id": "chosen-by-the-client",
      Forwarded: "for=192.0.2.99",
    };
    const response = await eventually("the echo through HAProxy", async () => {
      const answer = await once("2001:db8:77::5", "/any/page", claims, port).catch(() => undefined);
      return answer?.status === 200 ? answer : undefined;
    }, [second]);
    const received = JSON.parse(response.body);
    assert.equal(received["x-forwarded-for"], "2001:db8:77::5");
    assert.match(received["x-request-id"], UUID);
    assert.equal(received.forwarded, undefined);
  });

  test("a page waiting for a busy replica goes before the forms that came first", async (t) => {
    // One place at the replica (WEB_MAX_REQUESTS=1), held by a slow request, while two forms and
    // then a page wait in HAProxy's line (decision 068: the app lets forms in by turns, and its
    // pages never wait for them; the proxy's line must not undo that).
    const arrived = [];
    let release = () => {};
    const held = new Promise((resolve) => {
      release = resolve;
    });
    const replica = createHttpServer(async (request, response) => {
      request.resume();
      arrived.push(`${request.method} ${request.url}`);
      if (request.url === "/slow") await held;
      response.end("ok");
    });
    await new Promise((resolve) => replica.listen(0, "127.0.0.1", resolve));
    const port = await freePort();
    // HAProxy's statistics socket, for this test only: it says how many requests wait in line.
    const folder = mkdtempSync(path.join(tmpdir(), "proxy-line-"));
    const statistics = path.join(folder, "stats.sock");
    writeFileSync(path.join(folder, "stats.cfg"), `global\n\tstats socket ${statistics}\n`);
    const second = startProxy(
      "HAProxy before one busy replica",
      port,
      replica.address().port,
      { WEB_MAX_REQUESTS: "1" },
      [path.join(folder, "stats.cfg")],
    );
    t.after(async () => {
      release();
      await second.stop();
      replica.close();
      rmSync(folder, { recursive: true, force: true });
    });
    /** Requests waiting in HAProxy's line for the web backend (its `qcur`, queue and server's). */
    const inLine = () =>
      new Promise((resolve) => {
        const socket = connect(statistics, () => socket.end("show stat\n"));
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk;
        });
        socket.on("close", () => {
          const [header = "", ...rows] = text.trim().split("\n");
          const column = header.replace(/^# /, "").split(",").indexOf("qcur");
          const queued = rows
            .map((row) => row.split(","))
            .filter(([proxy]) => proxy === "web")
            .reduce((sum, row) => sum + (Number(row[column]) || 0), 0);
          resolve(queued);
        });
        socket.on("error", () => resolve(-1));
      });
    await eventually("the replica through HAProxy", async () => {
      const answer = await once("192.0.2.150", "/livez", {}, port).catch(() => undefined);
      return answer?.status === 200;
    }, [second]);
    arrived.length = 0;
    const answers = [once("192.0.2.151", "/slow", {}, port)];
    await eventually("the slow request at the replica", () => arrived.includes("GET /slow"), [second]);
    // Six forms, then two pages.
    const waiting = [
      ...Array.from({ length: 6 }, (_, i) => [`192.0.2.${160 + i}`, `/checkout?form=${i}`, `a=${i}`]),
      ["192.0.2.170", "/produit/sac-banane-aicha", undefined],
      ["192.0.2.171", "/magazine", undefined],
    ];
    for (const [address, target, form] of waiting) {
      const connection = await connectAs(address, port);
      answers.push(connection.request(target, { headers: { Connection: "close" }, form }));
    }
    // Released once all eight wait in HAProxy's line: which goes next is its choice alone.
    await eventually("eight requests in HAProxy's line", async () => (await inLine()) === waiting.length, [
      second,
    ]);
    release();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    assert.deepEqual(statuses, Array(1 + waiting.length).fill(200));
    assert.equal(arrived[0], "GET /slow");
    assert.deepEqual(arrived.slice(1, 3).sort(), ["GET /magazine", "GET /produit/sac-banane-aicha"]);
    assert.equal(arrived.slice(3).filter((line) => line.startsWith("POST /checkout")).length, 6);
  });

  test("the app sees the address HAProxy set, never the one the client claims, and HAProxy's request id", async () => {
    // A client's own X-Forwarded-For: were it trusted, both clients below would be one.
    const forged = { "X-Forwarded-For": "192.0.2.99", "X-Request-Id": "chosen-by-the-client" };
    const first = "198.51.100.10";
    const streams = [];
    for (let i = 0; i < APP_STREAMS_PER_CLIENT; i++) {
      const stream = await liveStream(first, forged);
      assert.equal(stream.response.status, 200);
      streams.push(stream);
    }
    // The app's own per-client bound (below the proxy's): it counts this client by the address
    // HAProxy gave it.
    const refused = await once(first, LIVE_PATH, forged);
    assert.equal(refused.status, 503, refused.body);
    assert.match(refused.body, /Too many live streams/);
    assert.ok(refused.headers["x-request-id"], "the app answered it");
    // Another client with the same claim: the app does not take it for the first.
    const other = await liveStream("198.51.100.11", forged);
    assert.equal(other.response.status, 200);

    // The request's id is HAProxy's, answered by the app and in both logs.
    const response = await once("198.51.100.12", "/robots.txt", forged);
    assert.equal(response.status, 200);
    const id = response.headers["x-request-id"];
    assert.match(id, UUID);
    await eventually(
      "the app's log line of the request",
      () =>
        app.lines.some((line) => {
          if (!line.startsWith("{")) return false;
          const entry = JSON.parse(line);
          return entry.requestId === id && entry.path === "/robots.txt" && entry.status === 200;
        }),
      [app],
    );
    await eventually("HAProxy's log line of the request", () =>
      proxy.lines.some((line) => line.startsWith(`${id} 200 GET /robots.txt`)),
    );
    // Neither log holds a client's address (docs/security.md).
    for (const line of [...app.lines, ...proxy.lines]) assert.doesNotMatch(line, /198\.51\.100\.1\d/);
    for (const { connection } of [...streams, other]) connection.close();
    // Closed tabs give their streams back in the app too: HAProxy passes a client's close on at
    // once (option abortonclose), the app's slot follows the response's close.
    const again = await eventually("the first client's streams given back by the app", async () => {
      const stream = await liveStream(first, forged);
      if (stream.response.status === 200) return stream;
      stream.connection.close();
      return undefined;
    });
    again.connection.close();
  });

  test("the live stream flows through the proxy", async () => {
    const { connection, response } = await liveStream("198.51.100.20");
    assert.equal(response.status, 200);
    assert.match(response.headers["content-type"], /^text\/event-stream/);
    // The app's first lines, and its "ready" event once it listens for changes: sent as they come,
    // never held back in a buffer.
    await response.until("retry: 5000");
    await response.until("event: ready");
    connection.close();
    // On the streams' own line (backend `live`), so open streams never take the pages' places.
    const id = response.headers["x-request-id"];
    await eventually("HAProxy's log line of the stream", () =>
      proxy.lines.some(
        (line) => line.startsWith(`${id} 200 GET ${LIVE_PATH} `) && / live\/live1 /.test(line),
      ),
    );
  });

  test("a client over its request rate gets 429 with Retry-After; another client is served", async () => {
    const hurried = "203.0.113.20";
    // Within the rate: every request served, by the app.
    for (let i = 0; i < LIMITS.CLIENT_MAX_REQUESTS; i++) {
      const response = await once(hurried, "/robots.txt");
      assert.equal(response.status, 200, `request ${i + 1}`);
    }
    // Over it: refused by the proxy (HAProxy's rate is an estimate over the period: at most a few
    // more requests pass before it says no, never fewer).
    let refused;
    for (let i = 0; i < LIMITS.CLIENT_MAX_REQUESTS && !refused; i++) {
      const response = await once(hurried, "/robots.txt");
      if (response.status === 429) refused = response;
      else assert.equal(response.status, 200);
    }
    assert.ok(refused, "no 429 after twice the rate");
    assert.equal(refused.headers["retry-after"], String(LIMITS.CLIENT_RETRY_AFTER));
    assert.match(refused.body, /Too many requests/);
    assert.equal(refused.headers["x-request-id"], undefined, "the app never saw it");
    // Still refused while it keeps asking: the refused requests count too.
    assert.equal((await once(hurried, "/robots.txt")).status, 429);
    // Another address, another client.
    assert.equal((await once("203.0.113.21", "/robots.txt")).status, 200);
  });

  test("a client over its connections gets 429 with Retry-After and its connection closed; another client is served; a closed one gives its place back", async () => {
    const greedy = "192.0.2.30";
    // A shopper's six tabs, each with its live stream, and two kept-alive connections.
    const held = [];
    for (let i = 0; i < APP_STREAMS_PER_CLIENT; i++) {
      const stream = await liveStream(greedy);
      assert.equal(stream.response.status, 200);
      held.push(stream.connection);
    }
    for (let i = APP_STREAMS_PER_CLIENT; i < LIMITS.CLIENT_MAX_CONNECTIONS; i++) {
      const connection = await connectAs(greedy);
      assert.equal((await connection.request("/robots.txt")).status, 200);
      held.push(connection);
    }
    // One more: refused, by the proxy, and the connection closed.
    const extra = await connectAs(greedy);
    const refused = await extra.request("/robots.txt");
    assert.equal(refused.status, 429);
    assert.equal(refused.headers["retry-after"], String(LIMITS.CLIENT_RETRY_AFTER));
    assert.match(refused.body, /Too many connections/);
    assert.equal(refused.headers["x-request-id"], undefined, "the app never saw it");
    await eventually("the refused connection closed", () => extra.closed);
    // Everyone else is served.
    const neighbour = await liveStream("192.0.2.31");
    assert.equal(neighbour.response.status, 200);
    neighbour.connection.close();
    // A tab closed: its place is given back.
    held.shift().close();
    const served = await eventually("a place for the client once one of its connections closed", async () => {
      const response = await once(greedy, "/robots.txt");
      // Each try counts in the client's rate, which stays far from its bound here.
      assert.doesNotMatch(response.body, /Too many requests/);
      return response.status === 200 ? response : undefined;
    });
    assert.equal(served.status, 200);
    for (const connection of held) connection.close();
  });

  test("two IPv6 addresses of one /64 are one client; the next /64 is another", async () => {
    // Two addresses of 2001:db8:42:1::/64, as one host with its /64 would use.
    const one = "2001:db8:42:1::1";
    const two = "2001:db8:42:1:ffff:ffff:ffff:2";
    const held = [];
    for (let i = 0; i < LIMITS.CLIENT_MAX_CONNECTIONS; i++) {
      const connection = await connectAs(i % 2 === 0 ? one : two);
      assert.equal((await connection.request("/robots.txt")).status, 200, `connection ${i + 1}`);
      held.push(connection);
    }
    // The ninth connection of the /64, from either address (or a third one): refused.
    for (const address of [one, two, "2001:db8:42:1:abcd::3"]) {
      const refused = await once(address, "/robots.txt");
      assert.equal(refused.status, 429, address);
      assert.match(refused.body, /Too many connections/);
    }
    // The neighbouring /64, and an IPv4 client: served.
    assert.equal((await once("2001:db8:42:2::1", "/robots.txt")).status, 200);
    assert.equal((await once("192.0.2.40", "/robots.txt")).status, 200);
    for (const connection of held) connection.close();
  });
});
