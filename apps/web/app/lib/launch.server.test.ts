/**
 * Every web server opens a series by itself (decision 039): with nobody touching anything, at the
 * head start and at the opening its open pages are told to look again, and the kept pages'
 * generation moves on.
 */
import type { Catalogue, Series } from "@souls/shop/catalogue";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:1/nothing-listens-here");
const { launchGeneration, watchLaunches } = await import("./launch.server");
const { productChanges } = await import("./live.server");

const OPENS = new Date("2026-12-04T17:00:00Z");

const series = (id: number, opensAt: Date | null): Series => ({
  id,
  title: { fr: "Série", en: "Series" },
  subtitle: { fr: "", en: "" },
  // The coming one is the home page's: its hero counts the minutes.
  featured: opensAt !== null,
  slug: { fr: `serie-${id}`, en: `series-${id}` },
  picture: null,
  launch: { opensAt, earlyAccessMinutes: 30, launchLimitPieces: 1, launchLimitHours: 24 },
});

const catalogue = {
  series: [series(1, null), series(2, OPENS)],
  models: [
    { model: "aicha", seriesId: 1 },
    { model: "lina", seriesId: 2 },
    { model: "zora", seriesId: 2 },
  ],
  retiredPaths: [],
} as unknown as Catalogue;

describe("a series' launch moments", () => {
  beforeAll(() => {
    vi.useFakeTimers({ now: new Date(OPENS.getTime() - 2 * 3600_000) });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("tells the series' open pages at its head start and at its opening, and no one else's", async () => {
    const told: string[] = [];
    productChanges.subscribe((change) => told.push(change.slug));
    watchLaunches(async () => catalogue);
    await vi.advanceTimersByTimeAsync(0);
    const before = launchGeneration();
    expect(before).toMatch(/^0\./);

    await vi.advanceTimersByTimeAsync(90 * 60_000 - 1);
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(told).toEqual(["lina", "zora"]);
    expect(launchGeneration()).toMatch(/^1\./);

    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(told).toEqual(["lina", "zora", "lina", "zora"]);
    // Every moment passed: the generation no longer follows the minute.
    expect(launchGeneration()).toBe("2");
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(launchGeneration()).toBe("2");
  });
});

describe("the home page's opening to come", () => {
  it("says when and the time left, in each language, and nothing once open", async () => {
    const { heroOpening } = await import("./launch.server");
    const launch = { opensAt: OPENS, earlyAccessMinutes: 60, launchLimitPieces: 1, launchLimitHours: 24 };
    const now = new Date(OPENS.getTime() - (2 * 1440 + 3 * 60 + 14.5) * 60_000);
    expect(heroOpening(launch, "fr", now)).toEqual({
      day: "vendredi 4 décembre",
      time: "18 h",
      at: OPENS.toISOString(),
      phase: "before",
      left: { days: 2, hours: 3, minutes: 15 },
    });
    expect(heroOpening(launch, "en", new Date(OPENS.getTime() - 30 * 60_000))).toMatchObject({
      day: "Friday 4 December",
      time: "6 pm",
      phase: "early",
      left: { days: 0, hours: 0, minutes: 30 },
    });
    expect(heroOpening(launch, "fr", OPENS)).toBeNull();
    expect(heroOpening({ ...launch, opensAt: null }, "fr", now)).toBeNull();
  });
});
