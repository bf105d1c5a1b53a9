/**
 * The production HTTP server: the Remix build behind Express, like `remix-serve`, plus the one
 * thing it cannot give the app — the client's network address, which the tracking page's rate
 * limit needs. The app decides (app/lib/client.server.ts) whether to trust X-Forwarded-For.
 */
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const build = await import("./build/server/index.js").catch((error) => {
  // A refused configuration says what to set, without a stack trace.
  if (!String(error?.message).startsWith("Invalid configuration")) throw error;
  console.error(`[web] ${error.message}`);
  process.exit(1);
});

const app = express();
app.disable("x-powered-by");
// The same security headers on every response, files included (app/lib/security-headers.server.ts).
app.use((_req, res, next) => {
  for (const [name, value] of Object.entries(build.entry.module.SECURITY_HEADERS)) res.setHeader(name, value);
  next();
});
// Server-sent events must reach the browser as they are written, never held for compression.
app.use(
  compression({
    filter: (req, res) =>
      !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
      compression.filter(req, res),
  }),
);
// Hashed file names: cached for a year. Everything else in public/: an hour.
app.use("/assets", express.static(here("./build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(here("./build/client"), { maxAge: "1h" }));
// Path only: query strings can carry a tracking token and never reach the logs. Placed before
// the checks below, so that refused requests are logged too.
app.use(morgan(":method :path :status :res[content-length] - :response-time ms"));
morgan.token("path", (req) => req.path);
app.use(refuseCrossSiteWrites);
app.use(limitBodySize);
app.all(
  "*",
  createRequestHandler({
    build,
    getLoadContext: (req) => ({ socketAddress: req.socket.remoteAddress ?? null }),
  }),
);

/** Answers a request refused here, before the app, with one log line saying why (never the query). */
function refuse(req, res, status, reason, body) {
  console.warn(`[refused] ${req.method} ${req.path} ${status} ${reason}`);
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

const port = Number(process.env.PORT) || 3000;
const host = process.env.HOST || undefined;
const server = app.listen(port, host, () => {
  console.log(`[web] http://${host ?? "localhost"}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
