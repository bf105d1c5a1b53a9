/**
 * The audience count's cost to the kept pages (decisions 047 and 064, issue 35): the same kept page
 * loaded from two servers of the same build and database, one counting (the default) and one with
 * AUDIENCE_MEASUREMENT=off, in turns (counted, not counted, counted, not counted…) so that the
 * machine's other work weighs on both alike. Each server's better run is kept for req/s and p99;
 * every turn is listed. On a machine shared with other work, req/s move with it: each server's
 * CPU time per request (user + system, read from /proc, the batches read off the request's path
 * included) says what counting costs whatever else runs.
 */
import { readFileSync } from "node:fs";
import { type LoadResult, load, pickLoadTool } from "./http.mts";
import { type Figure, ms, percent, perSecond } from "./table.mts";

export interface AudienceOptions {
  countedUrl: string;
  uncountedUrl: string;
  /** The servers' process ids, for their CPU time (Linux); absent: not measured. */
  countedPid?: number;
  uncountedPid?: number;
  page: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  turns: number;
  log: (line: string) => void;
}

/** The counting server may serve this much less than the other before it costs "something". */
const BUDGET_SHARE = 0.9;

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far, in ms (user + system), or null where /proc cannot tell. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command's name (which may hold spaces), in its parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

interface Turn extends LoadResult {
  /** The server's CPU time per request answered, in µs (null: not measured). */
  cpuPerRequestUs: number | null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const signedPercent = (ratio: number) => `${ratio >= 0 ? "+" : "−"}${percent(Math.abs(ratio))}`;

export async function benchAudience(options: AudienceOptions): Promise<Figure[]> {
  const tool = await pickLoadTool();
  const runs = { counted: [] as Turn[], uncounted: [] as Turn[] };
  const urls = {
    counted: new URL(options.page, options.countedUrl).href,
    uncounted: new URL(options.page, options.uncountedUrl).href,
  };
  const pids = { counted: options.countedPid, uncounted: options.uncountedPid };
  for (const which of ["counted", "uncounted"] as const) {
    if (options.warmupSeconds > 0) await load(tool, urls[which], options.connections, options.warmupSeconds);
  }
  for (let turn = 0; turn < options.turns; turn++) {
    for (const which of ["counted", "uncounted"] as const) {
      options.log(`audience: ${options.page}, ${which}, turn ${turn + 1} of ${options.turns}…`);
      const before = cpuMs(pids[which]);
      const result = await load(tool, urls[which], options.connections, options.seconds);
      const after = cpuMs(pids[which]);
      const cpuPerRequestUs =
        before !== null && after !== null && result.requests > 0
          ? ((after - before) * 1000) / result.requests
          : null;
      runs[which].push({ ...result, cpuPerRequestUs });
    }
  }
  const best = (results: Turn[]) =>
    results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const counted = best(runs.counted);
  const uncounted = best(runs.uncounted);
  const share = counted.requestsPerSecond / uncounted.requestsPerSecond;
  const line = (result: LoadResult) =>
    `p99 ${ms(result.p99)}, p50 ${ms(result.p50)}, ${perSecond(result.requestsPerSecond, "req/s")}`;
  const turnsOf = (results: Turn[]) =>
    results
      .map(
        (result) =>
          `${perSecond(result.requestsPerSecond, "req/s")} p99 ${ms(result.p99)}` +
          (result.cpuPerRequestUs === null ? "" : ` ${result.cpuPerRequestUs.toFixed(1)} µs CPU/req`),
      )
      .join("; ");
  const cpu = (results: Turn[]) => {
    const measured = results.flatMap((result) =>
      result.cpuPerRequestUs === null ? [] : [result.cpuPerRequestUs],
    );
    return measured.length === results.length ? median(measured) : null;
  };
  const cpuCounted = cpu(runs.counted);
  const cpuUncounted = cpu(runs.uncounted);
  const figures: Figure[] = [
    {
      section: "audience",
      figure: `kept page ${options.page} with the audience counted (AUDIENCE_MEASUREMENT=on, the default)`,
      value: line(counted),
      budget: "—",
      met: null,
      data: { ...counted, turns: runs.counted },
      note: `${options.connections} connections, ${options.seconds} s a run, ${tool.name}, a browser's user agent (counted), ${options.turns} turns each, the better kept; turns: ${turnsOf(runs.counted)}`,
    },
    {
      section: "audience",
      figure: `kept page ${options.page} without it (AUDIENCE_MEASUREMENT=off)`,
      value: line(uncounted),
      budget: "—",
      met: null,
      data: { ...uncounted, turns: runs.uncounted },
      note: `turns: ${turnsOf(runs.uncounted)}`,
    },
    {
      section: "audience",
      figure: "the audience count's cost: req/s counted ÷ not counted",
      value: `${percent(share)} (p99 ${ms(counted.p99)} against ${ms(uncounted.p99)})`,
      budget: `≥ ${percent(BUDGET_SHARE)}`,
      met: share >= BUDGET_SHARE && counted.errors === 0 && uncounted.errors === 0,
      data: { share },
    },
  ];
  if (cpuCounted !== null && cpuUncounted !== null) {
    figures.push({
      section: "audience",
      figure: "the server's CPU time per kept page, counted against not counted (median of the turns)",
      value: `${cpuCounted.toFixed(1)} µs against ${cpuUncounted.toFixed(1)} µs (${signedPercent(cpuCounted / cpuUncounted - 1)})`,
      budget: "—",
      met: null,
      data: { cpuCounted, cpuUncounted },
    });
  }
  return figures;
}
