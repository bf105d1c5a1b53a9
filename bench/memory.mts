/**
 * The web process's memory under a long run of page requests, after 10,000 requests and after
 * 100,000: what its objects hold after a full garbage collection (a heap snapshot, asked for with
 * SIGUSR2), and its resident size (/proc) once the burst is over. Kept pages, the collection, the
 * route table and the words are built once; anything that grows with requests (a cache without a
 * bound, a listener per request, a stream never let go) shows as a difference in the first. The
 * resident size, read once the process has been idle long enough for V8 to give back the room it
 * grew for the burst, also holds what the allocator keeps, which a fresh process grows for a while
 * before it levels off.
 *
 * The requests go round first-time visitors' pages (home, product, magazine, from the page
 * cache), a product page rendered for one visitor (`?photo=2`: never kept) and the live
 * availability stream, opened and dropped.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type LoadTool, load, pickLoadTool } from "./http.mts";
import type { Figure } from "./table.mts";

export interface MemoryOptions {
  baseUrl: string;
  /** Where the app writes its heap snapshots (its --diagnostic-dir). */
  heapFolder: string;
  pid: number;
  connections: number;
  firstCount: number;
  secondCount: number;
}

const BUDGET_GROWTH = 0.1;
/**
 * Quiet seconds after a burst over which the resident size is read (its lowest sample). Under load
 * the old generation fills with the requests' garbage up to a few times the live objects, and V8
 * gives that room back only once the process has been idle for a while (its memory reducer: about
 * 17 s after a burst here). Read sooner, the figure says where the collector's cycle stood.
 */
const SETTLE_SECONDS = 30;
const PATHS = ["/", "/produit/sac-banane-aicha", "/magazine", "/produit/sac-banane-nadia?photo=2"];

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`no VmRSS for process ${pid}`);
  return kilobytes * 1024;
}

/** The lowest resident size over a few quiet seconds: the burst's garbage collected. */
async function settledResidentBytes(pid: number): Promise<number> {
  let lowest = residentBytes(pid);
  for (let second = 0; second < SETTLE_SECONDS; second++) {
    await sleep(1_000);
    lowest = Math.min(lowest, residentBytes(pid));
  }
  return lowest;
}

/**
 * The bytes the process's live objects hold: Node writes a heap snapshot on SIGUSR2 after a full
 * garbage collection; the sum of its nodes' own sizes is what survived it.
 */
async function liveHeapBytes(pid: number, folder: string): Promise<number> {
  const before = new Set(readdirSync(folder));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  let file: string | undefined;
  let size = -1;
  while (Date.now() < deadline) {
    await sleep(500);
    file ??= readdirSync(folder).find((name) => !before.has(name) && name.endsWith(".heapsnapshot"));
    if (!file) continue;
    const now = statSync(path.join(folder, file)).size;
    // Written in one go by the process; done when its size stops moving and it parses.
    if (now > 0 && now === size) {
      try {
        const total = snapshotSelfSize(readFileSync(path.join(folder, file), "utf8"));
        rmSync(path.join(folder, file));
        return total;
      } catch {
        // not complete yet
      }
    }
    size = now;
  }
  throw new Error(`no heap snapshot from process ${pid} in 120 s`);
}

function snapshotSelfSize(text: string): number {
  const snapshot = JSON.parse(text) as {
    snapshot: { meta: { node_fields: string[] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const selfSize = fields.indexOf("self_size");
  let total = 0;
  for (let index = selfSize; index < snapshot.nodes.length; index += fields.length) {
    total += snapshot.nodes[index] as number;
  }
  return total;
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
  // The resident size first, over the budget's run: writing a heap snapshot grows it for a while.
  const first = { requests: done.count, bytes: await settledResidentBytes(options.pid) };
  console.log(`[bench] memory: on to ${options.secondCount.toLocaleString("en")} requests…`);
  await requestUntil(tool, options, done, options.secondCount);
  const second = { requests: done.count, bytes: await settledResidentBytes(options.pid) };
  // Then what the live objects hold, over as many requests again.
  console.log(
    `[bench] memory: heap snapshots over ${(options.secondCount).toLocaleString("en")} more requests…`,
  );
  const heapFrom = { requests: done.count, bytes: await liveHeapBytes(options.pid, options.heapFolder) };
  await requestUntil(tool, options, done, done.count + options.secondCount);
  const heapTo = { requests: done.count, bytes: await liveHeapBytes(options.pid, options.heapFolder) };
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const change = (from: number, to: number) => {
    const growth = (to - from) / from;
    return {
      growth,
      text: `${mb(from)} → ${mb(to)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %)`,
    };
  };
  const resident = change(first.bytes, second.bytes);
  const heap = change(heapFrom.bytes, heapTo.bytes);
  const count = (n: number) => n.toLocaleString("en");
  const rounds = `requests round ${PATHS.join(", ")} (${tool.name}, ${options.connections} connections), live availability streams opened and dropped between rounds`;
  return [
    {
      section: "memory",
      figure: `web process memory (RSS), ${count(options.firstCount)} → ${count(options.secondCount)} requests`,
      value: resident.text,
      budget: `≤ +${BUDGET_GROWTH * 100} %`,
      met: resident.growth <= BUDGET_GROWTH,
      data: { first, second, growth: resident.growth },
      note:
        `${count(first.requests)} then ${count(second.requests)} ${rounds}; the lowest of ${SETTLE_SECONDS} samples a second once each burst was over.` +
        (resident.growth <= BUDGET_GROWTH
          ? ""
          : " What grew is not held by the app's objects (next line): it is what the allocator keeps after a fresh process's first bursts."),
    },
    {
      section: "memory",
      figure: `its live objects after a full GC, over ${count(options.secondCount)} more requests`,
      value: heap.text,
      budget: `≤ +${BUDGET_GROWTH * 100} %`,
      met: heap.growth <= BUDGET_GROWTH,
      data: { from: heapFrom, to: heapTo, growth: heap.growth },
      note: `${count(heapFrom.requests)} then ${count(heapTo.requests)} requests; the sum of the object sizes in a heap snapshot the process writes on SIGUSR2, after a full collection: a cache, listener or stream kept per request would show here.`,
    },
  ];
}
