/**
 * The magazine's pages as their loaders answer, on real PostgreSQL, with the shop's clock moved by
 * the test (SHOP_TEST_CLOCK_FILE): the first two articles exactly as shoppers read them before they
 * were data (title, description, structured data, links), a draft never shown, a scheduled article
 * out at its moment by the clock alone — on its page, in the list, the sitemap and the page cache's
 * generation — an address she changed answering 301, her markup kept as text (decision 052).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { type ArticleWords, createArticle, saveArticle, setArticleStatus } from "@souls/shop/magazine";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;
let loaders: { article: Loader; magazine: Loader; root: Loader; sitemap: () => Promise<Response> };
let generation: () => string;
const clockFile = join(mkdtempSync(join(tmpdir(), "souls-magazine-")), "clock");
const moveClock = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));

beforeAll(async () => {
  t = await createTestDatabase();
  moveClock(0);
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SHOP_TEST_CLOCK_FILE", clockFile);
  loaders = {
    article: (await import("~/routes/article/route")).loader,
    magazine: (await import("~/routes/magazine/route")).loader,
    root: (await import("~/root")).loader as Loader,
    sitemap: (await import("~/routes/sitemap/route")).loader,
  };
  generation = (await import("~/lib/magazine.server")).magazineGeneration;
});

afterAll(async () => {
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t.drop();
});

/** A loader's answer for a path: its data, or the status (and place) it threw. */
async function load(loader: Loader, path: string, params: Record<string, string> = {}) {
  const request = new Request(`http://shop.test${path}`);
  try {
    const result = await loader({ request, params, context: {} });
    const data = (result as { data?: unknown }).data ?? result;
    return { status: 200, data: data as Record<string, unknown>, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, data: null, location: thrown.headers.get("Location") };
    }
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: null, location: null };
    throw thrown;
  }
}

const article = (path: string) => load(loaders.article, path, { slug: path.split("/").pop() ?? "" });
const listed = async (path: string) =>
  (((await load(loaders.magazine, path)).data?.articles ?? []) as { title: string; path: string }[]).map(
    (one) => one.path,
  );
const sitemap = async () => (await loaders.sitemap()).text();

const words = (title: string): ArticleWords => ({
  title,
  metaDescription: "",
  category: "Atelier",
  excerpt: "Une visite.",
  intro: "",
  body: "Avant le titre <script>alert(1)</script>.\n\n## L'atelier\n\nUne pièce <b>lumineuse</b>.",
  tip: { title: "", text: "" },
  faq: [],
  coverAlt: "",
});

describe("the two first articles", () => {
  it("read as before they were data: title, description, structured data, links", async () => {
    const { status, data } = await article("/magazine/tissus-marocains-traditionnels");
    expect(status).toBe(200);
    expect(data).toMatchObject({
      title: "Les tissus marocains traditionnels – SOULS",
      description:
        "Jacquard, motifs floraux, couleurs : découvrez les tissus d'ameublement marocains dans lesquels sont taillés les sacs banane SOULS, et comment les entretenir.",
      alsoRead: [
        {
          title: "Comment porter le sac banane avec style",
          path: "/magazine/comment-porter-sac-banane-style",
        },
      ],
      article: { category: "Matériaux", date: "2025-09-15", readMinutes: 4, tone: "terracotta" },
    });
    const origin = String(data?.url ?? "").replace("/magazine/tissus-marocains-traditionnels", "");
    expect(data?.structuredData).toEqual({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Les tissus marocains traditionnels",
      datePublished: "2025-09-15",
      image: `${origin}/images/magazine/moroccan-fabrics.svg`,
      inLanguage: "fr",
      author: { "@type": "Organization", name: "SOULS" },
      mainEntityOfPage: `${origin}/magazine/tissus-marocains-traditionnels`,
    });
    const english = await article("/en/magazine/how-to-wear-fanny-pack-with-style");
    expect(english.data).toMatchObject({
      title: "How to wear a fanny pack with style – SOULS",
      article: { category: "Style", date: "2025-10-06", readMinutes: 5, tone: "olive" },
    });
    // The root gives both languages' addresses (hreflang, the language toggle).
    const root = await load(loaders.root, "/en/magazine/how-to-wear-fanny-pack-with-style");
    expect((root.data?.addresses as { paths: unknown } | undefined)?.paths).toEqual({
      fr: "/magazine/comment-porter-sac-banane-style",
      en: "/en/magazine/how-to-wear-fanny-pack-with-style",
    });
    expect(await listed("/en/magazine")).toEqual([
      "/en/magazine/how-to-wear-fanny-pack-with-style",
      "/en/magazine/traditional-moroccan-fabrics",
    ]);
  });
});

describe("her articles", () => {
  it("never shows a draft; shows a published one, her markup as text; answers an old address with 301", async () => {
    const draft = {
      slug: { fr: "brouillon-atelier", en: "workshop-draft" },
      words: { fr: words("L'atelier"), en: words("The workshop") },
      tone: "olive" as const,
      readMinutes: null,
      alsoRead: [],
    };
    const id = await createArticle(t.db, draft);
    expect((await article("/magazine/brouillon-atelier")).status).toBe(404);
    expect(await listed("/magazine")).not.toContain("/magazine/brouillon-atelier");
    expect(await sitemap()).not.toContain("brouillon-atelier");

    await setArticleStatus(t.db, id, { status: "published" });
    const shown = await article("/magazine/brouillon-atelier");
    expect(shown.status).toBe(200);
    expect((shown.data?.article as { sections: unknown } | undefined)?.sections).toEqual([
      { heading: null, paragraphs: ["Avant le titre <script>alert(1)</script>."] },
      { heading: "L'atelier", paragraphs: ["Une pièce <b>lumineuse</b>."] },
    ]);
    expect(await sitemap()).toContain("/en/magazine/workshop-draft");

    await saveArticle(t.db, id, { ...draft, slug: { fr: "visite-atelier", en: "workshop-draft" } });
    const moved = await load(loaders.article, "/magazine/brouillon-atelier?utm_source=ig", {
      slug: "brouillon-atelier",
    });
    expect(moved).toMatchObject({ status: 301, location: "/magazine/visite-atelier?utm_source=ig" });
    expect((await article("/magazine/visite-atelier")).status).toBe(200);
  });

  it("shows a scheduled article from its moment on, by the clock alone", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const id = await createArticle(t.db, {
      slug: { fr: "programme", en: "scheduled" },
      words: { fr: words("Programmé"), en: words("Scheduled") },
      tone: "terracotta",
      readMinutes: null,
      alsoRead: [],
    });
    await setArticleStatus(t.db, id, { status: "scheduled", at });
    // Read once: the generation is of the magazine this server has loaded.
    await load(loaders.magazine, "/magazine");
    await vi.waitFor(() => expect(generation()).not.toBe("?"));
    const before = generation();
    expect((await article("/en/magazine/scheduled")).status).toBe(404);
    expect(await listed("/magazine")).not.toContain("/magazine/programme");
    expect(await sitemap()).not.toContain("/magazine/programme");

    moveClock(at.getTime() - Date.now() + 1_000);
    expect((await article("/en/magazine/scheduled")).status).toBe(200);
    expect((await listed("/magazine"))[0]).toBe("/magazine/programme");
    expect(await sitemap()).toContain("/magazine/programme");
    // Pages kept before that moment are not served after it (the page cache's generation).
    expect(generation()).not.toBe(before);
  });
});
