/**
 * A model's page is the catalogue's, on real PostgreSQL: found at its current address in either
 * language, an address it had answering 301 for ever, a draft shown to the owner's session only
 * (never indexed, never kept), an archived model sold out, anything else a 404.
 */

import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopDay } from "@souls/core/format";
import { inviteReviewers, publishReview, submitReview } from "@souls/shop/reviews";
import { placeShippedOrder, reviewLinkToken, TEST_SECRET } from "@souls/shop/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<unknown>;

beforeAll(async () => {
  ({ loader } = await import("./route"));
});

/** What the loader answered: its data, or the response it threw (a redirect, a 404). */
async function open(path: string, cookie?: string) {
  const request = new Request(`https://souls.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    const answer = await loader({ request, params: {}, context: {} });
    const init = (answer as { init?: ResponseInit }).init;
    const body = (answer as { data?: unknown }).data ?? answer;
    return { status: 200, body: body as Record<string, unknown>, headers: new Headers(init?.headers) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: {}, headers: thrown.headers };
    // A 404 thrown with the collection to show (`data(…, { status: 404 })`).
    const withInit = thrown as { type?: string; data?: Record<string, unknown>; init?: ResponseInit };
    if (withInit.type === "DataWithResponseInit") {
      return {
        status: withInit.init?.status ?? 200,
        body: withInit.data ?? {},
        headers: new Headers(withInit.init?.headers),
      };
    }
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
    const { id } = await shop.t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "bilin")
      .executeTakeFirstOrThrow();
    await shop.t.db
      .updateTable("productTexts")
      .set({ path: "/en/product/bilin-the-yellow-one" })
      .where("productId", "=", id)
      .where("locale", "=", "en")
      .execute();
    await shop.t.db
      .insertInto("productPaths")
      .values({ path: "/en/product/bilin-fanny-pack", productId: id, locale: "en" })
      .execute();
    const moved = await open("/en/product/bilin-fanny-pack?utm_source=ig");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/en/product/bilin-the-yellow-one?utm_source=ig");
    expect((await open("/en/product/bilin-the-yellow-one")).status).toBe(200);
  });

  it("shows a draft to the owner's session only, not indexed and never kept", async () => {
    const { id } = await shop.t.db
      .insertInto("products")
      .values({ reference: "ZORA-01", slug: "zora", name: "Zora", priceCents: 16900, stock: 3 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await shop.t.db
      .insertInto("productTexts")
      .values([
        { productId: id, locale: "fr", path: "/produit/sac-banane-zora", tagline: "Jacquard vert" },
        { productId: id, locale: "en", path: "/en/product/zora-fanny-pack", tagline: "Green jacquard" },
      ])
      .execute();
    expect((await open("/produit/sac-banane-zora")).status).toBe(404);
    expect((await open("/produit/sac-banane-zora", "admin_session=forged")).status).toBe(404);
    const preview = await open("/en/product/zora-fanny-pack", shop.ownerCookie);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ name: "Zora", preview: true, noindex: true });
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("keeps an archived model's page, sold out", async () => {
    await shop.t.db
      .updateTable("products")
      .set({ archivedAt: new Date() })
      .where("slug", "=", "ilian")
      .execute();
    const page = await open("/produit/sac-banane-ilian");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ model: { model: "ilian", available: 0 } });
  });
});

describe("a model's reviews", () => {
  /** The Product a page describes to search engines. */
  const productData = (body: Record<string, unknown>) =>
    (body.structuredData as Record<string, unknown>[]).find((item) => item["@type"] === "Product") ?? {};

  /** A buyer's review of Ilian, written through her link (published by the test). */
  async function publishedReview(email: string, rating: number, title: string) {
    const order = await placeShippedOrder(shop.t.db, {
      model: "ilian",
      details: { email },
      shippedAt: new Date(Date.now() - 11 * 86_400_000),
    });
    await inviteReviewers(shop.t.db, { secret: TEST_SECRET });
    const written = await submitReview(shop.t.db, {
      token: reviewLinkToken(TEST_SECRET, "review", order.id),
      secret: TEST_SECRET,
      model: "ilian",
      locale: "en",
      review: {
        rating,
        title,
        body: "The jacquard is lovely </script><script>alert(1)</script>.",
        authorName: "Nour B.",
        experiencedOn: shopDay(),
        consent: "yes",
      },
    });
    if (!written.ok) throw new Error(`review refused: ${written.reason}`);
    const row = await shop.t.db
      .selectFrom("reviews")
      .select(["id", "saves"])
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    return row;
  }

  it("carries no rating while no review is published, then the published reviews' own", async () => {
    await shop.t.db
      .updateTable("products")
      .set({ stock: 20, archivedAt: null })
      .where("slug", "=", "ilian")
      .execute();
    const first = await publishedReview("nour@example.org", 5, "Lovely");
    const second = await publishedReview("ines@example.org", 2, "Too small for me");
    // Written, not published: nothing on the page, nothing for search engines.
    const before = await open("/en/product/ilian-fanny-pack");
    expect(before.body.reviews).toBeNull();
    expect(productData(before.body)).not.toHaveProperty("aggregateRating");
    expect(productData(before.body)).not.toHaveProperty("review");

    await publishReview(shop.t.db, { ...first, reply: "Thank you Nour!" });
    await publishReview(shop.t.db, second);
    const after = await open("/produit/sac-banane-ilian");
    expect(after.body.reviews).toMatchObject({
      count: 2,
      average: 3.5,
      reviews: [{ title: "Too small for me" }, { title: "Lovely", reply: "Thank you Nour!" }],
    });
    expect(productData(after.body)).toMatchObject({
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 3.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        { "@type": "Review", name: "Too small for me", reviewRating: { ratingValue: 2 } },
        {
          "@type": "Review",
          name: "Lovely",
          author: { "@type": "Person", name: "Nour B." },
          inLanguage: "en",
        },
      ],
    });
    // Serialised for the page with `<` escaped: a review cannot close the data block.
    const { jsonLd } = await import("~/lib/seo");
    const serialised = jsonLd(productData(after.body));
    expect(serialised).not.toContain("</script>");
    expect(JSON.parse(serialised).review[0].reviewBody).toContain("</script><script>");
  });
});

describe("a model of a series opening later (decision 039)", () => {
  it("keeps its page, says when it opens in its language, and is announced, not in stock", async () => {
    const { seriesId } = await shop.t.db
      .selectFrom("products")
      .select("seriesId")
      .where("slug", "=", "bilin")
      .executeTakeFirstOrThrow();
    const setOpening = (opensAt: Date | null) =>
      shop.t.db
        .updateTable("series")
        .set({ opensAt })
        .where("id", "=", seriesId as number)
        .execute();
    await setOpening(new Date("2035-06-15T16:00:00Z"));
    try {
      const fr = await open("/produit/sac-banane-bilin");
      expect(fr.body.opening).toEqual({
        day: "vendredi 15 juin",
        time: "18 h",
        at: "2035-06-15T16:00:00.000Z",
        phase: "before",
      });
      const product = (fr.body.structuredData as Record<string, unknown>[]).find(
        (item) => item["@type"] === "Product",
      );
      expect(JSON.stringify(product)).toContain("https://schema.org/PreSale");
      // Its English address as it is now (an earlier test of this file moves it).
      const { path } = await shop.t.db
        .selectFrom("productTexts")
        .innerJoin("products", "products.id", "productTexts.productId")
        .select("productTexts.path")
        .where("products.slug", "=", "bilin")
        .where("productTexts.locale", "=", "en")
        .executeTakeFirstOrThrow();
      const en = await open(path);
      expect(en.body.opening).toMatchObject({ day: "Friday 15 June", time: "6 pm" });
    } finally {
      await setOpening(null);
    }
    expect((await open("/produit/sac-banane-bilin")).body.opening).toBeNull();
  });
});
