/**
 * The audience count's cost to the kept pages (decision 047, issue 35): the same kept page loaded
 * from two servers of the same build and database, one counting (the default) and one with
 * AUDIENCE_MEASUREMENT=off, in turns (counted, not counted, counted, not counted) so that the
 * machine's other work weighs on both alike. Each server's better run is kept.
 */
import { type LoadResult, load, pickLoadTool } from "./http.mts";
import { type Figure, ms, percent, perSecond } from "./table.mts";

export interface AudienceOptions {
  countedUrl: string;
  uncountedUrl: string;
  page: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  log: (line: string) => void;
}

/** The counting server may serve this much less than the other before it costs "something". */
const BUDGET_SHARE = 0.9;

export async function benchAudience(options: AudienceOptions): Promise<Figure[]> {
  const tool = await pickLoadTool();
  const runs = { counted: [] as LoadResult[], uncounted: [] as LoadResult[] };
  const urls = {
    counted: new URL(options.page, options.countedUrl).href,
    uncounted: new URL(options.page, options.uncountedUrl).href,
  };
  for (const which of ["counted", "uncounted"] as const) {
    if (options.warmupSeconds > 0) await load(tool, urls[which], options.connections, options.warmupSeconds);
  }
  for (let turn = 0; turn < 2; turn++) {
    for (const which of ["counted", "uncounted"] as const) {
      options.log(`audience: ${options.page}, ${which}, turn ${turn + 1} of 2…`);
      runs[which].push(await load(tool, urls[which], options.connections, options.seconds));
    }
  }
  const best = (results: LoadResult[]) =>
    results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const counted = best(runs.counted);
  const uncounted = best(runs.uncounted);
  const share = counted.requestsPerSecond / uncounted.requestsPerSecond;
  const line = (result: LoadResult) =>
    `p99 ${ms(result.p99)}, p50 ${ms(result.p50)}, ${perSecond(result.requestsPerSecond, "req/s")}`;
  return [
    {
      section: "audience",
      figure: `kept page ${options.page} with the audience counted (AUDIENCE_MEASUREMENT=on, the default)`,
      value: line(counted),
      budget: "—",
      met: null,
      data: { ...counted },
      note: `${options.connections} connections, ${options.seconds} s a run, ${tool.name}, a browser's user agent (counted), two turns each, the better kept`,
    },
    {
      section: "audience",
      figure: `kept page ${options.page} without it (AUDIENCE_MEASUREMENT=off)`,
      value: line(uncounted),
      budget: "—",
      met: null,
      data: { ...uncounted },
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
}
