import { describe, expect, it } from "vitest";
import { createAudienceCounter } from "./counter";
import { OTHER } from "./sources";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1";
const DIRECT_SOURCE = { referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "" };
const INSTAGRAM = {
  referrerHost: "instagram.com",
  utmSource: "instagram",
  utmMedium: "social",
  utmCampaign: "",
};

/** A clock the test moves. */
function clock(start: string) {
  let time = new Date(start);
  return { now: () => time, set: (at: string) => (time = new Date(at)) };
}

describe("the audience counted in memory", () => {
  it("counts views and visits per page, and a visitor once a day", () => {
    const at = clock("2026-11-28T10:00:00Z");
    const counter = createAudienceCounter({ now: at.now });
    const visitor = { network: "203.0.113.7", userAgent: IPHONE };
    counter.record({ page: "home", locale: "fr", ...visitor, source: INSTAGRAM });
    counter.record({ page: "product", locale: "fr", model: "aicha", ...visitor, source: null });
    counter.record({
      page: "home",
      locale: "fr",
      network: "198.51.100.1",
      userAgent: IPHONE,
      source: DIRECT_SOURCE,
    });
    const batch = counter.drain();
    expect(batch.pages).toEqual(
      expect.arrayContaining([
        { day: "2026-11-28", page: "home", locale: "fr", views: 2, visits: 2 },
        { day: "2026-11-28", page: "product", locale: "fr", views: 1, visits: 0 },
      ]),
    );
    expect(batch.sources).toEqual(
      expect.arrayContaining([
        { ...INSTAGRAM, day: "2026-11-28", visits: 1 },
        { ...DIRECT_SOURCE, day: "2026-11-28", visits: 1 },
      ]),
    );
    // The model's page is a step of the path under the visit's source, found in memory.
    expect(batch.funnel).toEqual([
      { day: "2026-11-28", model: "aicha", source: "instagram", step: "page", count: 1 },
    ]);
    expect(counter.sourceOfVisitor(visitor.network, visitor.userAgent)).toBe("instagram");
    expect(counter.drain()).toEqual({ pages: [], sources: [], funnel: [] });
  });

  it("draws a new salt each Paris day: the same visitor's hashes on two days share nothing", () => {
    const at = clock("2026-11-28T22:59:00Z"); // 23:59 in Paris
    const salts: Buffer[] = [];
    const counter = createAudienceCounter({
      now: at.now,
      drawSalt: () => {
        const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(32)));
        salts.push(salt);
        return salt;
      },
    });
    const first = counter.hashForTest("203.0.113.7", IPHONE);
    counter.record({
      page: "home",
      locale: "fr",
      network: "203.0.113.7",
      userAgent: IPHONE,
      source: INSTAGRAM,
    });
    expect(counter.hashForTest("203.0.113.7", IPHONE)).toBe(first);
    at.set("2026-11-28T23:01:00Z"); // 00:01 in Paris, the next day
    const second = counter.hashForTest("203.0.113.7", IPHONE);
    expect(second).not.toBe(first);
    expect(salts).toHaveLength(2);
    expect(salts[0]?.equals(salts[1] ?? Buffer.alloc(0))).toBe(false);
    // Yesterday's visitor is unknown today: a new visit, and yesterday's source forgotten.
    expect(counter.sourceOfVisitor("203.0.113.7", IPHONE)).toBeNull();
    counter.record({
      page: "home",
      locale: "fr",
      network: "203.0.113.7",
      userAgent: IPHONE,
      source: DIRECT_SOURCE,
    });
    const batch = counter.drain();
    expect(batch.pages.map((row) => [row.day, row.visits])).toEqual([
      ["2026-11-28", 1],
      ["2026-11-29", 1],
    ]);
    // What is written holds no hash, no address, no user agent.
    const written = JSON.stringify(batch);
    for (const secret of [first, second, "203.0.113.7", "iPhone"]) expect(written).not.toContain(secret);
  });

  it("stays bounded under a flood of fake visits: distinct sources past the cap are « (autre) »", () => {
    const limits = { visitors: 1000, sourcesPerDay: 20, pagesPerDay: 10 };
    const counter = createAudienceCounter({ now: () => new Date("2026-11-28T10:00:00Z"), limits });
    for (let i = 0; i < 5000; i++) {
      counter.record({
        page: `page-${i % 50}`,
        locale: "fr",
        model: `model-${i}`,
        network: `10.0.${i >> 8}.${i & 255}`,
        userAgent: `${IPHONE} ${i}`,
        source: {
          referrerHost: `spam-${i}.example`,
          utmSource: `s${i}`,
          utmMedium: `m${i}`,
          utmCampaign: `c${i}`,
        },
      });
    }
    const batch = counter.drain();
    expect(batch.sources.length).toBeLessThanOrEqual(limits.sourcesPerDay + 1);
    expect(batch.sources.find((row) => row.referrerHost === OTHER)?.visits).toBe(5000 - limits.sourcesPerDay);
    expect(batch.pages.length).toBeLessThanOrEqual(limits.pagesPerDay + 1);
    expect(new Set(batch.funnel.map((row) => row.source)).size).toBeLessThanOrEqual(limits.sourcesPerDay + 1);
    expect(new Set(batch.funnel.map((row) => row.model)).size).toBeLessThanOrEqual(limits.pagesPerDay + 1);
    expect(batch.pages.reduce((sum, row) => sum + row.views, 0)).toBe(5000);
    // Visitors remembered are capped; every fake visit still counts once.
    expect(batch.pages.reduce((sum, row) => sum + row.visits, 0)).toBe(5000);
    expect(counter.size()).toBeLessThan(limits.visitors + 200);
  });

  it("puts back a batch that could not be written", () => {
    const counter = createAudienceCounter({ now: () => new Date("2026-11-28T10:00:00Z") });
    counter.record({ page: "home", locale: "en", network: "a", userAgent: IPHONE, source: DIRECT_SOURCE });
    const lost = counter.drain();
    counter.record({ page: "home", locale: "en", network: "b", userAgent: IPHONE, source: DIRECT_SOURCE });
    counter.restore(lost);
    expect(counter.drain().pages).toEqual([
      { day: "2026-11-28", page: "home", locale: "en", views: 2, visits: 2 },
    ]);
  });
});
