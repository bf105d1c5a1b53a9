/**
 * The magazine's articles (decision 052): written by the owner in the panel in both languages, at
 * addresses of her choosing, published now, at a Paris time she sets, or kept as drafts. Every
 * write updates the `articles` row (or its old addresses), whose statement trigger tells every
 * server's page cache; every write is one transaction with its line in the article's history.
 */
import type { Locale } from "@souls/core/locales";
import {
  ARTICLE_LIMITS,
  type ArticleEventKind,
  type ArticleStatus,
  type ArticleTone,
  articlePath,
  readingMinutes,
} from "@souls/core/magazine";
import type { ShownPhoto } from "@souls/core/photos";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { ArticleRefusedError } from "./errors";

export interface FaqItem {
  question: string;
  answer: string;
}

/** An article's words in one language, as she types them (the text in the panel's plain format). */
export interface ArticleWords {
  title: string;
  /** What search engines show under the title. */
  metaDescription: string;
  category: string;
  /** The magazine's card: a sentence or two. */
  excerpt: string;
  intro: string;
  /** Paragraphs separated by an empty line, `## ` headings (@souls/core/magazine). */
  body: string;
  tip: { title: string; text: string };
  faq: FaqItem[];
  /** The cover photo's words for shoppers who cannot see it. */
  coverAlt: string;
}

/** What she writes of an article, both languages. */
export interface ArticleDraft {
  slug: Record<Locale, string>;
  words: Record<Locale, ArticleWords>;
  tone: ArticleTone;
  /** Her own reading time; null: computed from the text. */
  readMinutes: number | null;
  alsoRead: number[];
}

/** An article as pages show it. */
export interface ShownArticle {
  id: number;
  status: ArticleStatus;
  publishAt: Date | null;
  slug: Record<Locale, string>;
  words: Record<Locale, ArticleWords>;
  tone: ArticleTone;
  /** The reading time shown, in each language. */
  readMinutes: Record<Locale, number>;
  alsoRead: number[];
  cover: ShownPhoto | null;
}

/** The magazine as pages read it: the articles a shopper may see (now or later), and old addresses. */
export interface Magazine {
  /** Published or scheduled, newest first; whether one is out yet depends on the clock. */
  articles: ShownArticle[];
  movedAddresses: { locale: Locale; slug: string; articleId: number }[];
}

const ARTICLE_COLUMNS = [
  "id",
  "status",
  "publishAt",
  "slugFr",
  "slugEn",
  "wordsFr",
  "wordsEn",
  "tone",
  "readMinutes",
  "alsoRead",
  "coverSource",
  "coverWidth",
  "coverHeight",
  "updatedAt",
] as const;

type ArticleRow = {
  id: number;
  status: ArticleStatus;
  publishAt: Date | null;
  slugFr: string;
  slugEn: string;
  wordsFr: unknown;
  wordsEn: unknown;
  tone: ArticleTone;
  readMinutes: number | null;
  alsoRead: number[];
  coverSource: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
};

/** What a reader reads, for the reading time. */
function readTexts(words: ArticleWords): string[] {
  return [
    words.intro,
    words.body,
    words.tip.title,
    words.tip.text,
    ...words.faq.flatMap((item) => [item.question, item.answer]),
  ];
}

function articleOf(row: ArticleRow): ShownArticle {
  const words = { fr: row.wordsFr as ArticleWords, en: row.wordsEn as ArticleWords };
  const minutes = (locale: Locale) => row.readMinutes ?? readingMinutes(readTexts(words[locale]));
  return {
    id: row.id,
    status: row.status,
    publishAt: row.publishAt,
    slug: { fr: row.slugFr, en: row.slugEn },
    words,
    tone: row.tone,
    readMinutes: { fr: minutes("fr"), en: minutes("en") },
    alsoRead: row.alsoRead,
    cover:
      row.coverSource !== null && row.coverWidth !== null && row.coverHeight !== null
        ? {
            id: row.id,
            source: row.coverSource,
            width: row.coverWidth,
            height: row.coverHeight,
            alt: { fr: words.fr.coverAlt, en: words.en.coverAlt },
          }
        : null,
  };
}

/** The magazine for the pages: every article that is not a draft, and the addresses they had. */
export async function loadMagazine(db: Kysely<Database>): Promise<Magazine> {
  const [rows, moved] = await Promise.all([
    db
      .selectFrom("articles")
      .select(ARTICLE_COLUMNS)
      .where("status", "<>", "draft")
      .where("publishAt", "is not", null)
      .orderBy("publishAt", "desc")
      .orderBy("id", "desc")
      .execute(),
    db
      .selectFrom("articleAddresses")
      .innerJoin("articles", "articles.id", "articleAddresses.articleId")
      .select(["articleAddresses.locale", "articleAddresses.slug", "articleAddresses.articleId"])
      .where("articles.status", "<>", "draft")
      .execute(),
  ]);
  return { articles: rows.map(articleOf), movedAddresses: moved };
}

/** Whether a shopper may read the article at `now`: not a draft, and its moment has come. */
export function isOut(article: Pick<ShownArticle, "status" | "publishAt">, now: Date): boolean {
  return (
    article.status !== "draft" && article.publishAt !== null && article.publishAt.getTime() <= now.getTime()
  );
}

/** The articles a shopper reads at `now`, newest first. */
export function articlesOut(magazine: Magazine, now: Date): ShownArticle[] {
  return magazine.articles.filter((article) => isOut(article, now));
}

/** What an article's address answers: the article, or the address it moved to (a 301). */
export type ArticleAtAddress = { kind: "current"; article: ShownArticle } | { kind: "moved"; path: string };

export function articleAtAddress(
  magazine: Magazine,
  locale: Locale,
  slug: string,
  now: Date,
): ArticleAtAddress | undefined {
  const out = articlesOut(magazine, now);
  const current = out.find((article) => article.slug[locale] === slug);
  if (current) return { kind: "current", article: current };
  const moved = magazine.movedAddresses.find((address) => address.locale === locale && address.slug === slug);
  const article = moved && out.find((one) => one.id === moved.articleId);
  return article ? { kind: "moved", path: articlePath(article.slug[locale], locale) } : undefined;
}

/** The articles an article invites to read next, those out at `now`, in her order. */
export function alsoReadOf(magazine: Magazine, article: ShownArticle, now: Date): ShownArticle[] {
  const out = articlesOut(magazine, now);
  return article.alsoRead.flatMap((id) => out.find((one) => one.id === id && one.id !== article.id) ?? []);
}

/**
 * How many scheduled moments have passed at `now`: pages kept before an article came out are not
 * served after (the page cache's generation, like a series' opening: decision 039).
 */
export function articleMomentsPassed(magazine: Magazine, now: Date): number {
  return magazine.articles.filter((article) => isOut(article, now)).length;
}

/** The next moment an article comes out, after `now`, or null. */
export function nextArticleMoment(magazine: Magazine, now: Date): Date | null {
  const moments = magazine.articles
    .map((article) => article.publishAt?.getTime() ?? 0)
    .filter((moment) => moment > now.getTime());
  return moments.length > 0 ? new Date(Math.min(...moments)) : null;
}

/* --- The owner's panel --------------------------------------------------------------------- */

/** An article in the panel's list. */
export interface ArticleSummary {
  id: number;
  status: ArticleStatus;
  publishAt: Date | null;
  slug: Record<Locale, string>;
  title: Record<Locale, string>;
  cover: ShownPhoto | null;
}

/** An article in the panel's editor, with its history. */
export interface ArticleInPanel extends ArticleDraft {
  id: number;
  status: ArticleStatus;
  publishAt: Date | null;
  cover: ShownPhoto | null;
  computedReadMinutes: Record<Locale, number>;
  events: { kind: ArticleEventKind; actorName: string | null; createdAt: Date }[];
}

/** Every article, the newest written first. */
export async function listArticles(db: Kysely<Database>): Promise<ArticleSummary[]> {
  const rows = await db.selectFrom("articles").select(ARTICLE_COLUMNS).orderBy("id", "desc").execute();
  return rows.map((row) => {
    const article = articleOf(row);
    return {
      id: article.id,
      status: article.status,
      publishAt: article.publishAt,
      slug: article.slug,
      title: { fr: article.words.fr.title, en: article.words.en.title },
      cover: article.cover,
    };
  });
}

export async function showArticle(db: Kysely<Database>, articleId: number): Promise<ArticleInPanel> {
  const row = await db
    .selectFrom("articles")
    .select(ARTICLE_COLUMNS)
    .where("id", "=", articleId)
    .executeTakeFirst();
  if (!row) throw new ArticleRefusedError("not_found");
  const events = await db
    .selectFrom("articleEvents")
    .select(["kind", "actorName", "createdAt"])
    .where("articleId", "=", articleId)
    .orderBy("id", "desc")
    .limit(20)
    .execute();
  const article = articleOf(row);
  return {
    id: article.id,
    status: article.status,
    publishAt: article.publishAt,
    slug: article.slug,
    words: article.words,
    tone: article.tone,
    readMinutes: row.readMinutes,
    alsoRead: article.alsoRead,
    cover: article.cover,
    computedReadMinutes: {
      fr: readingMinutes(readTexts(article.words.fr)),
      en: readingMinutes(readTexts(article.words.en)),
    },
    events,
  };
}

async function record(trx: Transaction<Database>, articleId: number, kind: ArticleEventKind) {
  await trx.insertInto("articleEvents").values({ articleId, kind }).execute();
}

/** A unique index refused the address: another article has it in that language. */
function slugTaken(error: unknown): boolean {
  const cause = error as { code?: string; constraint?: string };
  return cause?.code === "23505" && /articles_slug_(fr|en)_idx/.test(cause.constraint ?? "");
}

async function checkAlsoRead(trx: Transaction<Database>, alsoRead: number[], ownId: number | null) {
  const wanted = [...new Set(alsoRead)];
  if (wanted.length > ARTICLE_LIMITS.alsoRead) throw new ArticleRefusedError("also_read_unknown");
  if (ownId !== null && wanted.includes(ownId)) throw new ArticleRefusedError("also_read_self");
  if (wanted.length === 0) return wanted;
  const found = await trx.selectFrom("articles").select("id").where("id", "in", wanted).execute();
  if (found.length !== wanted.length) throw new ArticleRefusedError("also_read_unknown");
  return wanted;
}

/** An address she gives an article is its own again, whichever article had it before. */
async function freeOldAddresses(trx: Transaction<Database>, slug: Record<Locale, string>) {
  for (const locale of ["fr", "en"] as const) {
    await trx
      .deleteFrom("articleAddresses")
      .where("locale", "=", locale)
      .where("slug", "=", slug[locale])
      .execute();
  }
}

function rowValues(draft: ArticleDraft) {
  return {
    slugFr: draft.slug.fr,
    slugEn: draft.slug.en,
    wordsFr: JSON.stringify(draft.words.fr),
    wordsEn: JSON.stringify(draft.words.en),
    tone: draft.tone,
    readMinutes: draft.readMinutes,
  };
}

/** A new article, a draft, within the magazine's bound. */
export async function createArticle(db: Kysely<Database>, draft: ArticleDraft): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockMagazine(trx);
      const { count } = await trx
        .selectFrom("articles")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow();
      if (Number(count) >= ARTICLE_LIMITS.articles) throw new ArticleRefusedError("too_many");
      const alsoRead = await checkAlsoRead(trx, draft.alsoRead, null);
      await freeOldAddresses(trx, draft.slug);
      const { id } = await trx
        .insertInto("articles")
        .values({ ...rowValues(draft), alsoRead })
        .returning("id")
        .executeTakeFirstOrThrow();
      await record(trx, id, "created");
      return id;
    });
  } catch (error) {
    if (slugTaken(error)) throw new ArticleRefusedError("slug_taken");
    throw error;
  }
}

/** New articles one at a time (a lock for this transaction): the bound holds with two tabs saving at once. */
async function lockMagazine(trx: Transaction<Database>) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('articles'))`.execute(trx);
}

async function lockArticle(trx: Transaction<Database>, articleId: number) {
  const row = await trx
    .selectFrom("articles")
    .select(["id", "slugFr", "slugEn", "status", "publishAt"])
    .where("id", "=", articleId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ArticleRefusedError("not_found");
  return row;
}

/** Her words, addresses and links of an article; a changed address keeps answering (301). */
export async function saveArticle(
  db: Kysely<Database>,
  articleId: number,
  draft: ArticleDraft,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await lockArticle(trx, articleId);
      const alsoRead = await checkAlsoRead(trx, draft.alsoRead, articleId);
      await freeOldAddresses(trx, draft.slug);
      await trx
        .updateTable("articles")
        .set({ ...rowValues(draft), alsoRead, updatedAt: new Date() })
        .where("id", "=", articleId)
        .execute();
      const old = { fr: before.slugFr, en: before.slugEn };
      for (const locale of ["fr", "en"] as const) {
        if (old[locale] === draft.slug[locale]) continue;
        await trx
          .insertInto("articleAddresses")
          .values({ locale, slug: old[locale], articleId })
          .onConflict((oc) => oc.columns(["locale", "slug"]).doUpdateSet({ articleId }))
          .execute();
      }
      await record(trx, articleId, "saved");
    });
  } catch (error) {
    if (slugTaken(error)) throw new ArticleRefusedError("slug_taken");
    throw error;
  }
}

/**
 * Shoppers' side of an article: `draft` (hidden), `published` (now, or since it first came out),
 * `scheduled` (from `at`, a moment to come). A second click changes nothing.
 */
export async function setArticleStatus(
  db: Kysely<Database>,
  articleId: number,
  change: { status: "draft" } | { status: "published" } | { status: "scheduled"; at: Date },
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockArticle(trx, articleId);
    let publishAt = before.publishAt;
    if (change.status === "scheduled") {
      if (change.at.getTime() <= now.getTime()) throw new ArticleRefusedError("in_the_past");
      publishAt = change.at;
    } else if (change.status === "published") {
      const outAlready = isOut(before, now);
      if (outAlready && before.status === "published") return;
      publishAt = outAlready ? before.publishAt : now;
    } else if (before.status === "draft") {
      return;
    }
    await trx
      .updateTable("articles")
      .set({ status: change.status, publishAt, updatedAt: new Date() })
      .where("id", "=", articleId)
      .execute();
    await record(trx, articleId, change.status === "draft" ? "unpublished" : change.status);
  });
}

export { lockArticle, record as recordArticleEvent };
