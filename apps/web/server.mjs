/**
 * The production HTTP server: the Remix build behind Express, like `remix-serve` (which is
 * @remix-run/express too), plus what it cannot give the app (docs/decisions/010-express-server.md):
 * the client's network address for the rate limits, checks before the app (cross-site posts, body
 * sizes), headers on static files, one log line per request with its id, and a graceful stop.
 *
 *   node --enable-source-maps server.mjs   (PORT, HOST, METRICS_PORT, SENTRY_DSN; the root .env is read when present)
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
// Exceptions to Sentry when SENTRY_DSN is set (decision 056); the SDK is loaded only then.
import {
  flushErrorReports,
  reportError,
  startErrorReporting,
} from "../../packages/db/dist/error-reporting.mjs";
// The shop's one logger (packages/db/src/log.ts), bundled by @souls/db's build: the runtime image
// holds packages/db/dist beside the web build, and no workspace package.
import { createLogger, installLogger, logFormatOf, loggedPath } from "../../packages/db/dist/log.mjs";

const here = (file) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The settings file, as with-database reads it for `npm start`: the root `.env` (or SHOP_ENV_FILE;
 * `none`: no file), variables already set winning. Test runs read none.
 */
function loadEnvFile() {
  const chosen = process.env.SHOP_ENV_FILE;
  if (chosen === "none" || (!chosen && process.env.NODE_ENV === "test")) return undefined;
  const file = path.resolve(here("../.."), chosen || ".env");
  if (existsSync(file)) process.loadEnvFile(file);
  else if (chosen) return `SHOP_ENV_FILE: ${file} does not exist`;
  return undefined;
}

const envFileProblem = loadEnvFile();
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
const { LOG_FORMAT } = process.env;
// Text for people; in a deployment (LOG_FORMAT=json) one JSON object per line, every line written
// during a request carrying its id.
const log = installLogger(createLogger({ service: "web", format: logFormatOf(process.env) }));
/** A refused setting: one line saying what to set, no stack trace. */
function refuseToStart(message) {
  log.error(message, {}, `[web] ${message}`);
  process.exit(1);
}
if (envFileProblem) refuseToStart(envFileProblem);
if (LOG_FORMAT && LOG_FORMAT !== log.format) refuseToStart("LOG_FORMAT must be json or text");
await startErrorReporting("web", process.env).catch((error) => refuseToStart(error.message));

const build = await import("./build/server/index.js").catch((error) => {
  if (!String(error?.message).startsWith("Invalid configuration")) throw error;
  refuseToStart(error.message);
});
build.entry.module.inlineStylesheetFrom(here("./build/client"));
/** How the app lets its streams and connections go (app/lib/server-process.server.ts). */
const appStop = globalThis[Symbol.for("souls.web.stop")];

// ---------------------------------------------------------------------------------------------
// Requests.

/** Responses being written: a stop waits for them, ends the streams among them, cuts the rest last. */
const inFlight = new Set();
let stopping = false;
const trustProxy = Number(process.env.TRUST_PROXY_HOPS) >= 1;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every request gets an id: the proxy's X-Request-Id when a proxy is trusted and the id is sane,
 * else a new one. It is answered in X-Request-Id and carried by every log line of the request,
 * and one line says how it was answered (without the query string: it can carry a tracking token).
 * Works on Node's own request and response, before Express (the page cache answers there).
 */
function trackRequest(req, res) {
  const begun = performance.now();
  const offered = req.headers["x-request-id"];
  const requestId =
    trustProxy && typeof offered === "string" && REQUEST_ID.test(offered) ? offered : randomUUID();
  const { method } = req;
  const requestPath = loggedPath(req.url);
  res.setHeader("X-Request-Id", requestId);
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  if (stopping) res.setHeader("Connection", "close");
  inFlight.add(res);
  let bytes = 0;
  const count = (chunk, encoding) => {
    if (typeof chunk === "string")
      bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? encoding : "utf8");
    else if (chunk) bytes += chunk.byteLength ?? 0;
  };
  // Installed before compression, so the bytes counted are those sent.
  const { write, end } = res;
  res.write = function (chunk, encoding, ...rest) {
    count(chunk, encoding);
    return write.call(this, chunk, encoding, ...rest);
  };
  res.end = function (chunk, encoding, ...rest) {
    if (typeof chunk !== "function") count(chunk, encoding);
    return end.call(this, chunk, encoding, ...rest);
  };
  res.on("close", () => {
    inFlight.delete(res);
    const seconds = (performance.now() - begun) / 1000;
    webMetrics.observeRequest(requestPath, res.routeLabel, method, res.statusCode, seconds);
    const durationMs = Math.round(seconds * 10_000) / 10;
    const fields = { requestId, method, path: requestPath, status: res.statusCode, durationMs, bytes };
    if (!res.writableFinished) fields.aborted = true;
    log.info("request", fields, `${method} ${requestPath} ${res.statusCode} ${bytes} - ${durationMs} ms`);
  });
  return requestId;
}

/** Requests, page cache, database gauges, the worker's watch (app/lib/metrics.server.ts). */
const { webMetrics } = build.entry.module;

/** The same security headers on every response, files included (app/lib/security-headers.server.ts). */
const securityHeaders = Object.entries(build.entry.module.SECURITY_HEADERS);

const app = express();
app.disable("x-powered-by");
// Nothing reads Express's req.query (the app reads its address from the Request Remix builds):
// not parsing every query string with qs spares each request, and no nested object is built
// from what a client typed.
app.set("query parser", false);
// Server-sent events must reach the browser as they are written, never held for compression.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(req, res),
  }),
);
// Liveness: the process answers (no database: an outage is not cured by a restart). /healthz
// says whether this server can serve (database reachable, schema current).
app.get("/livez", (_req, res) => {
  res.set("Cache-Control", "no-store").type("text/plain").send("ok");
});
// Hashed file names: cached for a year. Everything else in public/: an hour. Only a path with a
// file extension can be a file: pages are not looked for on disk first.
app.use("/assets", express.static(here("./build/client/assets"), { immutable: true, maxAge: "1y" }));
const publicFiles = express.static(here("./build/client"), { maxAge: "1h" });
// Files a provider asks to find on the domain (Apple Pay's domain association for Stripe's
// Payment Element, docs/payments.md): public/.well-known, which the mount below serves as is.
app.use("/.well-known", express.static(here("./build/client/.well-known"), { maxAge: "1h" }));
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
app.use(refuseCrossSiteWrites);
app.use(limitBodySize);
app.all(
  "*",
  createRequestHandler({
    build,
    getLoadContext: (req, res) => ({
      socketAddress: req.socket.remoteAddress ?? null,
      pageCache: req.pageCacheTicket ?? null,
      // The response's own end, for what a request holds open (a live stream's slot): the
      // request's AbortSignal is lost once the Request is garbage-collected.
      onResponseClose: (listener) => res.once("close", listener),
    }),
  }),
);
// What Express or the app's adapter throws lands here, not in Express's default handler: a
// client's error (a status under 500 on the error, e.g. a malformed URI) gets its status, the
// rest is ours (logged, 500); neither shows a stack trace.
app.use((error, req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) return refuseUnreadable(req, res, String(error?.message), status);
  answerFault(req, res, error);
});

/**
 * A public page for a visitor without cart or message, as kept by the app's page cache
 * (app/lib/page-cache.server.ts): sent from memory, already compressed, before Express and the
 * app, once PostgreSQL has handed over every product change committed before the request (a
 * shared round trip, decision 018). Otherwise the request goes on, carrying what the app needs
 * to keep the page it renders.
 */
const pageCache = build.entry.module.pageCache;
function answerFromPageCache(req, res, next) {
  const key = pageCache.keyOf(req.method, req.url, req.headers.cookie, req.headers["accept-language"]);
  if (key === null) return next();
  pageCache
    .lookUp(key)
    .then(
      (found) => {
        if ("ticket" in found) {
          webMetrics.pageCache("miss");
          req.pageCacheTicket = found.ticket;
          // Whatever the app answers, the requests waiting for this render stop waiting.
          if (found.ticket) res.once("close", () => pageCache.release(found.ticket));
          return next();
        }
        webMetrics.pageCache("hit");
        sendKeptPage(req, res, found.page);
      },
      () => next(),
    )
    .catch((error) => answerFault(req, res, error));
}

const {
  cleanAddress,
  collapsedSlashes,
  countKeptPage,
  createPostTurns,
  preferredEncoding,
  SHOP_METHODS,
  unreadableRequest,
} = build.entry.module;

/**
 * Posts in the app at once, per server: enough to keep a core and the database pool (10) busy
 * while a few wait on a round trip. A turn lasts at most 2 s: a slow body never holds the line.
 */
const postTurns = createPostTurns({ limit: 16, longestTurnMs: 2_000, onWait: webMetrics.formWaited });

function sendKeptPage(req, res, page) {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding ? page[encoding] : page.body;
  res.statusCode = 200;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  // A French page offers the English one to a browser asking for it (decision 033).
  res.setHeader("Vary", "Accept-Encoding, Cookie, Accept-Language");
  res.setHeader("X-Page-Cache", "hit");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
  // Counted after it is sent, in memory (the app's lib/audience.server.ts, decision 047).
  countKeptPage({
    method: req.method,
    url: req.url,
    header: (name) => req.headers[name],
    socketAddress: req.socket.remoteAddress,
  });
}

/** The path of a request for the logs, without its query or an early-access token. */
const pathOf = (req) => loggedPath(req.url);

/** A request the app could not read (readable-request.server.ts): 4xx, one log line, nothing else. */
const REFUSALS = {
  400: "Requête invalide. Bad request.",
  405: "Méthode non acceptée. Method not allowed.",
  414: "Adresse trop longue. URI too long.",
};

function refuseUnreadable(req, res, reason, status = 400) {
  const fields = { method: req.method, path: pathOf(req), status, reason };
  log.warn("refused", fields, `[refused] ${req.method} ${fields.path} ${status} ${reason}`);
  res.routeLabel = "refused";
  if (res.headersSent) return res.destroy();
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Connection", "close");
  if (status === 405) res.setHeader("Allow", SHOP_METHODS.join(", "));
  res.end(REFUSALS[status] ?? REFUSALS[400]);
}

/** A 301 answered here, before the app (a path with runs of slashes: readable-request.server.ts). */
function redirectPermanently(res, location) {
  res.routeLabel = "redirect";
  res.statusCode = 301;
  res.setHeader("Location", location);
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(location);
}

/** Our own fault while answering: logged with its stack and reported, 500 without it, and the server serves on. */
function answerFault(req, res, error) {
  log.error(
    "request failed",
    { method: req.method, path: pathOf(req), error: String(error?.stack ?? error) },
    `[web] ${req.method} ${pathOf(req)} failed: ${error?.stack ?? error}`,
  );
  reportError(error, { request: { method: req.method, url: pathOf(req) } });
  if (res.headersSent) return res.destroy();
  res.statusCode = 500;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Erreur interne. Internal error.");
}

/** Answers a request refused here, before the app, with one log line saying why (never the query). */
function refuse(req, res, status, reason, body) {
  const fields = { method: req.method, path: pathOf(req), status, reason };
  log.warn("refused", fields, `[refused] ${req.method} ${fields.path} ${status} ${reason}`);
  res.routeLabel = "refused";
  res.status(status).type("text/plain").send(body);
}

/**
 * A form may only be posted from the shop's own pages. Browsers say where a post comes from in
 * `Origin`; a page with `Referrer-Policy: no-referrer` (the tracking page) sends `Origin: null`,
 * which Remix would take for an attack, so that case is judged by `Sec-Fetch-Site` instead.
 * Requests without `Origin` (Stripe's webhook, scripts) are not browsers' form posts.
 */
function refuseCrossSiteWrites(req, res, next) {
  const origin = req.get("origin");
  if (req.method === "GET" || req.method === "HEAD" || origin === undefined) return next();
  if (origin === "null") {
    if (req.get("sec-fetch-site") !== "same-origin")
      return refuse(req, res, 403, "cross-site post", "Forbidden");
    delete req.headers.origin;
    return next();
  }
  const host = req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host");
  let originHost;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  if (originHost !== host) return refuse(req, res, 403, "cross-site post", "Forbidden");
  next();
}

/**
 * Request bodies are bounded before anything reads them: shop forms and admin calls are small,
 * Stripe's webhook events larger. Browsers always send Content-Length for forms and fetch; a body
 * of unknown length is refused too.
 */
const BODY_LIMITS = [
  ["/webhooks/stripe", 1024 * 1024],
  ["/trpc/", 128 * 1024],
  // One photo from the owner's phone (25 MB at most, @souls/shop/photos) and its few fields.
  ["/admin-photos", 25 * 1024 * 1024 + 64 * 1024],
  // The Commission's notice on the legal guarantee (5 MB at most, @souls/shop/guarantee-notice).
  ["/admin-garantie", 5 * 1024 * 1024 + 64 * 1024],
];
const FORM_LIMIT = 64 * 1024;

function limitBodySize(req, res, next) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = BODY_LIMITS.find(([prefix]) => req.path.startsWith(prefix))?.[1] ?? FORM_LIMIT;
  const length = req.get("content-length");
  const english = req.path === "/en" || req.path.startsWith("/en/");
  if (length === undefined && req.get("transfer-encoding")) {
    return refuse(
      req,
      res,
      411,
      "body of unknown length",
      english ? "Length required." : "Longueur requise.",
    );
  }
  if (Number(length) > limit) {
    const answer = english ? "This request is too large." : "Cette requête est trop volumineuse.";
    return refuse(req, res, 413, `body over ${limit} bytes`, answer);
  }
  next();
}

// ---------------------------------------------------------------------------------------------
// Start and graceful stop.

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || undefined;
/**
 * Every request goes through one boundary: nothing a client sends can end the process. A request
 * the app cannot read is answered 400 here; a fault of ours is logged and answered 500, and the
 * server serves on.
 */
const server = createServer((req, res) => {
  try {
    const requestId = trackRequest(req, res);
    const unreadable = unreadableRequest(req.method, req.url, req.headers);
    if (unreadable) return refuseUnreadable(req, res, unreadable.reason, unreadable.status);
    const collapsed = collapsedSlashes(req.url);
    if (collapsed !== null) return redirectPermanently(res, collapsed);
    const clean = cleanAddress(req.method, req.url);
    if (clean !== null) return redirectPermanently(res, clean);
    const toApp = () => {
      try {
        log.withFields({ requestId }, () => app(req, res));
      } catch (error) {
        answerFault(req, res, error);
      }
    };
    // Pages go in at once; forms take turns (app/lib/post-turns.server.ts, decision 068).
    answerFromPageCache(req, res, () => (req.method === "POST" ? postTurns.take(res, toApp) : toApp()));
  } catch (error) {
    answerFault(req, res, error);
  }
});
// A launch's crowd connects at once: Node's default queue of 511 connections waiting to be
// accepted overflowed, and the kernel dropped the rest, whose browsers tried again 1, 3, 7 and
// 15 s later (the launch bench, decision 058). The kernel caps this at net.core.somaxconn.
const ACCEPT_QUEUE = 4096;
// An idle connection is kept longer than the proxy in front keeps its own (docker/haproxy.cfg,
// `timeout http-keep-alive 65s`): closing it first, the server raced the proxy's next request on
// it. And a shopper's browser reconnected at the opening's click after Node's 5 s, the whole crowd
// at once. The graceful stop closes idle connections itself.
server.keepAliveTimeout = 70_000;
server.listen({ port, host, backlog: ACCEPT_QUEUE }, () => {
  const url = `http://${host ?? "localhost"}:${port}`;
  log.info("listening", { url }, `[web] ${url}`);
});
server.on("error", (error) => refuseToStart(`cannot listen on ${host ?? ""}:${port}: ${error.message}`));

// Prometheus metrics on a listener of their own (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by
// default), never on the public port: the proxy in front knows nothing of it (decision 044).
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : undefined;
if (metricsPort !== undefined) {
  if (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port)
    refuseToStart(`METRICS_PORT must be a port number other than PORT, not ${process.env.METRICS_PORT}`);
  const metricsHost = process.env.METRICS_HOST || "127.0.0.1";
  webMetrics.serve({ port: metricsPort, host: metricsHost }).then(
    () => {
      const url = `http://${metricsHost}:${metricsPort}/metrics`;
      log.info("metrics", { url }, `[web] metrics on ${url}`);
    },
    (error) => refuseToStart(`cannot serve metrics on ${metricsHost}:${metricsPort}: ${error.message}`),
  );
}
// Whether the worker stopped is told by the web server (it cannot say so itself): the owner's
// e-mail, once per incident (decision 044).
const stopWatchingWorker = webMetrics.watchWorker((error) =>
  log.warn(
    "worker watch failed",
    { error: String(error?.message ?? error) },
    `[web] worker watch: ${error?.message ?? error}`,
  ),
);

/** docker stop and Kubernetes wait 10 s before SIGKILL: everything ends before. */
const STOP_LIMIT_MS = 9_500;
/** Requests still running then are cut, leaving time to close the connections. */
const REQUESTS_LIMIT_MS = 8_000;
/** Streams the app did not end itself (the admin's live stock) are cut after this. */
const STREAMS_LIMIT_MS = 1_000;

const isEventStream = (res) => String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream");

/**
 * SIGTERM (docker stop, a rolling update) or Ctrl-C: stop accepting connections, end the live
 * streams (browsers reconnect, behind a load balancer to another server), let the requests in
 * flight finish on connections that then close, close the pool and the LISTEN connection, exit 0.
 */
async function stop(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  stopWatchingWorker();
  const begun = Date.now();
  setTimeout(() => {
    log.error(
      "still stopping at the limit: exiting",
      { signal },
      `[web] still stopping after ${STOP_LIMIT_MS} ms: exiting`,
    );
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  const streams = appStop?.endStreams() ?? 0;
  // A response not yet begun says the connection closes after it (keep-alive would hold it).
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  const requests = [...inFlight].filter((res) => !isEventStream(res)).length;
  log.info(
    "stopping",
    { signal, streams, requests },
    `[web] ${signal}: stopping (${streams} live streams ended, ${requests} requests to finish)`,
  );
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cutStreams = setTimeout(() => {
    for (const res of inFlight) if (isEventStream(res)) res.destroy();
  }, STREAMS_LIMIT_MS);
  const cutRequests = setTimeout(() => {
    log.warn("requests cut", { count: inFlight.size }, `[web] ${inFlight.size} requests still running: cut`);
    server.closeAllConnections();
  }, REQUESTS_LIMIT_MS);
  await closed;
  clearInterval(idle);
  clearTimeout(cutStreams);
  clearTimeout(cutRequests);
  await appStop?.close();
  await flushErrorReports();
  const ms = Date.now() - begun;
  log.info("stopped", { ms }, `[web] stopped in ${ms} ms (requests finished, database connections closed)`);
  process.exit(exitCode);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

// An exception nothing caught may have left this process half-way through something (a callback
// lost, a stream in an unknown state): it is logged, and the server stops gracefully with code 1
// (requests in flight finish), so that the orchestrator — or npm start's launcher — starts a
// fresh one. It never takes the database down with it.
process.on("uncaughtException", (error) => {
  log.error(
    "uncaught exception: stopping",
    { error: String(error?.stack ?? error) },
    `[web] uncaught exception, stopping: ${error?.stack ?? error}`,
  );
  reportError(error, { tags: { where: "uncaught" } });
  stop("uncaughtException", 1);
});
// A rejection nobody awaited changed nothing by itself: it is logged and the server serves on.
process.on("unhandledRejection", (reason) => {
  log.error(
    "unhandled rejection",
    { error: String(reason?.stack ?? reason) },
    `[web] unhandled rejection: ${reason?.stack ?? reason}`,
  );
  reportError(reason, { tags: { where: "unhandled-rejection" } });
});
