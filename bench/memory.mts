/**
 * The web process's memory under a long run of page requests: its resident size after 10,000
 * requests and after 100,000, read from /proc. Kept pages, the collection, the route table and
 * the words are built once; anything that grows with requests (a cache without a bound, a
 * listener per request, a stream never let go) shows as a difference between the two.
 *
 * The requests go round first-time visitors' pages (home, product, magazine, from the page
 * cache), a product page rendered for one visitor (`?photo=2`: never kept) and the live
 * availability stream, opened and dropped.
 */
import { readFileSync } from "node:fs";
import { type LoadTool, load, pickLoadTool } from "./http.mts";
import type { Figure } from "./table.mts";

export interface MemoryOptions {
  baseUrl: string;
  pid: number;
  connections: number;
  firstCount: number;
  secondCount: number;
}

const BUDGET_GROWTH = 0.1;
const PATHS = ["/", "/produit/sac-banane-aicha", "/magazine", "/produit/sac-banane-nadia?photo=2"];

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes * 1024;
}

/** Opens live availability streams and drops them, as pages left and closed do. */
async function openAndDropStreams(baseUrl: string, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async () => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/live/availability`, { signal: controller.signal });
      await response.body?.getReader().read();
      controller.abort();
    }),
  );
}

/** Sends requests round the pages until `total` have been answered since the start. */
async function requestUntil(tool: LoadTool, options: MemoryOptions, done: { count: number }, total: number) {
  let next = 0;
  while (done.count < total) {
    const path = PATHS[next++ % PATHS.length] as string;
    const result = await load(tool, new URL(path, options.baseUrl).href, options.connections, 1);
    if (result.errors > 0) throw new Error(`${result.errors} failed requests on ${path}`);
    done.count += result.requests;
    if (next % PATHS.length === 0) await openAndDropStreams(options.baseUrl, 5);
  }
}

export async function benchMemory(options: MemoryOptions): Promise<Figure[]> {
  const tool = await pickLoadTool();
  const done = { count: 0 };
  console.log(`[bench] memory: ${options.firstCount.toLocaleString("en")} requests…`);
  await requestUntil(tool, options, done, options.firstCount);
  const first = { requests: done.count, bytes: residentBytes(options.pid) };
  console.log(`[bench] memory: on to ${options.secondCount.toLocaleString("en")} requests…`);
  await requestUntil(tool, options, done, options.secondCount);
  const second = { requests: done.count, bytes: residentBytes(options.pid) };
  const growth = (second.bytes - first.bytes) / first.bytes;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    {
      section: "memory",
      figure: "web process memory (RSS), 10,000 → 100,000 requests",
      value: `${mb(first.bytes)} → ${mb(second.bytes)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %)`,
      budget: `≤ +${BUDGET_GROWTH * 100} %`,
      met: growth <= BUDGET_GROWTH,
      data: { first, second, growth },
      note: `${first.requests.toLocaleString("en")} then ${second.requests.toLocaleString("en")} requests round ${PATHS.join(", ")} (${tool.name}, ${options.connections} connections), live availability streams opened and dropped between rounds.`,
    },
  ];
}
