/**
 * A series' launch as rules of time (decision 039): before its early access nothing of it can be
 * held; during the head start only a browser with a subscriber's pass may buy, to her address;
 * from the public opening everyone. The launch limit lasts from the early access to
 * `launchLimitHours` after the opening. A series without an opening is on sale once published.
 */

export const EARLY_ACCESS_MINUTES = [0, 30, 60, 1440] as const;
export type EarlyAccessMinutes = (typeof EARLY_ACCESS_MINUTES)[number];
export const LAUNCH_LIMIT_BOUNDS = { pieces: { min: 1, max: 20 }, hours: { min: 0, max: 168 } } as const;

export interface SeriesLaunch {
  /** When it opens to everyone; null: on sale once published. */
  opensAt: Date | null;
  earlyAccessMinutes: number;
  launchLimitPieces: number;
  launchLimitHours: number;
}

/** `before`: nobody may buy; `early`: only with a pass; `open`: everyone. */
export type SalePhase = "before" | "early" | "open";

export function earlyAccessStart(launch: SeriesLaunch): Date | null {
  return launch.opensAt && new Date(launch.opensAt.getTime() - launch.earlyAccessMinutes * 60_000);
}

export function launchLimitEnd(launch: SeriesLaunch): Date | null {
  return launch.opensAt && new Date(launch.opensAt.getTime() + launch.launchLimitHours * 3600_000);
}

export function salePhase(launch: SeriesLaunch | null | undefined, now: Date): SalePhase {
  if (!launch?.opensAt) return "open";
  if (now.getTime() >= launch.opensAt.getTime()) return "open";
  const early = earlyAccessStart(launch);
  return early && launch.earlyAccessMinutes > 0 && now.getTime() >= early.getTime() ? "early" : "before";
}

/** Whether the launch limit holds at `now` (from the early access to its hours after the opening). */
export function underLaunchLimit(launch: SeriesLaunch | null | undefined, now: Date): boolean {
  const end = launch && launchLimitEnd(launch);
  return end !== null && end !== undefined && now.getTime() < end.getTime();
}

/**
 * Whether a shopper may hold a piece of the series now: open, or in its head start with a pass
 * for it (the order itself then checks the pass's address: placeOrder).
 */
export function mayHold(
  launch: SeriesLaunch | null | undefined,
  seriesId: number | null,
  now: Date,
  passes: readonly number[] = [],
): boolean {
  const phase = salePhase(launch, now);
  return phase === "open" || (phase === "early" && seriesId !== null && passes.includes(seriesId));
}

/**
 * The next moment after `now` at which some series' sale changes (an early access begins, a
 * series opens): what every web server waits for to empty its kept pages and tell its live ones.
 */
export function nextLaunchMoment(launches: readonly SeriesLaunch[], now: Date): Date | null {
  let next: number | null = null;
  for (const launch of launches) {
    for (const moment of [earlyAccessStart(launch), launch.opensAt]) {
      const time = moment?.getTime();
      if (time !== undefined && time > now.getTime() && (next === null || time < next)) next = time;
    }
  }
  return next === null ? null : new Date(next);
}

/** How many launch moments are behind `now`: a kept page rendered before one of them is not served after. */
export function launchMomentsPassed(launches: readonly SeriesLaunch[], now: Date): number {
  let passed = 0;
  for (const launch of launches) {
    for (const moment of [earlyAccessStart(launch), launch.opensAt]) {
      if (moment && moment.getTime() <= now.getTime()) passed++;
    }
  }
  return passed;
}
