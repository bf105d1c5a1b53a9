import type { ProductChange } from "@souls/shop/product-changes";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AvailabilityChange } from "./live.server";

// Nothing from the database here: the messages are the launch moments' (tellOpenPages).
vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:1/nothing-listens-here");
const { AVAILABILITY_PACE_MS, tellOpenPages, watchAvailability } = await import("./live.server");

const change = (slug: string, available: number, stockOnly = true): ProductChange => ({
  id: 1,
  slug,
  reference: slug,
  available,
  held: null,
  operation: "update",
  stockOnly,
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A page's stream: what it was told (the shop's time of each aside), and a promise for its `n`-th message. */
function page(model: string | null) {
  const told: Omit<AvailabilityChange, "at">[] = [];
  const waiting = new Map<number, () => void>();
  stops.push(
    watchAvailability(model, ({ at, ...message }) => {
      // Told with the shop's time, which a page before its opening compares with the opening.
      expect(Math.abs(at - Date.now())).toBeLessThan(60_000);
      told.push(message);
      waiting.get(told.length)?.();
    }),
  );
  const nth = (n: number) =>
    told.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(n, resolve));
  return { told, nth };
}

describe("what open product pages are told (issue 33)", () => {
  it("tells a page its own model only, and an unnamed stream every model", async () => {
    const lina = page("lina-test");
    const all = page(null);
    tellOpenPages(change("lina-test", 2));
    tellOpenPages(change("meriem-test", 1));
    expect(lina.told).toEqual([{ model: "lina-test", available: 2 }]);
    expect(all.told).toEqual([
      { model: "lina-test", available: 2 },
      { model: "meriem-test", available: 1 },
    ]);
  });

  it("tells at once, then at most once a pace with the last availability: a rush's holds make two messages", async () => {
    const soraya = page("soraya-test");
    tellOpenPages(change("soraya-test", 2));
    tellOpenPages(change("soraya-test", 1));
    tellOpenPages(change("soraya-test", 0));
    expect(soraya.told).toEqual([{ model: "soraya-test", available: 2 }]);
    const begun = performance.now();
    await soraya.nth(2);
    expect(performance.now() - begun).toBeGreaterThanOrEqual(AVAILABILITY_PACE_MS - 20);
    expect(soraya.told).toEqual([
      { model: "soraya-test", available: 2 },
      { model: "soraya-test", available: 0 },
    ]);
  });

  it("says nothing of a held piece paid for (its stock moved, its availability did not)", async () => {
    const yasmine = page("yasmine-test");
    tellOpenPages(change("yasmine-test", 1));
    tellOpenPages(change("yasmine-test", 1)); // held back by the pace, then no news
    // Another model's pace, begun after, ends after: by then Yasmine's held change was weighed.
    const clock = page("clock-test");
    tellOpenPages(change("clock-test", 3));
    tellOpenPages(change("clock-test", 2));
    await clock.nth(2);
    tellOpenPages(change("yasmine-test", 0));
    expect(yasmine.told).toEqual([
      { model: "yasmine-test", available: 1 },
      { model: "yasmine-test", available: 0 },
    ]);
  });

  it("stops telling a page that has gone", () => {
    const told: AvailabilityChange[] = [];
    const stop = watchAvailability("nadia-test", (message) => told.push(message));
    stop();
    tellOpenPages(change("nadia-test", 0));
    expect(told).toEqual([]);
  });
});
