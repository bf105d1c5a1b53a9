/**
 * The home, product and magazine pages as a first-time visitor gets them from the app vs the same
 * bytes served from a buffer by a plain node:http server (the ceiling of this machine's HTTP
 * stack), one after the other, with the same load generator, connections and
 * `Accept-Encoding: gzip` (both answer gzip bytes).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { ensureDebianPackage, runCommand, startTracked, stopGroup } from "./processes.mts";
import { type Figure, ms, percent, perSecond } from "./table.mts";

export interface HttpOptions {
  baseUrl: string;
  pages: { name: string; path: string }[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  repoRoot: string;
}

export interface LoadResult {
  tool: "wrk" | "autocannon";
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers and socket errors (connect, read, write, timeout). */
  errors: number;
}

const BUDGET_RATIO = 0.1;
const BUDGET_P99_MS = 50;

/** The page as the app sends it to a browser: raw (gzip) bytes and the headers that matter. */
function fetchRaw(url: string): Promise<{ body: Buffer; contentType: string; contentEncoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        resolve({
          body: Buffer.concat(chunks),
          contentType: String(response.headers["content-type"] ?? "text/html"),
          contentEncoding: String(response.headers["content-encoding"] ?? ""),
        });
      });
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** wrk prints durations as 812.00us, 4.51ms, 1.02s or 2.00m. */
function wrkDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`unreadable wrk duration "${text}"`);
  const value = Number(match[1]);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
  return value * factor;
}

export function parseWrk(output: string): Omit<LoadResult, "tool"> {
  const line = (pattern: RegExp) => pattern.exec(output)?.[1];
  const rps = line(/Requests\/sec:\s+([\d.]+)/);
  const p50 = line(/^\s+50%\s+(\S+)/m);
  const p99 = line(/^\s+99%\s+(\S+)/m);
  const requests = line(/(\d+) requests in/);
  if (!rps || !p50 || !p99 || !requests) throw new Error(`unreadable wrk output:\n${output}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const non2xx = Number(line(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0);
  return {
    requestsPerSecond: Number(rps),
    p50: wrkDuration(p50),
    p99: wrkDuration(p99),
    requests: Number(requests),
    errors: socketErrors + non2xx,
  };
}

export type LoadTool =
  | { name: "wrk"; path: string }
  | { name: "autocannon"; path: string; whyNotWrk: string };

export async function pickLoadTool(): Promise<LoadTool> {
  const wrk = await ensureDebianPackage("wrk", "wrk", () =>
    ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((candidate) => canRun(candidate)),
  );
  if (wrk.ok) return { name: "wrk", path: wrk.path };
  const require = createRequire(import.meta.url);
  const autocannon = path.join(path.dirname(require.resolve("autocannon/package.json")), "autocannon.js");
  return { name: "autocannon", path: autocannon, whyNotWrk: wrk.reason };
}

function canRun(binary: string): boolean {
  try {
    return statSync(binary).isFile();
  } catch {
    return false;
  }
}

/**
 * A browser's user agent: the shop counts its audience for browsers only (decision 047), so the
 * load pays what a shopper's page costs, counting included (AUDIENCE_MEASUREMENT=off to compare).
 */
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

export async function load(
  tool: LoadTool,
  url: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  if (tool.name === "wrk") {
    const threads = String(Math.min(2, connections));
    const run = await runCommand(tool.path, [
      `-t${threads}`,
      `-c${connections}`,
      `-d${seconds}s`,
      "--timeout",
      "10s",
      "--latency",
      "-H",
      "Accept-Encoding: gzip",
      "-H",
      `User-Agent: ${BROWSER}`,
      url,
    ]);
    if (run.code !== 0) throw new Error(`wrk failed (${run.code}): ${run.stderr || run.stdout}`);
    return { tool: "wrk", ...parseWrk(run.stdout) };
  }
  // In its own process: the benchmark's event loop stays out of the measurement.
  const run = await runCommand(process.execPath, [
    tool.path,
    "-c",
    String(connections),
    "-d",
    String(seconds),
    "-H",
    "accept-encoding=gzip",
    "-H",
    `user-agent=${BROWSER}`,
    "-j",
    url,
  ]);
  if (run.code !== 0) throw new Error(`autocannon failed (${run.code}): ${run.stderr}`);
  const report = JSON.parse(run.stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    tool: "autocannon",
    requestsPerSecond: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    requests: report.requests.total,
    errors: report.non2xx + report.errors + report.timeouts,
  };
}

/** Starts bench/static-server.mts with the page's bytes; resolves with its address. */
export async function startStaticServer(
  repoRoot: string,
  page: { body: Buffer; contentType: string; contentEncoding: string },
  folder: string,
) {
  const bodyFile = path.join(folder, "product-page.body");
  writeFileSync(bodyFile, page.body);
  const server = startTracked(
    "static server",
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(repoRoot, "bench/static-server.mts"),
      bodyFile,
      page.contentType,
      page.contentEncoding,
    ],
    { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_ENV: "production" } },
  );
  const lines = createInterface({ input: server.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("exit", (code) => reject(new Error(`the static server exited (${code})`)));
    lines.on("line", (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  lines.close();
  return { url: `http://127.0.0.1:${port}/`, stop: () => stopGroup(server) };
}

export async function benchHttp(options: HttpOptions): Promise<Figure[]> {
  const tool = await pickLoadTool();
  const figures: Figure[] = [];
  for (const page of options.pages) figures.push(...(await benchPage(options, tool, page)));
  return figures;
}

async function benchPage(
  options: HttpOptions,
  tool: LoadTool,
  { name, path: pagePath }: HttpOptions["pages"][number],
): Promise<Figure[]> {
  const appUrl = new URL(pagePath, options.baseUrl).href;
  const page = await fetchRaw(appUrl);
  const folder = mkdtempSync(path.join(tmpdir(), "souls-bench-http-"));
  const staticServer = await startStaticServer(options.repoRoot, page, folder);
  try {
    const measure = async (url: string) => {
      // JIT, connection pools and caches warm up first; that run is not counted.
      if (options.warmupSeconds > 0) await load(tool, url, options.connections, options.warmupSeconds);
      return load(tool, url, options.connections, options.seconds);
    };
    console.log(`[bench] http: ${pagePath} from the app, ${options.connections} connections, ${tool.name}…`);
    const app = await measure(appUrl);
    console.log("[bench] http: the same bytes from a plain node:http server…");
    const ceiling = await measure(staticServer.url);
    const ratio = app.requestsPerSecond / ceiling.requestsPerSecond;
    const setup = `${options.connections} connections, ${options.seconds} s each, ${tool.name}, Accept-Encoding: gzip (${page.body.length} bytes ${page.contentEncoding || "uncompressed"})`;
    const errors = (result: LoadResult) => (result.errors > 0 ? `, ${result.errors} errors` : "");
    const line = (result: LoadResult) =>
      `${perSecond(result.requestsPerSecond, "req/s")}, p50 ${ms(result.p50)}, p99 ${ms(result.p99)}${errors(result)}`;
    const toolNote =
      tool.name === "autocannon"
        ? ` wrk unavailable (${tool.whyNotWrk}): autocannon, which competes with the servers for CPU.`
        : "";
    return [
      {
        section: "http",
        figure: `${name} page ${pagePath}, app`,
        value: line(app),
        budget: "—",
        met: null,
        data: { ...app, url: pagePath, setup },
        note: `${setup}.${toolNote}`,
      },
      {
        section: "http",
        figure: `${name}: same bytes, static node:http server`,
        value: line(ceiling),
        budget: "—",
        met: null,
        data: { ...ceiling },
      },
      {
        section: "http",
        figure: `${name}: app ÷ static ceiling (req/s)`,
        value: percent(ratio),
        budget: `≥ ${BUDGET_RATIO * 100} %`,
        met: ratio >= BUDGET_RATIO && app.errors === 0,
        data: { ratio },
      },
      {
        section: "http",
        figure: `${name} page p99, app`,
        value: ms(app.p99),
        budget: `≤ ${BUDGET_P99_MS} ms`,
        met: app.p99 <= BUDGET_P99_MS && app.errors === 0,
        data: { p99: app.p99 },
      },
    ];
  } finally {
    await staticServer.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
