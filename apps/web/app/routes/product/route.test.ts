/**
 * A model's page is the catalogue's, on real PostgreSQL: found at its current address in either
 * language, an address it had answering 301 for ever, a draft shown to the owner's session only
 * (never indexed, never kept), an archived model sold out, anything else a 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const PASSWORD = "the-owners-password-in-tests";
let t: TestDatabase;
let loader: (args: LoaderFunctionArgs) => Promise<unknown>;
let ownerCookie = "";

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("ADMIN_PASSWORD", PASSWORD);
  ({ loader } = await import("./route"));
  const admin = await import("~/routes/admin/route");
  const login = (await admin
    .action({
      request: new Request("http://shop.test/admin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", password: PASSWORD }).toString(),
      }),
      params: {},
      context: { socketAddress: "203.0.113.61" },
    })
    .catch((thrown: unknown) => thrown)) as Response;
  ownerCookie =
    login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .find((cookie) => cookie.startsWith("admin_session=")) ?? "";
  expect(ownerCookie).not.toBe("");
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** What the loader answered: its data, or the response it threw (a redirect, a 404). */
async function open(path: string, cookie?: string) {
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    const answer = await loader({ request, params: {}, context: {} });
    const init = (answer as { init?: ResponseInit }).init;
    const body = (answer as { data?: unknown }).data ?? answer;
    return { status: 200, body: body as Record<string, unknown>, headers: new Headers(init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {}, headers: thrown.headers };
    throw thrown;
  }
}

describe("a model's page", () => {
  it("is found at its current address in each language, with that language's words", async () => {
    const fr = await open("/produit/sac-banane-nadia");
    expect(fr.status).toBe(200);
    expect(fr.body).toMatchObject({
      name: "Nadia",
      texts: { path: "/produit/sac-banane-nadia" },
      preview: false,
    });
    const en = await open("/en/product/nadia-fanny-pack");
    expect(en.body).toMatchObject({ texts: { tagline: expect.stringMatching(/turquoise/i) } });
    expect((await open("/produit/sac-banane-zora")).status).toBe(404);
  });

  it("answers 301 to the current address from one it had, its query kept", async () => {
    const { id } = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "bilin")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("productTexts")
      .set({ path: "/en/product/bilin-the-yellow-one" })
      .where("productId", "=", id)
      .where("locale", "=", "en")
      .execute();
    await t.db
      .insertInto("productPaths")
      .values({ path: "/en/product/bilin-fanny-pack", productId: id, locale: "en" })
      .execute();
    const moved = await open("/en/product/bilin-fanny-pack?utm_source=ig");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/en/product/bilin-the-yellow-one?utm_source=ig");
    expect((await open("/en/product/bilin-the-yellow-one")).status).toBe(200);
  });

  it("shows a draft to the owner's session only, not indexed and never kept", async () => {
    const { id } = await t.db
      .insertInto("products")
      .values({ reference: "ZORA-01", slug: "zora", name: "Zora", priceCents: 16900, stock: 3 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("productTexts")
      .values([
        { productId: id, locale: "fr", path: "/produit/sac-banane-zora", tagline: "Jacquard vert" },
        { productId: id, locale: "en", path: "/en/product/zora-fanny-pack", tagline: "Green jacquard" },
      ])
      .execute();
    expect((await open("/produit/sac-banane-zora")).status).toBe(404);
    expect((await open("/produit/sac-banane-zora", "admin_session=forged")).status).toBe(404);
    const preview = await open("/en/product/zora-fanny-pack", ownerCookie);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: "Zora", preview: true, noindex: true });
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("keeps an archived model's page, sold out", async () => {
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("slug", "=", "ilian").execute();
    const page = await open("/produit/sac-banane-ilian");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ model: { model: "ilian", available: 0 } });
  });
});
