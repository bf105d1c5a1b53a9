/**
 * The magazine's rules on real PostgreSQL (decision 052): the two first articles as the migration
 * wrote them, a draft never shown, a scheduled article out at its moment (a clock of the test's),
 * an address changed answering its successor, addresses unique, the magazine bounded, the cover
 * judged and cut as a model's photo and served by the photo route's lookup, every write in the
 * article's history.
 */
import { ARTICLE_LIMITS, articleSections, readingMinutes } from "@souls/core/magazine";
import { photoCuts, photoFileName } from "@souls/core/photos";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorNamePlugin } from "../admin/actor-name";
import { smallPhoto } from "../photos/fixtures";
import { photoFile } from "../photos/photos";
import {
  type ArticleDraft,
  type ArticleWords,
  alsoReadOf,
  articleAtAddress,
  articleMomentsPassed,
  articlesOut,
  createArticle,
  listArticles,
  loadMagazine,
  nextArticleMoment,
  saveArticle,
  setArticleStatus,
  showArticle,
} from "./articles";
import { removeArticleCover, setArticleCover } from "./cover";
import { ArticleRefusedError } from "./errors";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const words = (title: string): ArticleWords => ({
  title,
  metaDescription: "",
  category: "Atelier",
  excerpt: "Une visite.",
  intro: "Au Portugal.",
  body: "## L'atelier\n\nUne pièce <b>lumineuse</b>.\n\nDeux tables.",
  tip: { title: "", text: "" },
  faq: [],
  coverAlt: "",
});

let slugs = 0;
function draft(change: Partial<ArticleDraft> = {}): ArticleDraft {
  slugs++;
  return {
    slug: { fr: `article-${slugs}`, en: `story-${slugs}` },
    words: { fr: words(`Article ${slugs}`), en: words(`Story ${slugs}`) },
    tone: "terracotta",
    readMinutes: null,
    alsoRead: [],
    ...change,
  };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ArticleRefusedError ? error.reason : error),
  );

describe("the two articles the shop opened with", () => {
  it("are published, at their addresses, with their words, dates, covers and reading times", async () => {
    const magazine = await loadMagazine(t.db);
    const [style, fabrics] = articlesOut(magazine, new Date());
    expect(fabrics?.slug).toEqual({
      fr: "tissus-marocains-traditionnels",
      en: "traditional-moroccan-fabrics",
    });
    expect(style?.slug).toEqual({
      fr: "comment-porter-sac-banane-style",
      en: "how-to-wear-fanny-pack-with-style",
    });
    expect(fabrics?.words.fr.title).toBe("Les tissus marocains traditionnels");
    expect(style?.words.en.title).toBe("How to wear a fanny pack with style");
    expect(fabrics?.readMinutes).toEqual({ fr: 4, en: 4 });
    expect(style?.readMinutes).toEqual({ fr: 5, en: 5 });
    expect(fabrics?.tone).toBe("terracotta");
    expect(style?.tone).toBe("olive");
    expect(fabrics?.cover).toMatchObject({
      source: "/images/magazine/moroccan-fabrics.svg",
      width: 1600,
      height: 900,
    });
    expect(fabrics?.publishAt?.toISOString()).toBe("2025-09-15T07:00:00.000Z");
    const sections = articleSections(fabrics?.words.fr.body ?? "");
    expect(sections).toHaveLength(5);
    expect(sections[0]).toMatchObject({ heading: "Le jacquard, un motif né du tissage" });
    expect(sections[0]?.paragraphs).toHaveLength(2);
    expect(fabrics?.words.fr.faq).toHaveLength(3);
    expect(fabrics?.words.en.tip.title).toBe("The SOULS tip");
    // Each invites to read the other.
    expect(fabrics && alsoReadOf(magazine, fabrics, new Date()).map((one) => one.id)).toEqual([style?.id]);
  });
});

describe("what shoppers see", () => {
  it("never shows a draft, at its address or in the list", async () => {
    const id = await createArticle(t.db, draft());
    const magazine = await loadMagazine(t.db);
    expect(magazine.articles.some((article) => article.id === id)).toBe(false);
    const { slug } = await showArticle(t.db, id);
    expect(articleAtAddress(magazine, "fr", slug.fr, new Date())).toBeUndefined();
  });

  it("shows a scheduled article from its moment, by the clock alone", async () => {
    const now = new Date("2030-03-01T10:00:00Z");
    const at = new Date("2030-03-01T17:00:00Z");
    const id = await createArticle(t.db, draft());
    await setArticleStatus(t.db, id, { status: "scheduled", at }, now);
    const magazine = await loadMagazine(t.db);
    const { slug } = await showArticle(t.db, id);
    const before = new Date(at.getTime() - 1);
    expect(articleAtAddress(magazine, "en", slug.en, before)).toBeUndefined();
    expect(articlesOut(magazine, before).some((article) => article.id === id)).toBe(false);
    expect(nextArticleMoment(magazine, before)).toEqual(at);
    expect(articleAtAddress(magazine, "en", slug.en, at)).toMatchObject({ kind: "current", article: { id } });
    expect(articlesOut(magazine, at)[0]?.id).toBe(id);
    // The kept pages' generation moves at that moment.
    expect(articleMomentsPassed(magazine, at)).toBe(articleMomentsPassed(magazine, before) + 1);
  });

  it("refuses a moment already passed", async () => {
    const id = await createArticle(t.db, draft());
    const now = new Date("2030-03-01T10:00:00Z");
    expect(
      await refusal(
        setArticleStatus(t.db, id, { status: "scheduled", at: new Date(now.getTime() - 60_000) }, now),
      ),
    ).toBe("in_the_past");
  });

  it("publishes now, keeps its date on a second click, hides it again as a draft", async () => {
    const id = await createArticle(t.db, draft());
    const now = new Date("2026-11-28T12:00:00Z");
    await setArticleStatus(t.db, id, { status: "published" }, now);
    await setArticleStatus(t.db, id, { status: "published" }, new Date("2026-11-29T12:00:00Z"));
    expect((await showArticle(t.db, id)).publishAt).toEqual(now);
    await setArticleStatus(t.db, id, { status: "draft" });
    expect((await loadMagazine(t.db)).articles.some((article) => article.id === id)).toBe(false);
  });
});

describe("addresses", () => {
  it("answers an address it had with its current one, and a draft's old address with nothing", async () => {
    const first = draft();
    const id = await createArticle(t.db, first);
    await setArticleStatus(t.db, id, { status: "published" });
    await saveArticle(t.db, id, { ...first, slug: { fr: "nouvelle-adresse", en: first.slug.en } });
    await saveArticle(t.db, id, { ...first, slug: { fr: "derniere-adresse", en: "last-address" } });
    const magazine = await loadMagazine(t.db);
    const now = new Date();
    expect(articleAtAddress(magazine, "fr", first.slug.fr, now)).toEqual({
      kind: "moved",
      path: "/magazine/derniere-adresse",
    });
    expect(articleAtAddress(magazine, "fr", "nouvelle-adresse", now)).toEqual({
      kind: "moved",
      path: "/magazine/derniere-adresse",
    });
    expect(articleAtAddress(magazine, "en", first.slug.en, now)).toEqual({
      kind: "moved",
      path: "/en/magazine/last-address",
    });
    expect(articleAtAddress(magazine, "fr", "derniere-adresse", now)).toMatchObject({ kind: "current" });
    await setArticleStatus(t.db, id, { status: "draft" });
    expect(articleAtAddress(await loadMagazine(t.db), "fr", first.slug.fr, now)).toBeUndefined();
  });

  it("refuses an address another article has, and lets one take an address another had before", async () => {
    const one = draft();
    const oneId = await createArticle(t.db, one);
    const other = draft();
    expect(
      await refusal(createArticle(t.db, { ...other, slug: { fr: one.slug.fr, en: other.slug.en } })),
    ).toBe("slug_taken");
    const otherId = await createArticle(t.db, other);
    expect(
      await refusal(saveArticle(t.db, otherId, { ...other, slug: { fr: other.slug.fr, en: one.slug.en } })),
    ).toBe("slug_taken");
    // One moves away; the other takes its former address, which is now the other's alone.
    await saveArticle(t.db, oneId, { ...one, slug: { fr: "ailleurs", en: one.slug.en } });
    await saveArticle(t.db, otherId, { ...other, slug: { fr: one.slug.fr, en: other.slug.en } });
    await setArticleStatus(t.db, oneId, { status: "published" });
    await setArticleStatus(t.db, otherId, { status: "published" });
    expect(articleAtAddress(await loadMagazine(t.db), "fr", one.slug.fr, new Date())).toMatchObject({
      kind: "current",
      article: { id: otherId },
    });
  });
});

describe("bounds", () => {
  it("links only to articles that exist, never to itself, at most three", async () => {
    const id = await createArticle(t.db, draft());
    expect(await refusal(saveArticle(t.db, id, draft({ alsoRead: [id] })))).toBe("also_read_self");
    expect(await refusal(saveArticle(t.db, id, draft({ alsoRead: [999_999] })))).toBe("also_read_unknown");
    expect(await refusal(createArticle(t.db, draft({ alsoRead: [1, 2, 3, 4] })))).toBe("also_read_unknown");
  });

  it("holds at most ARTICLE_LIMITS.articles articles", async () => {
    const { count } = await t.db
      .selectFrom("articles")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    const row = (n: number) => ({
      slugFr: `plein-${n}`,
      slugEn: `full-${n}`,
      wordsFr: JSON.stringify(words("Plein")),
      wordsEn: JSON.stringify(words("Full")),
    });
    const missing = ARTICLE_LIMITS.articles - Number(count);
    await t.db
      .insertInto("articles")
      .values(Array.from({ length: missing }, (_, n) => row(n)))
      .execute();
    expect(await refusal(createArticle(t.db, draft()))).toBe("too_many");
    await t.db.deleteFrom("articles").where("slugFr", "like", "plein-%").execute();
  });

  it("refuses what does not exist", async () => {
    expect(await refusal(showArticle(t.db, 999_999))).toBe("not_found");
    expect(await refusal(saveArticle(t.db, 999_999, draft()))).toBe("not_found");
    expect(await refusal(setArticleStatus(t.db, 999_999, { status: "published" }))).toBe("not_found");
  });
});

describe("the text", () => {
  it("reads paragraphs and `## ` headings, nothing else", () => {
    expect(
      articleSections("Avant.\n\n## Titre\nligne un\nligne deux\n\n<h2>x</h2>\n\n##pas un titre"),
    ).toEqual([
      { heading: null, paragraphs: ["Avant."] },
      { heading: "Titre", paragraphs: ["ligne un ligne deux", "<h2>x</h2>", "##pas un titre"] },
    ]);
    expect(articleSections("")).toEqual([]);
  });

  it("computes the reading time from the words, unless she gives hers", async () => {
    expect(readingMinutes(["mot ".repeat(200)])).toBe(1);
    expect(readingMinutes(["mot ".repeat(201)])).toBe(2);
    const long = words("Long");
    long.body = "mot ".repeat(1000);
    const id = await createArticle(t.db, draft({ words: { fr: long, en: words("Short") } }));
    await setArticleStatus(t.db, id, { status: "published" });
    const shown = (await loadMagazine(t.db)).articles.find((article) => article.id === id);
    expect(shown?.readMinutes).toEqual({ fr: 6, en: 1 });
    await saveArticle(t.db, id, draft({ readMinutes: 3 }));
    const own = (await loadMagazine(t.db)).articles.find((article) => article.id === id);
    expect(own?.readMinutes).toEqual({ fr: 3, en: 3 });
  });
});

describe("the cover photo", () => {
  it("is cut like a model's photo, served under /photos, replaced and removed", async () => {
    const id = await createArticle(t.db, draft());
    const cover = await setArticleCover(t.db, { articleId: id, bytes: await smallPhoto("#b4532a") });
    const [cut] = photoCuts(cover.width);
    if (!cut) throw new Error("no cut");
    const name = photoFileName(cover.source, cut.width, cut.format);
    expect(await photoFile(t.db, name)).not.toBeNull();
    expect((await showArticle(t.db, id)).cover).toMatchObject({ source: cover.source });
    await removeArticleCover(t.db, id);
    expect(await photoFile(t.db, name)).toBeNull();
    expect((await showArticle(t.db, id)).cover).toBeNull();
    expect(
      await refusal(setArticleCover(t.db, { articleId: 999_999, bytes: await smallPhoto("#5b6b4e") })),
    ).toBe("not_found");
  });
});

describe("the history", () => {
  it("names who wrote, published and changed the photo", async () => {
    const db = t.db.withPlugin(actorNamePlugin("Samira"));
    const id = await createArticle(db, draft());
    await saveArticle(db, id, draft());
    await setArticleStatus(db, id, { status: "published" });
    await setArticleCover(db, { articleId: id, bytes: await smallPhoto("#d8b45a") });
    const { events } = await showArticle(t.db, id);
    expect(events.map((event) => [event.kind, event.actorName])).toEqual([
      ["cover_set", "Samira"],
      ["published", "Samira"],
      ["saved", "Samira"],
      ["created", "Samira"],
    ]);
    expect((await listArticles(t.db)).find((article) => article.id === id)?.status).toBe("published");
  });
});
