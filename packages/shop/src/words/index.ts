/**
 * `@souls/shop/words`: the shop's words the owner rewrites (decision 051) — the home page's story
 * and values, the footer's lines, each page's title and description — as drafts she previews, then
 * publishes, one language at a time. Only what she changed is stored: a text absent is today's,
 * the locale files'. A publication is a statement on `shop_words`, whose trigger empties every web
 * server's kept pages (decision 013).
 */
import type { Locale } from "@souls/core/locales";
import {
  isShopWord,
  normalizeShopWord,
  SHOP_WORD_NAMES,
  SHOP_WORDS,
  type ShopWord,
  type ShopWordEventKind,
  type ShopWordOverrides,
} from "@souls/core/shop-words";
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { isStorableText, withoutBidiControls } from "../text";

/**
 * One text as she sends it: plain text (never HTML: pages escape every character), its line breaks
 * kept where paragraphs are allowed, bounded. Empty means "today's text again".
 */
function wordRule(name: ShopWord) {
  return z
    .string({ error: "admin:input.textExpected" })
    .max(20_000, { error: "admin:input.tooLong" })
    .overwrite((value) => normalizeShopWord(name, withoutBidiControls(value)))
    .max(SHOP_WORDS[name].max, { error: "admin:input.tooLong" })
    .refine(isStorableText, { error: "admin:input.invalidCharacters" });
}

/** Her changes in one language: any of the texts, each within its bounds; nothing else. */
export const shopWordsRules = z.strictObject(
  Object.fromEntries(SHOP_WORD_NAMES.map((name) => [name, wordRule(name).optional()])) as Record<
    ShopWord,
    z.ZodOptional<ReturnType<typeof wordRule>>
  >,
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "admin:input.unknownField"
        : issue.code === "invalid_type"
          ? "admin:input.malformed"
          : undefined,
  },
);

/** Only the texts she wrote: an empty one is today's text, so it is not kept. */
function keptOverrides(texts: ShopWordOverrides): ShopWordOverrides {
  return Object.fromEntries(
    Object.entries(texts).filter(
      ([name, value]) => isShopWord(name) && typeof value === "string" && value !== "",
    ),
  );
}

/**
 * What a stored object holds of the texts the shop knows today: a text since removed from the
 * list, or one longer than its bound now, is left out (the page shows today's text) rather than
 * breaking every page.
 */
function storedOverrides(texts: unknown): ShopWordOverrides {
  if (texts === null || typeof texts !== "object") return {};
  const kept: ShopWordOverrides = {};
  for (const [name, value] of Object.entries(texts)) {
    if (
      isShopWord(name) &&
      typeof value === "string" &&
      value !== "" &&
      value.length <= SHOP_WORDS[name].max
    ) {
      kept[name] = value;
    }
  }
  return kept;
}

export type ShopWordsByLocale = Record<Locale, ShopWordOverrides>;

/** The published words of both languages (what every shopper's page shows). */
export async function loadShopWords(db: Kysely<Database>): Promise<ShopWordsByLocale> {
  const rows = await db.selectFrom("shopWords").select(["locale", "texts"]).execute();
  const words: ShopWordsByLocale = { fr: {}, en: {} };
  for (const row of rows) words[row.locale] = storedOverrides(row.texts);
  return words;
}

/** The words a preview shows: her draft where she has one, else what is published. */
export async function loadDraftWords(db: Kysely<Database>, locale: Locale): Promise<ShopWordOverrides> {
  const draft = await db
    .selectFrom("shopWordDrafts")
    .select("texts")
    .where("locale", "=", locale)
    .executeTakeFirst();
  return draft ? storedOverrides(draft.texts) : (await loadShopWords(db))[locale];
}

export interface ShopWordsEvent {
  id: string;
  /** Null for the home page's hero picture, which is both languages'. */
  locale: Locale | null;
  kind: ShopWordEventKind;
  changed: ShopWord[];
  actorName: string | null;
  createdAt: Date;
}

export interface ShopWordsState {
  locale: Locale;
  published: ShopWordOverrides;
  publishedAt: Date | null;
  publishedBy: string | null;
  /** Her draft, or null when there is nothing waiting to be published. */
  draft: ShopWordOverrides | null;
  draftSavedAt: Date | null;
  draftSavedBy: string | null;
  /** The last changes of these words, newest first. */
  history: ShopWordsEvent[];
}

/** How many lines of the history the panel shows. */
export const SHOP_WORDS_HISTORY = 20;

/** One language's words for the panel: published, her draft, the last changes. */
export async function shopWordsState(db: Kysely<Database>, locale: Locale): Promise<ShopWordsState> {
  const [published, draft, history] = await Promise.all([
    db.selectFrom("shopWords").selectAll().where("locale", "=", locale).executeTakeFirst(),
    db.selectFrom("shopWordDrafts").selectAll().where("locale", "=", locale).executeTakeFirst(),
    db
      .selectFrom("shopWordEvents")
      .selectAll()
      // The hero picture's changes are in both languages' history.
      .where((eb) => eb.or([eb("locale", "=", locale), eb("locale", "is", null)]))
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(SHOP_WORDS_HISTORY)
      .execute(),
  ]);
  return {
    locale,
    published: storedOverrides(published?.texts),
    publishedAt: published?.publishedAt ?? null,
    publishedBy: published?.publishedBy ?? null,
    draft: draft ? storedOverrides(draft.texts) : null,
    draftSavedAt: draft?.savedAt ?? null,
    draftSavedBy: draft?.savedBy ?? null,
    history: history.map((event) => ({
      id: event.id,
      locale: event.locale,
      kind: event.kind,
      changed: event.changed.filter(isShopWord),
      actorName: event.actorName,
      createdAt: event.createdAt,
    })),
  };
}

/** Refused words (the API checks the same rules first: this guards every other caller). */
export class InvalidShopWordsError extends Error {
  override name = "InvalidShopWordsError";
  constructor(readonly fieldErrors: Partial<Record<string, string[]>>) {
    super(`Invalid shop words: ${Object.keys(fieldErrors).join(", ")}`);
  }
}

/** The texts whose words differ between two sets of changes. */
function changedBetween(before: ShopWordOverrides, after: ShopWordOverrides): ShopWord[] {
  return SHOP_WORD_NAMES.filter((name) => (before[name] ?? null) !== (after[name] ?? null));
}

/**
 * Her draft of one language, replacing the one she had: every text she changed (an empty or
 * absent one is today's text). Shoppers see nothing of it until she publishes.
 */
export async function saveShopWordsDraft(
  db: Kysely<Database>,
  input: { locale: Locale; texts: unknown },
  by: string,
): Promise<ShopWordsState> {
  const parsed = shopWordsRules.safeParse(input.texts);
  if (!parsed.success) throw new InvalidShopWordsError(z.flattenError(parsed.error).fieldErrors);
  const texts = JSON.stringify(keptOverrides(parsed.data));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("shopWordDrafts")
      .values({ locale: input.locale, texts, savedBy: by })
      .onConflict((conflict) =>
        conflict.column("locale").doUpdateSet({ texts, savedBy: by, savedAt: sql<Date>`now()` }),
      )
      .execute();
    await trx
      .insertInto("shopWordEvents")
      .values({ locale: input.locale, kind: "draft_saved", actorName: by })
      .execute();
  });
  return shopWordsState(db, input.locale);
}

/**
 * Publishes her draft of one language: every page shows it at its next request, on every web
 * server. Null when there was no draft (nothing changed). The draft is locked while it is
 * published, so that two publications of one draft record one change.
 */
export async function publishShopWords(
  db: Kysely<Database>,
  locale: Locale,
  by: string,
): Promise<ShopWordsState | null> {
  const published = await db.transaction().execute(async (trx) => {
    const draft = await trx
      .selectFrom("shopWordDrafts")
      .select("texts")
      .where("locale", "=", locale)
      .forUpdate()
      .executeTakeFirst();
    if (!draft) return false;
    const before = await trx
      .selectFrom("shopWords")
      .select("texts")
      .where("locale", "=", locale)
      .forUpdate()
      .executeTakeFirst();
    const after = storedOverrides(draft.texts);
    const texts = JSON.stringify(after);
    await trx
      .insertInto("shopWords")
      .values({ locale, texts, publishedBy: by })
      .onConflict((conflict) =>
        conflict.column("locale").doUpdateSet({ texts, publishedBy: by, publishedAt: sql<Date>`now()` }),
      )
      .execute();
    await trx.deleteFrom("shopWordDrafts").where("locale", "=", locale).execute();
    await trx
      .insertInto("shopWordEvents")
      .values({
        locale,
        kind: "published",
        changed: changedBetween(storedOverrides(before?.texts), after),
        actorName: by,
      })
      .execute();
    return true;
  });
  return published ? shopWordsState(db, locale) : null;
}

/** Drops her draft of one language: the panel shows what is published again. */
export async function dropShopWordsDraft(
  db: Kysely<Database>,
  locale: Locale,
  by: string,
): Promise<ShopWordsState> {
  await db.transaction().execute(async (trx) => {
    const dropped = await trx.deleteFrom("shopWordDrafts").where("locale", "=", locale).executeTakeFirst();
    if (dropped.numDeletedRows > 0n) {
      await trx
        .insertInto("shopWordEvents")
        .values({ locale, kind: "draft_dropped", actorName: by })
        .execute();
    }
  });
  return shopWordsState(db, locale);
}
