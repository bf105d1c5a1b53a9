/**
 * The page cache against real PostgreSQL: every kind of product change, made through another
 * connection (as another web server would), takes the kept pages away from the very next request,
 * before the notification would have come on its own; nothing is kept or served
 * while the LISTEN connection is down; a page rendered across a change is not kept.
 */
import { shopDay } from "@souls/core/format";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import {
  LISTENER_NAME,
  type ListeningProductChangeSource,
  listenToProductChanges,
} from "@souls/shop/product-changes";
import { inviteReviewers, submitReview } from "@souls/shop/reviews";
import { placeShippedOrder, reviewLinkToken, TEST_SECRET } from "@souls/shop/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WAIT_MS } from "../../../../vitest.shared";

vi.stubEnv("DATABASE_URL", "postgres://shop@127.0.0.1:5432/souls");
const { cleanAddress, createPageCache, inlineHashes, preferredEncoding } = await import(
  "./page-cache.server"
);
const { versionOf } = await import("./catalogue.server");
const { launchGenerationOf } = await import("./launch.server");

let t: TestDatabase;
let source: ListeningProductChangeSource;
let cache: ReturnType<typeof createPageCache>;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  source = await listenToProductChanges(t.url, { minRetryMs: 400, maxRetryMs: 800, onError: () => {} });
  cache = createPageCache(versionOf(source));
});

afterAll(async () => {
  await source.close();
  await t.drop();
});

const PRODUCT = "/produit/sac-banane-nadia";

/** Renders (here: writes) and keeps a page the way the app does after a miss. */
async function keepPage(key: string, html = `<html lang="fr">${key}</html>`) {
  const found = await cache.lookUp(key);
  if ("page" in found) return;
  if (!("ticket" in found) || !found.ticket) throw new Error(`${key} cannot be kept now`);
  cache.keep(found.ticket, { "Content-Type": "text/html; charset=utf-8" }, html);
}

/** Whether a kept page answers `key`; if not, the render it would start is given up at once. */
async function isKept(key: string, from = cache) {
  const found = await from.lookUp(key);
  if ("ticket" in found && found.ticket) from.release(found.ticket);
  return "page" in found;
}

/**
 * Runs a change through another connection, as another web server would, and does not wait for
 * this one to hear of it: the next request must already be answered with the change.
 */
async function changedElsewhere(change: string) {
  await sql.raw(change).execute(t.db);
}

describe("which requests a kept page may answer", () => {
  it("a first-time visitor's GET or HEAD of a public page, in either language", () => {
    expect(cache.keyOf("GET", PRODUCT, undefined)).toBe(PRODUCT);
    expect(cache.keyOf("HEAD", "/en/product/nadia-fanny-pack", "")).toBe("/en/product/nadia-fanny-pack");
    expect(cache.keyOf("GET", "/en/", undefined)).toBe("/en");
    expect(cache.keyOf("GET", "/magazine", "theme=dark; other=1")).toBe("/magazine");
    expect(cache.keyOf("GET", "/panier", undefined)).toBe("/panier");
  });

  it("a model's page under its address, whatever the catalogue calls it (the app answers what is there)", () => {
    expect(cache.keyOf("GET", "/produit/sac-banane-zora", undefined)).toBe("/produit/sac-banane-zora");
    expect(cache.keyOf("GET", "/en/product/zora-the-green-one?utm_source=ig", undefined)).toBe(
      "/en/product/zora-the-green-one",
    );
    for (const path of ["/produit/", "/produit/a/b", "/en/product/zora/", "/produit/zora?photo=2"]) {
      expect(cache.keyOf("GET", path, undefined), path).toBeNull();
    }
  });

  it("a series' page and « all pieces », like the other catalogue pages", () => {
    expect(cache.keyOf("GET", "/collections/premiere-collection", undefined)).toBe(
      "/collections/premiere-collection",
    );
    expect(cache.keyOf("GET", "/en/collections/first-collection?utm_source=ig", undefined)).toBe(
      "/en/collections/first-collection",
    );
    expect(cache.keyOf("GET", "/toutes-les-pieces", undefined)).toBe("/toutes-les-pieces");
    expect(cache.keyOf("GET", "/en/all-pieces/", undefined)).toBe("/en/all-pieces");
    for (const path of [
      "/collections/",
      "/collections/a/b",
      "/en/collections/atlas/",
      "/collections/atlas?x=1",
    ]) {
      expect(cache.keyOf("GET", path, undefined), path).toBeNull();
    }
  });

  it("the same page for the links of social networks and newsletters", () => {
    expect(cache.keyOf("GET", `${PRODUCT}?utm_source=ig&utm_medium=social&fbclid=abc`, undefined)).toBe(
      PRODUCT,
    );
  });

  // Every cookie the app reads, written every way the cookie parser Remix uses still reads it
  // (a space before `=` let a shopper's cart be kept and shown to every visitor).
  it.each(["cart", "flash", "orders", "admin_session", "admin_device"])(
    "never a visitor with the app's cookie %s, however it is written",
    (name) => {
      for (const header of [
        `${name}=abc`,
        `${name} =abc`,
        `${name}\t= abc`,
        ` ${name}=abc`,
        `x=1;${name}=abc`,
        `x=1;  ${name} = "abc"`,
        `__Host-${name}=abc`,
        `x=1; __Host-${name} =abc; y=2`,
      ]) {
        expect(cache.keyOf("GET", PRODUCT, header), header).toBeNull();
      }
    },
  );

  it("never a cookie header longer than a browser sends, nor a target that is not a path", () => {
    expect(cache.keyOf("GET", PRODUCT, `x=${"a".repeat(9000)}`)).toBeNull();
    for (const target of [
      "//",
      "///",
      "//@/",
      "//x:99999/",
      "http://evil/en",
      "*",
      "",
      "//produit/sac-banane-nadia",
    ]) {
      expect(cache.keyOf("GET", target, undefined), target).toBeNull();
    }
  });

  it("a French page for a browser asking for English first apart: it carries the offer of the English page", () => {
    const english = "en-GB,en;q=0.9,fr;q=0.8";
    expect(cache.keyOf("GET", PRODUCT, undefined, english)).toBe(`${PRODUCT}#english-offered`);
    expect(cache.keyOf("GET", "/", undefined, english)).toBe("/#english-offered");
    expect(cache.keyOf("GET", "/magazine", undefined, "en")).toBe("/magazine#english-offered");
    // The English pages are kept for her, and the French pages for a French or a silent browser.
    expect(cache.keyOf("GET", "/en/product/nadia-fanny-pack", undefined, english)).toBe(
      "/en/product/nadia-fanny-pack",
    );
    expect(cache.keyOf("GET", PRODUCT, undefined, "fr-FR,fr;q=0.9,en;q=0.8")).toBe(PRODUCT);
    expect(cache.keyOf("GET", PRODUCT, undefined, "de-DE")).toBe(PRODUCT);
    expect(cache.keyOf("GET", PRODUCT, undefined, undefined)).toBe(PRODUCT);
  });

  it("never a form's post, a shopper's own page or another query", () => {
    expect(cache.keyOf("POST", PRODUCT, undefined)).toBeNull();
    expect(cache.keyOf("GET", `${PRODUCT}?photo=2`, undefined)).toBeNull();
    expect(cache.keyOf("GET", "/checkout?product=aicha&qty=1", undefined)).toBeNull();
    expect(cache.keyOf("GET", "/suivi-commande", undefined)).toBeNull();
    expect(cache.keyOf("GET", "/merci", undefined)).toBeNull();
    expect(cache.keyOf("GET", "/admin", undefined)).toBeNull();
    expect(cache.keyOf("GET", "/no-such-page", undefined)).toBeNull();
  });
});

describe("a public page asked for with parameters it does not read", () => {
  it("is a redirect to its clean address, keeping what the page reads and the tracking", () => {
    expect(cleanAddress("GET", "/magazine?x=1")).toBe("/magazine");
    expect(cleanAddress("HEAD", "/en?a=1&b=2")).toBe("/en");
    expect(cleanAddress("GET", `${PRODUCT}?photo=2&x=1`)).toBe(`${PRODUCT}?photo=2`);
    expect(cleanAddress("GET", `${PRODUCT}?cache-buster=${"z".repeat(500)}&utm_source=ig`)).toBe(
      `${PRODUCT}?utm_source=ig`,
    );
    expect(cleanAddress("GET", "/panier?x")).toBe("/panier");
  });

  it("is left alone when the page reads all it is given, or the page is a shopper's own", () => {
    for (const url of [
      PRODUCT,
      `${PRODUCT}?photo=2&reviews=all`,
      "/magazine?utm_source=newsletter",
      `${PRODUCT}.data?_routes=routes%2Fproduct%2Froute`,
      "/checkout?product=aicha&qty=1",
      "/suivi-commande?token=abc",
      "/merci?order=SOULS-123456",
      "/no-such-page?x=1",
      "/admin-orders?status=paid",
    ]) {
      expect(cleanAddress("GET", url), url).toBeNull();
    }
    expect(cleanAddress("POST", "/magazine?x=1")).toBeNull();
  });
});

describe("the compression a kept page is sent with", () => {
  it("brotli, else gzip, else none, as Accept-Encoding allows", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("BR;q=0.5 , GZIP")).toBe("br");
    expect(preferredEncoding("br;q=0, gzip;q=1")).toBe("gzip");
    expect(preferredEncoding("br;q=0.000, gzip;q=0")).toBeUndefined();
    expect(preferredEncoding("br;q=abc, identity")).toBeUndefined();
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it("reads a header of any length in one bounded pass: the one that froze the server gets no compression", () => {
    // `br`, 16,000 spaces and `;x` took the old regular expression 0.4 s a request (quadratic).
    expect(preferredEncoding(`br${" ".repeat(16_000)};x`)).toBeUndefined();
    expect(preferredEncoding(`${",".repeat(16_000)}br`)).toBeUndefined();
    expect(preferredEncoding(`br${" ".repeat(200)}`)).toBe("br");
  });
});

describe("what is kept", () => {
  it("a page, compressed once in gzip and brotli", async () => {
    await keepPage(PRODUCT, `<html>${"sac banane ".repeat(500)}</html>`);
    const found = await cache.lookUp(PRODUCT);
    if (!("page" in found)) throw new Error("not kept");
    expect(found.page.body.toString()).toContain("sac banane");
    expect(found.page.gzip.length).toBeLessThan(found.page.body.length / 10);
    expect(found.page.br.length).toBeLessThan(found.page.body.length / 10);
  });

  it.each([
    ["a sale or a hold", "UPDATE products SET reserved = reserved + 1 WHERE slug = 'nadia'"],
    ["a hold given back", "UPDATE products SET reserved = reserved - 1 WHERE slug = 'nadia'"],
    ["the owner's stock", "UPDATE products SET stock = stock + 1 WHERE slug = 'aicha'"],
    ["a price", "UPDATE products SET price_cents = 14900 WHERE slug = 'bilin'"],
    ["an archived model", "UPDATE products SET archived_at = now() WHERE slug = 'ilian'"],
    [
      "a new product",
      "INSERT INTO products (slug, reference, name, price_cents, stock) VALUES ('x-1', 'X-1', 'X', 1000, 1)",
    ],
    ["a deleted product", "DELETE FROM products WHERE slug = 'x-1'"],
  ])("is gone after %s made through another connection, in both languages", async (_kind, change) => {
    await keepPage(PRODUCT);
    await keepPage("/en");
    expect((await isKept(PRODUCT)) && (await isKept("/en"))).toBe(true);
    await changedElsewhere(change);
    expect(await isKept(PRODUCT)).toBe(false);
    expect(await isKept("/en")).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("is rendered once for the requests of the moment: they wait for the first one's page", async () => {
    const first = await cache.lookUp("/magazine");
    if (!("ticket" in first) || !first.ticket) throw new Error("no ticket");
    const others = Promise.all([cache.lookUp("/magazine"), cache.lookUp("/magazine")]);
    cache.keep(first.ticket, {}, "<html>le magazine</html>");
    for (const found of await others) {
      if (!("page" in found)) throw new Error("rendered again");
      expect(found.page.body.toString()).toBe("<html>le magazine</html>");
    }
  });

  it("lets the waiting requests render their own when the first one's page is not kept (a 404, a cookie)", async () => {
    const first = await cache.lookUp("/en/magazine");
    if (!("ticket" in first) || !first.ticket) throw new Error("no ticket");
    const waiting = cache.lookUp("/en/magazine");
    cache.release(first.ticket);
    const found = await waiting;
    expect("ticket" in found && found.ticket?.key).toBe("/en/magazine");
    if ("ticket" in found && found.ticket) cache.release(found.ticket);
  });

  it("makes the requests waiting through a change wait for the next render, not render one each", async () => {
    const first = await cache.lookUp("/rush");
    if (!("ticket" in first) || !first.ticket) throw new Error("no ticket");
    const waiting = [cache.lookUp("/rush"), cache.lookUp("/rush")];
    // A hold made while the first page renders: its page is not kept, it may show the piece free.
    await changedElsewhere("UPDATE products SET reserved = reserved + 1 WHERE slug = 'bilin'");
    await source.catchUp(); // heard by this server
    cache.keep(first.ticket, {}, "<html>before the hold</html>");
    // One of the waiting requests renders the page of the new generation, the other waits for it.
    const renderer = await Promise.race(waiting);
    if (!("ticket" in renderer) || !renderer.ticket) throw new Error("no ticket");
    expect(renderer.ticket.version).not.toBe(first.ticket.version);
    cache.keep(renderer.ticket, {}, "<html>after the hold</html>");
    const served = (await Promise.all(waiting)).flatMap((found) => ("page" in found ? [found.page] : []));
    expect(served.map((page) => page.body.toString())).toEqual(["<html>after the hold</html>"]);
  });

  it("is not a page rendered while the catalogue changed: it may show the piece as it was", async () => {
    const found = await cache.lookUp("/");
    if (!("ticket" in found) || !found.ticket) throw new Error("no ticket");
    await changedElsewhere("UPDATE products SET reserved = reserved + 1 WHERE slug = 'aicha'");
    cache.keep(found.ticket, {}, "<html>rendered before the sale</html>");
    expect(await isKept("/")).toBe(false);
  });

  it("is nothing while the LISTEN connection is down, and nothing from before once it is back", async () => {
    await keepPage(PRODUCT);
    const listening = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(
      t.db,
    );
    await sql`SELECT pg_terminate_backend(${listening.rows[0]?.pid ?? 0})`.execute(t.db);
    await vi.waitFor(() => expect(source.connection()).toBeNull(), { timeout: WAIT_MS });

    expect(await cache.lookUp(PRODUCT)).toEqual({ ticket: null });
    // A change nobody hears: the page rendered now must not be served later.
    await sql`UPDATE products SET reserved = reserved - 1 WHERE slug = 'aicha'`.execute(t.db);

    await vi.waitFor(() => expect(source.connection()).not.toBeNull(), { timeout: WAIT_MS });
    expect(await isKept(PRODUCT)).toBe(false);
    await keepPage(PRODUCT);
    expect(await isKept(PRODUCT)).toBe(true);
  });
});

describe("the year a kept page shows (its footer's « © year »)", () => {
  it("is the year it is in Paris: a page kept on 31 December is not served on 1 January", async () => {
    let now = new Date("2026-12-31T22:30:00Z"); // 23:30 in Paris
    const yearly = createPageCache(versionOf(source), () => now);
    const found = await yearly.lookUp("/");
    if (!("ticket" in found) || !found.ticket) throw new Error("no ticket");
    yearly.keep(found.ticket, {}, "<html>© 2026</html>");
    expect("page" in (await yearly.lookUp("/"))).toBe(true);
    now = new Date("2026-12-31T23:30:00Z"); // 00:30 on 1 January in Paris
    expect("page" in (await yearly.lookUp("/"))).toBe(false);
    expect(yearly.size).toBe(0);
  });

  it("is not kept when the year turned while it was rendered", async () => {
    let now = new Date("2026-12-31T22:59:59Z");
    const yearly = createPageCache(versionOf(source), () => now);
    const found = await yearly.lookUp("/");
    if (!("ticket" in found) || !found.ticket) throw new Error("no ticket");
    now = new Date("2026-12-31T23:00:01Z");
    yearly.keep(found.ticket, {}, "<html>© 2026</html>");
    expect("page" in (await yearly.lookUp("/"))).toBe(false);
  });
});

describe("a series' launch (decision 039)", () => {
  const opensAt = new Date("2026-12-04T17:00:00Z");
  const launches = [{ opensAt, earlyAccessMinutes: 30, launchLimitPieces: 1, launchLimitHours: 24 }];

  it("serves no page of before the head start or the opening once it has come, with nobody touching anything", async () => {
    let now = new Date(opensAt.getTime() - 31 * 60_000);
    const launching = createPageCache(versionOf(source), undefined, () =>
      launchGenerationOf(launches, now, launches[0]),
    );
    const keep = async () => {
      const found = await launching.lookUp("/produit/sac-banane-aicha");
      if ("page" in found) return;
      if (!found.ticket) throw new Error("no ticket");
      launching.keep(found.ticket, {}, "<html>Ouverture le vendredi 4 décembre à 18 h</html>");
    };
    const served = () => isKept("/produit/sac-banane-aicha", launching);
    await keep();
    expect(await served()).toBe(true);
    // The time left on the home page (its series opens): never more than a minute stale meanwhile.
    now = new Date(now.getTime() + 60_000);
    expect(await served()).toBe(false);
    await keep();
    now = new Date(opensAt.getTime() - 1);
    await keep();
    expect(await served()).toBe(true);
    now = opensAt;
    expect(await served()).toBe(false);
    // Once every moment has passed, pages are kept again for as long as nothing changes.
    await keep();
    now = new Date(opensAt.getTime() + 3 * 3600_000);
    expect(await served()).toBe(true);
  });

  it("keeps pages across minutes while only another series than the home page's is to open", () => {
    const before = new Date(opensAt.getTime() - 2 * 3600_000);
    const later = new Date(before.getTime() + 5 * 60_000);
    expect(launchGenerationOf(launches, later)).toBe(launchGenerationOf(launches, before));
    expect(launchGenerationOf(launches, later, launches[0])).not.toBe(
      launchGenerationOf(launches, before, launches[0]),
    );
  });

  it("keeps no page rendered across the opening", async () => {
    let now = new Date(opensAt.getTime() - 1);
    const launching = createPageCache(versionOf(source), undefined, () => launchGenerationOf(launches, now));
    const found = await launching.lookUp("/");
    if (!("ticket" in found) || !found.ticket) throw new Error("no ticket");
    now = opensAt;
    launching.keep(found.ticket, {}, "<html>Ouverture le vendredi 4 décembre à 18 h</html>");
    expect("page" in (await launching.lookUp("/"))).toBe(false);
  });
});

describe("a buyer's review", () => {
  let reviewId = 0;
  beforeAll(async () => {
    const order = await placeShippedOrder(t.db, {
      model: "nadia",
      shippedAt: new Date(Date.now() - 11 * 86_400_000),
    });
    await inviteReviewers(t.db, { secret: TEST_SECRET });
    const written = await submitReview(t.db, {
      token: reviewLinkToken(TEST_SECRET, "review", order.id),
      secret: TEST_SECRET,
      model: "nadia",
      locale: "fr",
      review: {
        rating: 5,
        title: "Superbe",
        body: "Le jacquard est encore plus beau en vrai.",
        authorName: "Camille M.",
        experiencedOn: shopDay(),
        consent: "yes",
      },
    });
    if (!written.ok) throw new Error(`review refused: ${written.reason}`);
    const row = await t.db.selectFrom("reviews").select("id").executeTakeFirstOrThrow();
    reviewId = row.id;
  });

  async function keptBothLanguages() {
    await keepPage(PRODUCT);
    await keepPage("/en/product/nadia-fanny-pack");
    expect(await isKept(PRODUCT)).toBe(true);
  }

  it("changes no page while it waits for the owner: an anonymous write never empties the cache", async () => {
    await keptBothLanguages();
    await changedElsewhere(
      `UPDATE reviews SET title = 'Superbe, vraiment', saves = saves + 1 WHERE id = ${reviewId}`,
    );
    expect(await isKept(PRODUCT)).toBe(true);
    expect(await isKept("/en/product/nadia-fanny-pack")).toBe(true);
  });

  it.each([
    ["published", "UPDATE reviews SET status = 'published', published_at = now() WHERE id = {id}"],
    ["answered while published", "UPDATE reviews SET reply = 'Merci !', replied_at = now() WHERE id = {id}"],
    [
      "withdrawn",
      "UPDATE reviews SET status = 'rejected', rejection_reason = 'abusive', published_at = NULL WHERE id = {id}",
    ],
    [
      "published again",
      "UPDATE reviews SET status = 'published', rejection_reason = NULL, published_at = now() WHERE id = {id}",
    ],
    ["deleted at its author's request", "DELETE FROM reviews WHERE id = {id}"],
  ])("empties the kept pages of its model on every server once %s", async (_kind, change) => {
    await keptBothLanguages();
    await changedElsewhere(change.replace("{id}", String(reviewId)));
    expect(await isKept(PRODUCT)).toBe(false);
    expect(await isKept("/en/product/nadia-fanny-pack")).toBe(false);
  });
});

describe("a kept page's policy", () => {
  it("allows its inline scripts and styles by hash, not its data blocks nor its files", () => {
    const html = [
      "<script>window.__remixContext = {};</script>",
      '<script type="module">import("/assets/a.js");</script>',
      '<script type="application/json" id="page-words">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      "<style>.a{color:red}</style>",
    ].join("");
    const { scripts, styles } = inlineHashes(html);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(styles).toHaveLength(1);
  });
});
