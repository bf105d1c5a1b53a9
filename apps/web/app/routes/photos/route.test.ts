/**
 * The photos' files on real PostgreSQL: each cut by its exact name with the headers that let
 * browsers and CDNs keep it a year, a 304 for a browser that has it, HEAD without the bytes, and a
 * small 404 for any other name — which never reaches the database.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { addPhoto, type GalleryPhoto } from "@souls/shop/photos";
import { smallPhoto } from "@souls/shop/testing";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENDPOINTS, routeTable } from "~/screens";

let t: TestDatabase;
let loader: (args: LoaderFunctionArgs) => Promise<Response>;
let photo: GalleryPhoto;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SITE_URL", "https://souls.example");
  ({ loader } = await import("./route"));
  const aicha = await t.db
    .selectFrom("products")
    .select("id")
    .where("slug", "=", "aicha")
    .executeTakeFirstOrThrow();
  photo = await addPhoto(t.db, { productId: aicha.id, bytes: await smallPhoto("#7a1f3d") });
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** A request as Remix hands it to the route: the rest of the path after `/photos/` in `*`. */
function get(name: string, init: RequestInit = {}) {
  return loader({
    request: new Request(`https://souls.example${ENDPOINTS.photos}/${encodeURIComponent(name)}`, init),
    params: { "*": name },
    context: {},
  });
}

describe("a photo's file", () => {
  it("is served under /photos/* by its own route, never a page", () => {
    expect(routeTable().find((route) => route.path === `${ENDPOINTS.photos}/*`)).toMatchObject({
      module: "routes/photos/route.ts",
    });
  });

  it.each([
    ["avif", 320, "image/avif", "heif"],
    ["webp", 480, "image/webp", "webp"],
    ["jpg", 480, "image/jpeg", "jpeg"],
  ])(
    "answers the %s cut of %i pixels with its type, a year of immutable caching and its ETag",
    async (extension, width, type, format) => {
      const name = `${photo.source}-${width}.${extension}`;
      const answer = await get(name);
      expect(answer.status).toBe(200);
      expect(Object.fromEntries(answer.headers)).toMatchObject({
        "content-type": type,
        "cache-control": "public, max-age=31536000, immutable",
        etag: `"${name}"`,
        "x-content-type-options": "nosniff",
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(answer.headers.get("Content-Length")).toBe(String(bytes.length));
      expect(await sharp(bytes).metadata()).toMatchObject({ format, width });
    },
  );

  it("answers HEAD with the same headers and no bytes, and a browser that has it with a 304", async () => {
    const name = `${photo.source}-320.webp`;
    const head = await get(name, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("image/webp");
    expect(head.body).toBeNull();
    const again = await get(name, { headers: { "If-None-Match": `W/"other", "${name}"` } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("ETag")).toBe(`"${name}"`);
    expect((await get(name, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("answers a browser that has a cut with a 304, and a cut served lately, without the database", async () => {
    const { db } = await import("~/lib/db.server");
    const name = `${photo.source}-480.avif`;
    expect((await get(name)).status).toBe(200);
    const queries = vi.spyOn(db, "selectFrom");
    const has = await get(name, { headers: { "If-None-Match": `"${name}"` } });
    expect(has.status).toBe(304);
    expect(has.headers.get("Content-Type")).toBe("image/avif");
    const again = await get(name);
    expect(again.status).toBe(200);
    expect(await sharp(Buffer.from(await again.arrayBuffer())).metadata()).toMatchObject({ width: 480 });
    expect((await get(name, { method: "HEAD" })).headers.get("Content-Length")).toBe(
      again.headers.get("Content-Length"),
    );
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
  });

  it("is a small plain 404 for any other name, which never reaches the database", async () => {
    const { db } = await import("~/lib/db.server");
    const queries = vi.spyOn(db, "selectFrom");
    for (const name of [
      `${photo.source}-320.jpeg`,
      `${photo.source}-320.png`,
      `${photo.source}-0320.avif`,
      `${photo.source}-99999.avif`,
      `${photo.source.toUpperCase()}-320.avif`,
      `${photo.source}-320.avif/extra`,
      `../${photo.source}-320.avif`,
      "aicha-1.svg",
      "",
      `${"x".repeat(5000)}.avif`,
    ]) {
      const answer = await get(name);
      expect(answer.status, name).toBe(404);
      expect(answer.headers.get("Content-Type"), name).toBe("text/plain; charset=utf-8");
      expect(await answer.text(), name).toBe("Not Found");
    }
    expect(queries).not.toHaveBeenCalled();
    // A name of the right shape is looked up: a width or a photo the shop does not have is a 404 too
    // (a model photo's file, a series picture's, an article cover's, the home page's hero
    // picture's, then its photo: a width added to the pages since it was stored would be made).
    for (const name of [`${photo.source}-640.webp`, `${"0".repeat(32)}-320.avif`]) {
      expect((await get(name)).status, name).toBe(404);
    }
    expect(queries).toHaveBeenCalledTimes(10);
    queries.mockRestore();
  });
});
