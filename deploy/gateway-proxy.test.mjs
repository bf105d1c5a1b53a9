/**
 * The per-client limits behind the Kubernetes Gateway (decision 055), proven with the shipped
 * HAProxy file really running as deploy/k8s/proxy.yaml runs it: Debian's HAProxy started from
 * docker/haproxy.cfg with CLIENT_ADDRESS_FROM=gateway (small limits through its variables), in
 * front of a small HTTP server playing a web pod (it answers /livez, tells what it received, and
 * holds some requests open as a live stream does). Each request comes as a Gateway forwards it:
 * on the Gateway's own pooled connections, the client's address appended to X-Forwarded-For.
 *
 *   node --test deploy/gateway-proxy.test.mjs
 *
 * Each test uses client addresses of its own (documentation ranges). Limits are proven by counts,
 * never by time.
 */
import assert from "node:assert/strict";
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort } from "./testing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CONFIG = path.join(ROOT, "docker/haproxy.cfg");
const LIMITS = {
  CLIENT_MAX_CONNECTIONS: 3,
  CLIENT_MAX_REQUESTS: 10,
  // A long period, so that the requests of a test always fall within it, however slow the machine.
  CLIENT_RATE_PERIOD: "60s",
  CLIENT_RETRY_AFTER: 7,
};
const PATIENCE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function haproxyBinary() {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get"))
    throw new Error("HAProxy is missing: install Debian's `haproxy` package (apt-get install haproxy).");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy", {
    stdio: "inherit",
  });
  return "/usr/sbin/haproxy";
}

/**
 * A request as the Gateway sends it: `client` appended to whatever X-Forwarded-For the client
 * wrote (`forged`), on a connection of a pool (keep-alive). Resolves with status, headers, body.
 */
function viaGateway(port, client, requestPath = "/", { forged, agent } = {}) {
  return new Promise((resolve, reject) => {
    const headers = {};
    if (client !== null) headers["X-Forwarded-For"] = forged ? `${forged}, ${client}` : client;
    const req = request({ host: "127.0.0.1", port, path: requestPath, headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("HAProxy behind the Gateway (CLIENT_ADDRESS_FROM=gateway)", () => {
  /** What the web pod received: X-Forwarded-For and X-Request-Id of each request. */
  const received = [];
  /** Requests the pod holds open (as a live stream), released by the test. */
  const held = [];
  let pod;
  let haproxy;
  let proxyPort;
  const output = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });

  before(async () => {
    const binary = haproxyBinary();
    pod = createServer((req, res) => {
      if (req.url === "/livez") return res.end("ok");
      received.push({
        path: req.url,
        forwardedFor: req.headers["x-forwarded-for"],
        requestId: req.headers["x-request-id"],
      });
      if (req.url.startsWith("/hold")) {
        res.writeHead(200, { "Content-Type": "text/event-stream" });
        res.write(": held\n\n");
        held.push(res);
        return;
      }
      res.end("page");
    });
    await new Promise((resolve) => pod.listen(0, "127.0.0.1", resolve));
    proxyPort = await freePort();
    haproxy = spawn(binary, ["-f", CONFIG, "-db"], {
      env: {
        ...process.env,
        ...Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])),
        CLIENT_ADDRESS_FROM: "gateway",
        PROXY_BIND: `127.0.0.1:${proxyPort}`,
        WEB_ADDRESS: `127.0.0.1:${pod.address().port}`,
        WEB_REPLICAS_MAX: "1",
        // Within this machine's descriptor limit (the production number needs a container's).
        PROXY_MAXCONN: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    haproxy.stdout.on("data", (chunk) => output.push(chunk));
    haproxy.stderr.on("data", (chunk) => output.push(chunk));
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      if (haproxy.exitCode !== null) throw new Error(`HAProxy exited: ${Buffer.concat(output)}`);
      const answer = await viaGateway(proxyPort, "192.0.2.1", "/ready").catch(() => undefined);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`HAProxy never answered: ${Buffer.concat(output)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  after(async () => {
    for (const res of held) res.end();
    agent.destroy();
    if (haproxy && haproxy.exitCode === null) {
      const exited = new Promise((resolve) => haproxy.once("exit", resolve));
      haproxy.kill("SIGTERM");
      await exited;
    }
    await new Promise((resolve) => pod.close(resolve));
  });

  test("the client is the address the Gateway appended, whatever the client wrote before it", async () => {
    const answer = await viaGateway(proxyPort, "192.0.2.10", "/who", { forged: "198.51.100.99", agent });
    assert.equal(answer.status, 200);
    const seen = received.find((r) => r.path === "/who");
    assert.equal(seen.forwardedFor, "192.0.2.10", "one address, the Gateway's: the app trusts one hop");
    assert.match(seen.requestId, UUID);
    assert.equal(answer.headers["x-request-id"], undefined, "HAProxy's id goes to the app, which answers it");
  });

  test("over its requests in the period a client gets 429 with Retry-After; another is served", async () => {
    const client = "192.0.2.20";
    for (let n = 0; n < LIMITS.CLIENT_MAX_REQUESTS; n++)
      assert.equal((await viaGateway(proxyPort, client, "/rate", { agent })).status, 200, `request ${n + 1}`);
    const refused = await viaGateway(proxyPort, client, "/rate", { agent });
    assert.equal(refused.status, 429);
    assert.equal(refused.headers["retry-after"], String(LIMITS.CLIENT_RETRY_AFTER));
    // The same pooled connections carry another client's requests: served.
    assert.equal((await viaGateway(proxyPort, "192.0.2.21", "/rate", { agent })).status, 200);
  });

  test("two addresses of one IPv6 /64 are one client; the next /64 is another", async () => {
    for (let n = 0; n < LIMITS.CLIENT_MAX_REQUESTS; n++) {
      const address = n % 2 ? "2001:db8:1:2::1" : "2001:db8:1:2::ffff";
      assert.equal((await viaGateway(proxyPort, address, "/six", { agent })).status, 200);
    }
    assert.equal((await viaGateway(proxyPort, "2001:db8:1:2::abcd", "/six", { agent })).status, 429);
    assert.equal((await viaGateway(proxyPort, "2001:db8:1:3::1", "/six", { agent })).status, 200);
  });

  test("a client's requests in flight at once are bounded (a live stream is one); one ended gives its place back", async () => {
    const client = "192.0.2.30";
    const streams = [];
    for (let n = 0; n < LIMITS.CLIENT_MAX_CONNECTIONS; n++) {
      // Each stream on a connection of its own, as the Gateway opens more when its pool is busy.
      const opened = new Promise((resolve, reject) => {
        const req = request(
          { host: "127.0.0.1", port: proxyPort, path: `/hold/${n}`, headers: { "X-Forwarded-For": client } },
          resolve,
        );
        req.on("error", reject);
        req.end();
      });
      const res = await opened;
      assert.equal(res.statusCode, 200, `stream ${n + 1}`);
      streams.push(res);
    }
    const refused = await viaGateway(proxyPort, client, "/page");
    assert.equal(refused.status, 429);
    assert.equal(refused.headers["retry-after"], String(LIMITS.CLIENT_RETRY_AFTER));
    assert.equal((await viaGateway(proxyPort, "192.0.2.31", "/page")).status, 200, "another client");
    // The pod ends one stream: the client may make a request again.
    const ended = new Promise((resolve) => streams[0].on("end", resolve));
    streams[0].resume();
    held.shift().end();
    await ended;
    const deadline = Date.now() + PATIENCE_MS;
    let status;
    do {
      status = (await viaGateway(proxyPort, client, "/page")).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } while (Date.now() < deadline);
    assert.equal(status, 200);
    for (const stream of streams) stream.resume();
  });

  test("a request that did not come through the Gateway (no X-Forwarded-For) is refused", async () => {
    const answer = await viaGateway(proxyPort, null, "/direct");
    assert.equal(answer.status, 400);
    assert.ok(!received.some((r) => r.path === "/direct"));
  });
});
