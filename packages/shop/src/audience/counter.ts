/**
 * The audience counted in memory (decision 047): each web server adds up its page views, visits,
 * sources and steps of the path, and hands them over in batches (AudienceCounter.drain) that
 * store.ts adds to the day's rows. Nothing here outlives the day: the salt that turns a visitor's
 * network and browser into a hash is random, drawn each Paris day, never written anywhere, and
 * dropped with the day's hashes at midnight, so tomorrow's hash of the same visitor shares nothing
 * with today's.
 */
import { hash, randomBytes } from "node:crypto";
import { shopDay } from "@souls/core/format";
import { DIRECT, OTHER, OTHER_SOURCE, type Source, sourceKey, sourceLabel } from "./sources";

export type FunnelStep = "page" | "cart" | "checkout" | "paid";

export interface AudienceLimits {
  /** Visitors remembered a day (their hashes): beyond, each page view of a new one is a visit. */
  visitors: number;
  /** Distinct sources (and source names in the path) a day; beyond, counted as « (autre) ». */
  sourcesPerDay: number;
  /** Distinct pages and models a day (the shop has a few dozen); beyond, « (autre) ». */
  pagesPerDay: number;
}

export const AUDIENCE_LIMITS: AudienceLimits = { visitors: 100_000, sourcesPerDay: 200, pagesPerDay: 500 };

/** What a page view counts: its page and its source, nothing of the visitor. */
export interface PageView {
  /** The screen's id (`home`, `product`, `cart`…), never the raw path. */
  page: string;
  locale: "fr" | "en";
  /** The model a model's page shows. */
  model?: string;
  /** The request's source; null: a step inside a visit (a referrer from the shop itself). */
  source: Source | null;
}

/** A page view, as server.mjs and the app see it: no address, no agent is kept past `record`. */
export interface PageHit extends PageView {
  /** The client's network (its IPv4 address, its IPv6 /64) and user agent, only hashed. */
  network: string;
  userAgent: string;
}

export interface AudienceBatch {
  pages: { day: string; page: string; locale: "fr" | "en"; views: number; visits: number }[];
  sources: (Source & { day: string; visits: number })[];
  funnel: { day: string; model: string; source: string; step: FunnelStep; count: number }[];
}

export interface CounterOptions {
  now?: () => Date;
  limits?: AudienceLimits;
  /** Where the day's salt comes from (tests): 32 random bytes by default. */
  drawSalt?: () => Buffer;
}

export function createAudienceCounter(options: CounterOptions = {}) {
  const now = options.now ?? (() => new Date());
  const limits = options.limits ?? AUDIENCE_LIMITS;
  const drawSalt = options.drawSalt ?? (() => randomBytes(32));

  // The day, its salt, and what the day has seen: replaced whole at midnight (Paris).
  let day = "";
  let saltText = "";
  /** Today's visitors (hash → their source's name in the path), in memory only. */
  let visitors = new Map<string, string>();
  let sourcesSeen = new Set<string>();
  let labelsSeen = new Set<string>();
  let pagesSeen = new Set<string>();

  // The counts not yet written, keyed with their day (a batch may straddle midnight).
  let pages = new Map<string, AudienceBatch["pages"][number]>();
  let sources = new Map<string, AudienceBatch["sources"][number]>();
  let funnel = new Map<string, AudienceBatch["funnel"][number]>();

  /** The minute `day` was last read in: Paris days change on a minute, and reading one costs. */
  let dayReadAt = Number.NaN;
  function today(): string {
    const time = now();
    const minute = Math.floor(time.getTime() / 60_000);
    if (minute === dayReadAt) return day;
    dayReadAt = minute;
    const current = shopDay(time);
    if (current !== day) {
      day = current;
      saltText = drawSalt().toString("base64");
      visitors = new Map();
      sourcesSeen = new Set();
      labelsSeen = new Set();
      pagesSeen = new Set();
    }
    return day;
  }

  function hashOf(network: string, userAgent: string): string {
    // One call, the salt as text (read once a day): every page view pays this.
    return hash("sha256", `${saltText}\n${network}\n${userAgent.slice(0, 512)}`, "base64url").slice(0, 22);
  }

  /** A page or model name within the day's cap. */
  function bounded(seen: Set<string>, value: string, cap: number): string {
    if (seen.has(value)) return value;
    if (seen.size >= cap) return OTHER;
    seen.add(value);
    return value;
  }

  function addStep(on: string, model: string, label: string, step: FunnelStep, n = 1): void {
    const name = bounded(labelsSeen, label, limits.sourcesPerDay);
    const shown = bounded(pagesSeen, `model:${model}`, limits.pagesPerDay) === OTHER ? OTHER : model;
    const key = `${on}\t${shown}\t${name}\t${step}`;
    const row = funnel.get(key) ?? { day: on, model: shown, source: name, step, count: 0 };
    row.count += n;
    funnel.set(key, row);
  }

  /** Counts `n` views of a page by the visitor of today's `hash` (see `record`). */
  function countView(view: PageView, hash: string, n: number): void {
    const on = today();
    const known = visitors.get(hash);
    const newVisit = known === undefined;
    const label = known ?? (view.source ? sourceLabel(view.source) : DIRECT);
    if (newVisit && visitors.size < limits.visitors) visitors.set(hash, label);

    const page = bounded(pagesSeen, `${view.page}\t${view.locale}`, limits.pagesPerDay);
    const pageName = page === OTHER ? OTHER : view.page;
    const pageKey = `${on}\t${pageName}\t${view.locale}`;
    const pageRow = pages.get(pageKey) ?? {
      day: on,
      page: pageName,
      locale: view.locale,
      views: 0,
      visits: 0,
    };
    pageRow.views += n;
    if (newVisit) pageRow.visits += 1;
    pages.set(pageKey, pageRow);

    if (newVisit) {
      const source = view.source ?? { referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "" };
      const key = sourceKey(source);
      const fits = sourcesSeen.has(key) || sourcesSeen.size < limits.sourcesPerDay;
      if (fits) sourcesSeen.add(key);
      const counted = fits ? source : OTHER_SOURCE;
      const rowKey = `${on}\t${fits ? key : sourceKey(OTHER_SOURCE)}`;
      const row = sources.get(rowKey) ?? { ...counted, day: on, visits: 0 };
      row.visits += 1;
      sources.set(rowKey, row);
    }
    if (view.model) addStep(on, view.model, label, "page", n);
  }

  return {
    /** Counts a page view: its page, a visit if the visitor is new today, its source, a model's page. */
    record(hit: PageHit): void {
      today();
      countView(hit, hashOf(hit.network, hit.userAgent), 1);
    },

    /**
     * Today's hash of a visitor (network and browser), for `countView` and `sourceOfHash`: a batch
     * of page views (facts.ts) hashes each visitor once and hands the hash back here within the
     * batch; nothing keeps it longer but the day's set of visitors.
     */
    visitorHash(network: string, userAgent: string): string {
      today();
      return hashOf(network, userAgent);
    },

    countView,

    /** The source's name of today's visitor by their hash, or null when this server has not seen them today. */
    sourceOfHash(hash: string): string | null {
      today();
      return visitors.get(hash) ?? null;
    },

    /**
     * The source's name of today's visitor (for a step of the path: a model added to the cart, an
     * order placed), or null when this server has not seen them today.
     */
    sourceOfVisitor(network: string, userAgent: string): string | null {
      today();
      return visitors.get(hashOf(network, userAgent)) ?? null;
    },

    /** Counts a step of the path for a model, under a source's name. */
    step(model: string, label: string, step: FunnelStep, n = 1): void {
      addStep(today(), model, label, step, n);
    },

    /** The counts since the last drain, which are forgotten here (store.ts adds them up). */
    drain(): AudienceBatch {
      const batch = {
        pages: [...pages.values()],
        sources: [...sources.values()],
        funnel: [...funnel.values()],
      };
      pages = new Map();
      sources = new Map();
      funnel = new Map();
      return batch;
    },

    /** Puts back a batch that could not be written (the database was away), to try again. */
    restore(batch: AudienceBatch): void {
      for (const row of batch.pages) {
        const key = `${row.day}\t${row.page}\t${row.locale}`;
        const kept = pages.get(key);
        if (kept) {
          kept.views += row.views;
          kept.visits += row.visits;
        } else pages.set(key, row);
      }
      for (const row of batch.sources) {
        const key = `${row.day}\t${sourceKey(row)}`;
        const kept = sources.get(key);
        if (kept) kept.visits += row.visits;
        else sources.set(key, row);
      }
      for (const row of batch.funnel) {
        const key = `${row.day}\t${row.model}\t${row.source}\t${row.step}`;
        const kept = funnel.get(key);
        if (kept) kept.count += row.count;
        else funnel.set(key, row);
      }
    },

    /** For tests: today's hash of a visitor, which nothing outside this counter ever sees. */
    hashForTest(network: string, userAgent: string): string {
      today();
      return hashOf(network, userAgent);
    },

    /** How many entries the counter holds (memory stays bounded under a flood). */
    size(): number {
      return (
        visitors.size +
        sourcesSeen.size +
        labelsSeen.size +
        pagesSeen.size +
        pages.size +
        sources.size +
        funnel.size
      );
    },
  };
}

export type AudienceCounter = ReturnType<typeof createAudienceCounter>;
