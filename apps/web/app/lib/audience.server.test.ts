/**
 * The audience as one web server counts it (decision 047), on real PostgreSQL: shoppers' pages
 * off their path (a model's page by its model), never the owner's panel, a robot, a visitor who
 * objects, a 404's path or a query string; queued on the request's path and read in batches
 * (decision 064); the counts written by the flush, with no visitor in them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile Safari/604.1";

let audienceModule: typeof import("./audience.server");

beforeAll(async () => {
  audienceModule = await import("./audience.server");
});

function hit(path: string, headers: Record<string, string> = {}, address = "198.51.100.20") {
  const all: Record<string, string> = { "user-agent": IPHONE, host: "souls.example", ...headers };
  return {
    method: "GET",
    url: path,
    header: (name: string) => all[name.toLowerCase()],
    socketAddress: address,
  };
}

async function counted() {
  await audienceModule.flush();
  const { t } = shop;
  const pages = await t.db
    .selectFrom("audiencePages")
    .select(["page", "locale", "views", "visits"])
    .execute();
  const sources = await t.db.selectFrom("audienceSources").selectAll().execute();
  const funnel = await t.db
    .selectFrom("audienceFunnel")
    .select(["model", "source", "step", "count"])
    .execute();
  return { pages, sources, funnel };
}

describe("the audience counted by the web server", () => {
  it("counts shoppers' pages by screen and model, their visits and sources, and nothing else", async () => {
    const { countPageView, countAddedToCart } = audienceModule;
    countPageView(
      hit("/produit/sac-banane-aicha?utm_source=Instagram&utm_campaign=Hiver&token=secret", {
        referer: "https://l.instagram.com/",
      }),
    );
    // The same visitor goes on inside the shop: a page view, no new visit nor source.
    countPageView(hit("/panier", { referer: `${TEST_ORIGIN}/produit/sac-banane-aicha` }));
    countAddedToCart(hit("/produit/sac-banane-aicha"), "aicha");
    // Not counted: the owner's panel, an endpoint, a robot, a visitor objecting, a path that is
    // no page, a post.
    countPageView(hit("/admin"));
    countPageView(hit("/admin-orders"));
    countPageView(hit("/healthz"));
    countPageView(hit("/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }));
    countPageView(hit("/", { "sec-gpc": "1" }, "198.51.100.21"));
    countPageView(hit("/", { dnt: "1" }, "198.51.100.22"));
    countPageView(hit("/produit/no-such-bag", {}, "198.51.100.23"));
    countPageView(hit("/wp-login.php?utm_source=spam", {}, "198.51.100.24"));
    countPageView({ ...hit("/", {}, "198.51.100.25"), method: "POST" });
    countPageView(
      hit("/en.data", { "sec-purpose": "prefetch", referer: `${TEST_ORIGIN}/` }, "198.51.100.26"),
    );

    const { pages, sources, funnel } = await counted();
    expect(pages).toEqual(
      expect.arrayContaining([
        { page: "product", locale: "fr", views: "1", visits: "1" },
        { page: "cart", locale: "fr", views: "1", visits: "0" },
      ]),
    );
    expect(pages).toHaveLength(2);
    expect(sources).toEqual([
      expect.objectContaining({
        referrerHost: "instagram.com",
        utmSource: "instagram",
        utmMedium: "",
        utmCampaign: "hiver",
        visits: "1",
      }),
    ]);
    expect(funnel).toEqual(
      expect.arrayContaining([
        { model: "aicha", source: "instagram", step: "page", count: "1" },
        { model: "aicha", source: "instagram", step: "cart", count: "1" },
      ]),
    );
    // Nothing of the visitor was written: no address, no agent, no query.
    const written = JSON.stringify({ pages, sources, funnel });
    for (const secret of ["198.51.100", "iPhone", "secret", "token", "sac-banane"]) {
      expect(written).not.toContain(secret);
    }
  });

  it("counts a page of the page cache and a JavaScript navigation like a rendered one", async () => {
    audienceModule.countPageView(hit("/en/cart.data", { referer: `${TEST_ORIGIN}/en` }, "192.0.2.50"));
    audienceModule.countInBackground(hit("/en", {}, "192.0.2.51"));
    const { pages } = await counted();
    expect(pages).toEqual(
      expect.arrayContaining([
        { page: "cart", locale: "en", views: "1", visits: "1" },
        { page: "home", locale: "en", views: "1", visits: "1" },
      ]),
    );
  });

  it("only queues a page view on the request's path: counted at its batch, written at the flush", async () => {
    const { audience, countPageView, readQueued } = audienceModule;
    const homeViews = async () => {
      const row = await shop.t.db
        .selectFrom("audiencePages")
        .select("views")
        .where("page", "=", "home")
        .where("locale", "=", "fr")
        .executeTakeFirst();
      return Number(row?.views ?? 0);
    };
    await audienceModule.flush();
    const written = await homeViews();
    const held = audience.size();
    for (let i = 0; i < 50; i++) {
      // Nothing to wait for, nothing counted nor written while the request is answered.
      expect(countPageView(hit("/?utm_source=batch", {}, `203.0.113.${i}`))).toBeUndefined();
    }
    expect(audience.size()).toBe(held);
    await readQueued();
    // Counted in memory: 50 new visitors and the day's new source.
    expect(audience.size()).toBeGreaterThanOrEqual(held + 50);
    await audienceModule.flush();
    expect(await homeViews()).toBe(written + 50);
  });
});
