/**
 * Lighthouse 12 (mobile, its default: simulated slow 4G and a 4× slower CPU) on the shop's key
 * pages in both languages, one Chromium for every run, one page after the other.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { CHROME_FLAGS, cleanup, ensureChromium } from "./processes.mts";
import type { Figure } from "./table.mts";

export const LIGHTHOUSE_PAGES = [
  { name: "home, fr", path: "/" },
  { name: "home, en", path: "/en" },
  { name: "product, fr", path: "/produit/sac-banane-aicha" },
  { name: "product, en", path: "/en/product/aicha-fanny-pack" },
  // A model the owner photographed (issue 23): its photos in AVIF and WebP at the layout's widths.
  { name: "product with photos, fr", path: "/produit/sac-banane-zora" },
  { name: "product with photos, en", path: "/en/product/zora-fanny-pack" },
  { name: "cart, fr", path: "/panier" },
  { name: "cart, en", path: "/en/cart" },
  // A purchase in progress is never indexed (noindex, by design): its SEO score has no budget.
  { name: "checkout, fr", path: "/checkout?product=aicha&qty=1", indexed: false },
  { name: "checkout, en", path: "/en/checkout?product=aicha&qty=1", indexed: false },
  { name: "article, fr", path: "/magazine/tissus-marocains-traditionnels" },
  { name: "article, en", path: "/en/magazine/traditional-moroccan-fabrics" },
  // Issue 28: every shopper page, not only the busiest.
  { name: "magazine, fr", path: "/magazine" },
  { name: "legal (terms of sale), fr", path: "/cgv" },
  { name: "order tracking, fr", path: "/suivi-commande", indexed: false },
] as const satisfies readonly { name: string; path: string; indexed?: false }[];

const budgetText = (page: (typeof LIGHTHOUSE_PAGES)[number]) =>
  "indexed" in page ? "perf 100, a11y and BP 100 (noindex)" : "100 each";

const CATEGORIES = [
  { id: "performance", label: "perf", budget: 100 },
  { id: "accessibility", label: "a11y", budget: 100 },
  { id: "best-practices", label: "BP", budget: 100 },
  { id: "seo", label: "SEO", budget: 100 },
] as const;

export interface PageScores {
  scores: Record<(typeof CATEGORIES)[number]["id"], number | null>;
  /** Audits that cost points, per category: "title (display value)". */
  lost: Record<string, string[]>;
  /** Lighthouse's opportunities and main-thread diagnostics, most time first. */
  opportunities: string[];
  /** Core metrics as Lighthouse displays them. */
  metrics: Record<string, string>;
  /** Scripts the browser fetched during the run (Lighthouse's network log), bytes on the wire. */
  scriptTransferBytes: number;
  scripts: { url: string; transferSize: number }[];
  warnings: string[];
}

/** "title (value)", plus what a few audits found (issue types, console errors). */
function describeAudit(audit: Result["audits"][string]): string {
  const title = audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title;
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const found =
    audit.id === "inspector-issues"
      ? items.map((item) => {
          const urls = ((item.subItems as { items?: { url?: string }[] } | undefined)?.items ?? [])
            .map((sub) => sub.url)
            .filter(Boolean);
          return `${String(item.issueType ?? "")}${urls.length > 0 ? ` (${urls.slice(0, 2).join(", ")})` : ""}`;
        })
      : audit.id === "errors-in-console"
        ? items.map((item) => String(item.description ?? "").slice(0, 140))
        : [];
  return found.length > 0 ? `${title}: ${[...new Set(found)].slice(0, 3).join(", ")}` : title;
}

function summarise(lhr: Result): PageScores {
  const scores = Object.fromEntries(
    CATEGORIES.map(({ id }) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === "number" ? Math.round(score * 100) : null];
    }),
  ) as PageScores["scores"];
  const lost: Record<string, string[]> = {};
  for (const { id } of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    lost[id] = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) => audit && typeof audit.score === "number" && audit.score < (id === "performance" ? 0.9 : 1),
      )
      .map((audit) => describeAudit(audit as Result["audits"][string]));
  }
  // What Lighthouse suggests to win time: opportunities (≥ 100 ms) and where the main thread went.
  const opportunities = Object.values(lhr.audits)
    .map((audit) => ({
      audit,
      savings: (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0,
    }))
    .filter(({ audit, savings }) => savings >= 100 && typeof audit.score === "number" && audit.score < 1)
    .sort((a, b) => b.savings - a.savings)
    .map(({ audit, savings }) => `${audit.title} (~${Math.round(savings)} ms)`);
  for (const id of ["bootup-time", "mainthread-work-breakdown", "render-blocking-resources"]) {
    const audit = lhr.audits[id];
    if (audit?.displayValue && !opportunities.some((line) => line.startsWith(audit.title))) {
      opportunities.push(`${audit.title}: ${audit.displayValue}`);
    }
  }
  const metrics: Record<string, string> = {};
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) metrics[id] = audit.displayValue;
  }
  const requests = lhr.audits["network-requests"]?.details as
    | { items?: { url: string; resourceType?: string; transferSize?: number }[] }
    | undefined;
  const scripts = (requests?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: new URL(item.url).pathname, transferSize: item.transferSize ?? 0 }));
  const scriptTransferBytes = scripts.reduce((sum, item) => sum + item.transferSize, 0);
  return {
    scores,
    lost,
    opportunities,
    metrics,
    scriptTransferBytes,
    scripts,
    warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
  };
}

/** " (93–95)" over several runs, nothing for one run or runs that agree. */
function spread(scores: number[]): string {
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  return scores.length > 1 && low !== high ? ` (${low}–${high})` : "";
}

export async function runLighthouse(
  baseUrl: string,
  runsPerPage: number,
  pages = LIGHTHOUSE_PAGES,
): Promise<Figure[]> {
  const chromePath = await ensureChromium();
  let chrome: LaunchedChrome | undefined = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    // The benchmark's own cleanup stops Chromium on Ctrl-C, after the runs it interrupts.
    handleSIGINT: false,
  });
  const forget = cleanup.add("Chromium", () => chrome?.kill());
  const figures: Figure[] = [];
  try {
    for (const page of pages) {
      console.log(`[bench] lighthouse: ${page.path}${runsPerPage > 1 ? ` (${runsPerPage} runs)` : ""}…`);
      const runs: Result[] = [];
      const errors: string[] = [];
      // NO_NAVSTART and similar trace failures happen now and then on a busy machine: try again.
      for (let attempt = 0; runs.length < runsPerPage && attempt < runsPerPage + 2; attempt++) {
        try {
          const result = await lighthouse(new URL(page.path, baseUrl).href, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES.map((category) => category.id),
          });
          if (!result) throw new Error("Lighthouse returned no result");
          // A run that saw no paint (NO_FCP and the like) has no scores to compare.
          if (result.lhr.runtimeError)
            throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
          if (typeof result.lhr.audits["first-contentful-paint"]?.numericValue !== "number") {
            throw new Error("the run recorded no First Contentful Paint");
          }
          runs.push(result.lhr);
          // LIGHTHOUSE_REPORTS=folder keeps each run's report, to read where the time goes.
          if (process.env.LIGHTHOUSE_REPORTS) {
            const name = `${page.name.replace(/\W+/g, "_")}-${runs.length}.json`;
            writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
          }
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      if (runs.length === 0) {
        figures.push({
          section: "lighthouse",
          figure: `Lighthouse ${page.name} ${page.path}`,
          value: `no valid run (${errors[0]?.split("\n")[0] ?? "unknown error"})`,
          budget: budgetText(page),
          met: false,
          data: { path: page.path, errors },
          note: errors.join(" | "),
        });
        continue;
      }
      // Lighthouse's own choice of the representative run (median FCP and TTI).
      const summary = summarise(runs.length > 1 ? computeMedianRun(runs) : (runs[0] as Result));
      if (runs.length < runsPerPage) {
        summary.warnings.push(`only ${runs.length} of ${runsPerPage} runs succeeded: ${errors.join("; ")}`);
      }
      const performanceScores = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
      const missed = CATEGORIES.filter(
        ({ id, budget }) => (summary.scores[id] ?? -1) < budget && !(id === "seo" && "indexed" in page),
      );
      const reasons = missed.map(({ id, label }) => {
        const audits = summary.lost[id] ?? [];
        const metrics =
          id === "performance"
            ? ` [FCP ${summary.metrics["first-contentful-paint"]}, LCP ${summary.metrics["largest-contentful-paint"]}, TBT ${summary.metrics["total-blocking-time"]}, CLS ${summary.metrics["cumulative-layout-shift"]}, SI ${summary.metrics["speed-index"]}]`
            : "";
        const hints =
          id === "performance" && summary.opportunities.length > 0
            ? `; ${summary.opportunities.join("; ")}`
            : "";
        return `${label} ${summary.scores[id] ?? "n/a"}: ${audits.join("; ") || "no single audit failed"}${metrics}${hints}`;
      });
      figures.push({
        section: "lighthouse",
        figure: `Lighthouse ${page.name} ${page.path}`,
        // The median run's scores, and the spread of the performance score over the runs.
        value: `${CATEGORIES.map(
          ({ id, label }) =>
            `${label} ${summary.scores[id] ?? "n/a"}${id === "performance" ? spread(performanceScores) : ""}`,
        ).join(" · ")} · TBT ${summary.metrics["total-blocking-time"] ?? "n/a"}`,
        budget: budgetText(page),
        met: missed.length === 0,
        data: { path: page.path, runs: runs.length, performanceScores, failedRuns: errors, ...summary },
        note:
          [...reasons, ...summary.warnings.map((warning) => `warning: ${warning}`)].join(" | ") || undefined,
      });
    }
  } finally {
    forget();
    chrome.kill();
    chrome = undefined;
  }
  return figures;
}
