import { describe, expect, it } from "vitest";
import { type AudienceCounter, createAudienceCounter, type PageHit } from "./counter";
import { createFactQueue, type FactQueue, type FactReader, readFacts } from "./facts";
import { sourceOf } from "./sources";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36";
const SHOP = "souls.example";
const NOW = () => new Date("2026-11-28T10:00:00Z");

/**
 * A web server's reading, simplified: `/` is the home, `/produit-<model>` a model's page, `/404`
 * no page; the source is read by the real sourceOf. Counts its calls.
 */
function readerCounting() {
  const calls = { views: 0, networks: 0 };
  const reader: FactReader = {
    viewOf(target, referrer, host) {
      calls.views += 1;
      const [path = "", query = ""] = target.split("?");
      if (path === "/404") return null;
      const model = path.startsWith("/produit-") ? path.slice("/produit-".length) : undefined;
      const page = path === "/" ? "home" : model ? "product" : path.slice(1);
      return {
        page,
        locale: "fr",
        ...(model ? { model } : {}),
        source: sourceOf(query ? `?${query}` : "", referrer || null, [host]),
      };
    },
    networkOf(_forwardedFor, socketAddress) {
      calls.networks += 1;
      return socketAddress;
    },
  };
  return { reader, calls };
}

function pushPage(queue: FactQueue, target: string, address: string, referrer = "", userAgent = IPHONE) {
  return queue.push("page", target, userAgent, referrer, SHOP, "", address);
}

function readAll(counter: AudienceCounter, queue: FactQueue, reader: FactReader, slice = 1000): number {
  const reading = readFacts(counter, queue.take(), reader);
  let slices = 1;
  while (reading.next(slice)) slices += 1;
  return slices;
}

const sortedRows = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();

describe("page views queued on the request's path and read in batches", () => {
  it("counts nothing until the batch is read, then what the requests said", () => {
    const counter = createAudienceCounter({ now: NOW });
    const queue = createFactQueue();
    const { reader } = readerCounting();
    pushPage(
      queue,
      "/produit-aicha?utm_source=Instagram&utm_campaign=Hiver",
      "203.0.113.7",
      "https://l.instagram.com/",
    );
    pushPage(queue, "/panier", "203.0.113.7", `https://${SHOP}/produit-aicha`);
    queue.push("cart", "aicha", IPHONE, "", "", "", "203.0.113.7");
    pushPage(queue, "/", "198.51.100.1");
    pushPage(queue, "/404", "198.51.100.2");
    pushPage(queue, "/", "198.51.100.3", "", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    // Queued is not counted: nothing to write yet.
    expect(counter.drain()).toEqual({ pages: [], sources: [], funnel: [] });
    expect(queue.length).toBe(6);

    readAll(counter, queue, reader);
    expect(queue.length).toBe(0);
    const batch = counter.drain();
    expect(sortedRows(batch.pages)).toEqual(
      sortedRows([
        { day: "2026-11-28", page: "product", locale: "fr", views: 1, visits: 1 },
        { day: "2026-11-28", page: "panier", locale: "fr", views: 1, visits: 0 },
        { day: "2026-11-28", page: "home", locale: "fr", views: 1, visits: 1 },
      ]),
    );
    expect(sortedRows(batch.sources)).toEqual(
      sortedRows([
        {
          referrerHost: "instagram.com",
          utmSource: "instagram",
          utmMedium: "",
          utmCampaign: "hiver",
          day: "2026-11-28",
          visits: 1,
        },
        { referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "", day: "2026-11-28", visits: 1 },
      ]),
    );
    // The cart's step, queued behind the landing, finds the visit's source.
    expect(sortedRows(batch.funnel)).toEqual(
      sortedRows([
        { day: "2026-11-28", model: "aicha", source: "instagram", step: "page", count: 1 },
        { day: "2026-11-28", model: "aicha", source: "instagram", step: "cart", count: 1 },
      ]),
    );
  });

  it("counts a batch as the same page views recorded one by one would, a visit's first page deciding its source", () => {
    const visits = [
      { target: "/produit-aicha?utm_source=newsletter", address: "203.0.113.7", referrer: "" },
      { target: "/", address: "198.51.100.1", referrer: "https://www.google.com/" },
      { target: "/?utm_source=tiktok", address: "203.0.113.7", referrer: "" },
      { target: "/produit-aicha?utm_source=newsletter", address: "203.0.113.7", referrer: "" },
      { target: "/", address: "198.51.100.1", referrer: "https://www.google.com/" },
      { target: "/produit-lou", address: "198.51.100.9", referrer: "" },
      { target: "/produit-aicha", address: "198.51.100.1", referrer: `https://${SHOP}/` },
      // Another browser on the same network: another visitor.
      { target: "/produit-aicha", address: "203.0.113.7", referrer: "", userAgent: ANDROID },
    ];
    const one = createAudienceCounter({ now: NOW, drawSalt: () => Buffer.alloc(32, 1) });
    const { reader } = readerCounting();
    for (const visit of visits) {
      const view = reader.viewOf(visit.target, visit.referrer, SHOP);
      if (view)
        one.record({ ...view, network: visit.address, userAgent: visit.userAgent ?? IPHONE } as PageHit);
    }
    const batched = createAudienceCounter({ now: NOW, drawSalt: () => Buffer.alloc(32, 1) });
    const queue = createFactQueue();
    for (const visit of visits) pushPage(queue, visit.target, visit.address, visit.referrer, visit.userAgent);
    readAll(batched, queue, reader, 2);

    const expected = one.drain();
    const got = batched.drain();
    expect(sortedRows(got.pages)).toEqual(sortedRows(expected.pages));
    expect(sortedRows(got.sources)).toEqual(sortedRows(expected.sources));
    expect(sortedRows(got.funnel)).toEqual(sortedRows(expected.funnel));
    // The visitor who landed from the newsletter stays « newsletter » on her later pages.
    expect(got.funnel).toContainEqual(
      expect.objectContaining({ model: "aicha", source: "newsletter", step: "page", count: 2 }),
    );
  });

  it("reads each distinct request once per batch, in slices that give the event loop back", () => {
    const counter = createAudienceCounter({ now: NOW });
    const queue = createFactQueue();
    const { reader, calls } = readerCounting();
    for (let i = 0; i < 5000; i++) pushPage(queue, i % 2 ? "/" : "/panier", "203.0.113.7");
    const slices = readAll(counter, queue, reader, 512);
    expect(slices).toBe(Math.ceil(5000 / 512));
    expect(calls).toEqual({ views: 2, networks: 1 });
    const batch = counter.drain();
    expect(batch.pages.reduce((sum, row) => sum + row.views, 0)).toBe(5000);
    expect(batch.pages.reduce((sum, row) => sum + row.visits, 0)).toBe(1);
  });

  it("bounds what waits: past its entries or characters a flood is dropped and counted as dropped", () => {
    const queue = createFactQueue({ facts: 100, characters: 1_000_000 });
    let accepted = 0;
    for (let i = 0; i < 1000; i++)
      if (pushPage(queue, `/?utm_source=spam${i}`, `10.0.0.${i & 255}`)) accepted++;
    expect(accepted).toBe(100);
    expect(queue.length).toBe(100);
    const batch = queue.take();
    expect(batch.length).toBe(100);
    expect(batch.dropped).toBe(900);
    // Taken, the queue starts again empty, its dropped count with it.
    expect(queue.length).toBe(0);
    expect(queue.take().dropped).toBe(0);

    const long = `/?utm_campaign=${"x".repeat(4000)}`;
    const referrer = `https://spam.example/${"y".repeat(2000)}`;
    const probe = createFactQueue();
    pushPage(probe, long, "10.0.0.1", referrer);
    const perFact = probe.characters;
    expect(perFact).toBeGreaterThan(long.length + referrer.length);
    const small = createFactQueue({ facts: 1_000_000, characters: 100_000 });
    for (let i = 0; i < 1000; i++) pushPage(small, long, "10.0.0.1", referrer);
    const fitting = Math.floor(100_000 / perFact);
    expect(small.length).toBe(fitting);
    expect(small.characters).toBeLessThanOrEqual(100_000);
    expect(small.take().dropped).toBe(1000 - fitting);
  });
});
