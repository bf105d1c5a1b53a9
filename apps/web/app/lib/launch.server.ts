/**
 * A series' launch on this web server (decision 039): the shop's clock for its rules, the
 * early-access passes a browser holds, the opening as a shopper reads it, and the launch moments
 * every server waits for by itself — at each, kept pages of before are no longer served (their
 * generation says how many moments have passed) and open pages are told to look again.
 */
import { formatOpening } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { type Catalogue, homeSeries, modelByCode } from "@souls/shop/catalogue";
import {
  type EarlyAccessPass,
  launchMomentsPassed,
  mayHold,
  nextLaunchMoment,
  type SeriesLaunch,
  salePhase,
} from "@souls/shop/launch";
import { earlyAccessCookie } from "./cookies.server";
import { launchClock } from "./launch-clock.server";
import { productChanges, tellOpenPages } from "./live.server";
import { closeOnStop, processWide } from "./server-process.server";

export type { EarlyAccessPass };
export { launchClock };

const MAX_PASSES = 5;

const isPass = (value: unknown): value is EarlyAccessPass => {
  const pass = value as EarlyAccessPass | null;
  return (
    typeof pass === "object" &&
    pass !== null &&
    Number.isSafeInteger(pass.seriesId) &&
    Number.isSafeInteger(pass.signupId) &&
    pass.seriesId > 0 &&
    pass.signupId > 0
  );
};

/** The passes this browser holds (signed: never forged; each order checks them again). */
export async function earlyAccessPasses(request: Request): Promise<EarlyAccessPass[]> {
  const value = await earlyAccessCookie.parse(request.headers.get("Cookie"));
  return Array.isArray(value)
    ? value
        .filter(isPass)
        .slice(0, MAX_PASSES)
        .map(({ seriesId, signupId }) => ({ seriesId, signupId }))
    : [];
}

/** The Set-Cookie value that gives this browser a pass (one per series, the last few). */
export async function givePass(request: Request, pass: EarlyAccessPass): Promise<string> {
  const others = (await earlyAccessPasses(request)).filter((held) => held.seriesId !== pass.seriesId);
  return earlyAccessCookie.serialize([pass, ...others].slice(0, MAX_PASSES));
}

/** When a model that cannot be held yet opens, as the page's reader reads it. */
export interface Opening {
  day: string;
  time: string;
  /** ISO 8601, for a `<time>` element. */
  at: string;
  /** `early`: subscribers with their link may buy already. */
  phase: "before" | "early";
}

/**
 * The opening of a model this shopper cannot hold now (not open, or in its head start without
 * her pass); null when she can.
 */
export function openingOf(
  model: { launch: SeriesLaunch | null; seriesId: number | null },
  locale: Locale,
  passes: readonly EarlyAccessPass[] = [],
  now = launchClock.now(),
): Opening | null {
  const { launch } = model;
  const seriesPasses = passes.map((pass) => pass.seriesId);
  if (!launch?.opensAt || mayHold(launch, model.seriesId, now, seriesPasses)) return null;
  const phase = salePhase(launch, now);
  return {
    ...formatOpening(launch.opensAt, locale),
    at: launch.opensAt.toISOString(),
    phase: phase === "early" ? "early" : "before",
  };
}

/** The time left before a moment, in whole minutes rounded up (the home page's countdown). */
export function minutesUntil(moment: Date, now = launchClock.now()): number {
  return Math.max(0, Math.ceil((moment.getTime() - now.getTime()) / 60_000));
}

/** The home page hero's opening to come: when, and the time left in days, hours and minutes. */
export function heroOpening(launch: SeriesLaunch, locale: Locale, now = launchClock.now()) {
  const phase = salePhase(launch, now);
  if (!launch.opensAt || phase === "open") return null;
  const minutes = minutesUntil(launch.opensAt, now);
  return {
    ...formatOpening(launch.opensAt, locale),
    at: launch.opensAt.toISOString(),
    phase,
    left: {
      days: Math.floor(minutes / 1440),
      hours: Math.floor((minutes % 1440) / 60),
      minutes: minutes % 60,
    },
  };
}

interface Watched {
  launches: SeriesLaunch[];
  /** The home page's series' launch: its hero counts the time left while its opening is to come. */
  home: SeriesLaunch | null;
  /** Models of each series, to tell their open pages. */
  models: Map<SeriesLaunch, string[]>;
  timer: ReturnType<typeof setTimeout> | undefined;
  started: boolean;
  /** The catalogue as the pages have it (watchLaunches' `load`). */
  load: () => Promise<Catalogue>;
}

const watched = processWide("launch", () => {
  const state: Watched = {
    launches: [],
    home: null,
    models: new Map(),
    timer: undefined,
    started: false,
    load: () => Promise.reject(new Error("the launches are not watched")),
  };
  closeOnStop("launch", async () => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = undefined;
  });
  return state;
});

/** setTimeout's longest delay is about 24.8 days: a later moment is waited for a day at a time. */
const LONGEST_WAIT = 24 * 3600_000;

function arm(): void {
  if (watched.timer) clearTimeout(watched.timer);
  watched.timer = undefined;
  const now = launchClock.now();
  const next = nextLaunchMoment(watched.launches, now);
  if (!next) return;
  const wait = Math.min(next.getTime() - now.getTime(), LONGEST_WAIT);
  watched.timer = setTimeout(() => {
    watched.timer = undefined;
    if (launchClock.now().getTime() >= next.getTime()) {
      for (const [launch, models] of watched.models) {
        const moments = [
          launch.opensAt,
          launch.opensAt && new Date(launch.opensAt.getTime() - launch.earlyAccessMinutes * 60_000),
        ];
        if (!moments.some((moment) => moment?.getTime() === next.getTime())) continue;
        tellOpening(models);
      }
    }
    arm();
  }, wait);
  watched.timer.unref?.();
}

/**
 * Tells the open pages of a series' models that it opened (or its head start began), with each
 * model's pieces as the catalogue has them now: a page swaps in what it shows in that state
 * (live-availability.js).
 */
function tellOpening(models: readonly string[]): void {
  watched.load().then(
    (catalogue) => {
      for (const slug of models) {
        const model = modelByCode(catalogue, slug);
        if (!model) continue;
        const { id, reference, available, held } = model;
        tellOpenPages({ id, slug, reference, available, held, operation: "update", stockOnly: false });
      }
    },
    (error: unknown) => {
      console.error("[launch] cannot tell the open pages of an opening:", (error as Error).message);
    },
  );
}

/** What the watcher needs of the catalogue: each series' launch and its models. */
function learn(catalogue: Catalogue): void {
  watched.launches = catalogue.series.map((series) => series.launch);
  watched.home = homeSeries(catalogue).series?.launch ?? null;
  watched.models = new Map(
    catalogue.series.map((series) => [
      series.launch,
      catalogue.models.filter((model) => model.seriesId === series.id).map((model) => model.model),
    ]),
  );
  arm();
}

/**
 * Starts waiting for the launch moments of the catalogue `load` gives, read again at every
 * catalogue change (an opening moved or cancelled, a model added to a series).
 */
export function watchLaunches(load: () => Promise<Catalogue>): void {
  if (watched.started) return;
  watched.started = true;
  watched.load = load;
  const refresh = () => {
    load().then(learn, (error: unknown) => {
      console.error("[launch] cannot read the series' openings:", (error as Error).message);
    });
  };
  productChanges.subscribeToAll(refresh);
  refresh();
}

/**
 * What kept pages depend on besides the catalogue: how many launch moments have passed (a page of
 * before a series opened is never served after) and, while the home page's series has its
 * opening to come, the minute (its hero's time left is never more than a minute stale; other
 * series' pages say a day and an hour, which do not go stale).
 */
export function launchGeneration(now = launchClock.now()): string {
  return launchGenerationOf(watched.launches, now, watched.home);
}

/** launchGeneration for the given launches and home page's series. */
export function launchGenerationOf(
  launches: readonly SeriesLaunch[],
  now: Date,
  home: SeriesLaunch | null = null,
): string {
  const passed = launchMomentsPassed(launches, now);
  const counting = home?.opensAt != null && home.opensAt.getTime() > now.getTime();
  return counting ? `${passed}.${Math.floor(now.getTime() / 60_000)}` : String(passed);
}
