/**
 * The product feeds on real PostgreSQL, as Google and Meta fetch them: at their stable addresses,
 * answered from the kept text (never built for the request), with a 304 for an unchanged copy,
 * built again once a piece is held or sold; the launch drawings' raster cuts served by name.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";
import { ENDPOINTS, FEED_FILE_NAMES, feedPath, routeTable } from "~/screens";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<Response>;
let photoLoader: (args: LoaderFunctionArgs) => Promise<Response>;
let builds: () => number;

beforeAll(async () => {
  ({ loader } = await import("./route"));
  ({ loader: photoLoader } = await import("~/routes/photos/route"));
  const { shownFeeds } = await import("~/lib/feeds.server");
  builds = () => shownFeeds.builds;
  // This server hears the catalogue's changes from here on: what it builds now, it keeps.
  const { whenListening } = await import("~/lib/live.server");
  await whenListening();
});

function get(file: string, headers: Record<string, string> = {}) {
  return loader({
    request: new Request(`${TEST_ORIGIN}${ENDPOINTS.feeds}/${file}`, { headers }),
    params: { file },
    context: {},
  });
}

/** Each model's availability in a Google feed, by reference. */
const availabilities = (xml: string) =>
  Object.fromEntries(
    [...xml.matchAll(/<g:id>([^<]*)<\/g:id>[\s\S]*?<g:availability>([^<]*)<\/g:availability>/g)].map(
      ([, id, availability]) => [id, availability],
    ),
  );

describe("the product feeds", () => {
  it("live at stable addresses, one per platform and language, answered by their own route", () => {
    expect(FEED_FILE_NAMES.map(feedPath)).toEqual([
      "/flux/google-fr.xml",
      "/flux/google-en.xml",
      "/flux/meta-fr.csv",
      "/flux/meta-en.csv",
    ]);
    expect(routeTable().find((route) => route.path === "/flux/:file")).toMatchObject({
      module: "routes/feeds/route.ts",
    });
  });

  it("are answered from the kept text: built once, not per request, with a validator", async () => {
    const first = await get("google-fr.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await first.text();
    expect(availabilities(xml)).toEqual({
      "Aicha-01": "in_stock",
      "Nadia-01": "in_stock",
      "Bilin-01": "in_stock",
      "Ilian-01": "in_stock",
    });
    expect(xml).toContain(`<g:link>${TEST_ORIGIN}/produit/sac-banane-aicha</g:link>`);
    const built = builds();
    for (const file of FEED_FILE_NAMES) expect((await get(file)).status).toBe(200);
    const again = await get("google-fr.xml");
    expect(await again.text()).toBe(xml);
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(builds()).toBe(built);

    const etag = first.headers.get("ETag") ?? "";
    expect((await get("google-fr.xml", { "If-None-Match": etag })).status).toBe(304);
    const lastModified = first.headers.get("Last-Modified") ?? "";
    expect((await get("google-fr.xml", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect(builds()).toBe(built);

    const meta = await get("meta-en.csv");
    expect(meta.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect((await meta.text()).split("\r\n")[0]).toMatch(/^"id","title","description","availability"/);
  });

  it("are built again after a stock change, and only once for all four", async () => {
    const before = await get("google-en.xml");
    const built = builds();
    await shop.t.db
      .updateTable("products")
      .set((eb) => ({ reserved: eb.ref("stock") }))
      .where("slug", "=", "bilin")
      .execute();
    const after = await get("google-en.xml");
    expect(availabilities(await after.text())["Bilin-01"]).toBe("out_of_stock");
    expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    expect((await get("google-en.xml", { "If-None-Match": before.headers.get("ETag") ?? "" })).status).toBe(
      200,
    );
    expect(await (await get("meta-fr.csv")).text()).toContain('"Bilin-01","Sac banane Bilin"');
    expect(builds()).toBe(built + 1);
  });

  it("answer HEAD with the headers alone", async () => {
    const head = await loader({
      request: new Request(`${TEST_ORIGIN}${feedPath("meta-fr.csv")}`, { method: "HEAD" }),
      params: { file: "meta-fr.csv" },
      context: {},
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toMatch(/^"[\w-]{27}"$/);
    expect(await head.text()).toBe("");
  });

  it("answer a small 404 for any other name, building nothing", async () => {
    const built = builds();
    for (const name of ["google-de.xml", "meta-fr.xml", "..%2Fpackage.json", "constructor"]) {
      expect((await get(name)).status).toBe(404);
    }
    expect(builds()).toBe(built);
  });

  it("name the launch drawings' JPEG cuts, served at 1,200 px", async () => {
    const xml = await (await get("google-fr.xml")).text();
    const cover = /<g:image_link>([^<]*)<\/g:image_link>/.exec(xml)?.[1] ?? "";
    expect(cover).toMatch(new RegExp(`^${TEST_ORIGIN}/photos/[0-9a-f]{32}-1200\\.jpg$`));
    const name = cover.slice(`${TEST_ORIGIN}/photos/`.length);
    const answer = await photoLoader({ request: new Request(cover), params: { "*": name }, context: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("image/jpeg");
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const image = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "jpeg", width: 1200, height: 1500 });
    // Only that cut: another width or format of the drawing is no file.
    for (const other of [name.replace("-1200.jpg", "-600.jpg"), name.replace(".jpg", ".webp")]) {
      const missing = await photoLoader({ request: new Request(cover), params: { "*": other }, context: {} });
      expect(missing.status).toBe(404);
    }
  });
});
