/** The shop's words on real PostgreSQL (decision 051): drafts, publications, history, the pages told. */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ListeningProductChangeSource, listenToProductChanges } from "../product-changes";
import {
  dropShopWordsDraft,
  InvalidShopWordsError,
  loadDraftWords,
  loadShopWords,
  publishShopWords,
  saveShopWordsDraft,
  shopWordsState,
} from "./index";

let t: TestDatabase;
let changes: ListeningProductChangeSource;
beforeAll(async () => {
  t = await createTestDatabase();
  changes = await listenToProductChanges(t.url, { onError: () => {} });
});
afterAll(async () => {
  await changes.close();
  await t.drop();
});
beforeEach(async () => {
  await sql`TRUNCATE shop_words, shop_word_drafts, shop_word_events`.execute(t.db);
});

async function refusedWith(texts: unknown): Promise<InvalidShopWordsError> {
  const error = await saveShopWordsDraft(t.db, { locale: "fr", texts }, "Amina").then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidShopWordsError);
  return error as InvalidShopWordsError;
}

describe("the shop's words", () => {
  it("are today's on a new shop: nothing stored, nothing to publish", async () => {
    expect(await loadShopWords(t.db)).toEqual({ fr: {}, en: {} });
    expect(await publishShopWords(t.db, "fr", "Amina")).toBeNull();
    const state = await shopWordsState(t.db, "fr");
    expect(state).toMatchObject({ published: {}, draft: null, publishedAt: null, history: [] });
  });

  it("keep a draft from shoppers until it is published, in its language only", async () => {
    await saveShopWordsDraft(
      t.db,
      {
        locale: "fr",
        texts: { storyTitle: "  Notre atelier  ", storyText: "Un.\r\n\r\n\r\n\r\nDeux.  \nTrois." },
      },
      "Amina",
    );
    expect(await loadShopWords(t.db)).toEqual({ fr: {}, en: {} });
    expect(await loadDraftWords(t.db, "fr")).toEqual({
      storyTitle: "Notre atelier",
      storyText: "Un.\n\nDeux.\nTrois.",
    });
    expect(await loadDraftWords(t.db, "en")).toEqual({});

    const state = await publishShopWords(t.db, "fr", "Amina");
    expect(state).toMatchObject({ draft: null, publishedBy: "Amina" });
    expect(await loadShopWords(t.db)).toEqual({
      fr: { storyTitle: "Notre atelier", storyText: "Un.\n\nDeux.\nTrois." },
      en: {},
    });
    // Published once: a second click finds no draft and changes nothing.
    expect(await publishShopWords(t.db, "fr", "Amina")).toBeNull();
  });

  it("keeps a text with markup as the text she typed (pages escape it), and one line where one line is asked", async () => {
    await saveShopWordsDraft(
      t.db,
      {
        locale: "en",
        texts: { storyTitle: "<b>Bold</b>\nsecond line", footerTagline: '<script>alert("x")</script>' },
      },
      "Amina",
    );
    expect(await loadDraftWords(t.db, "en")).toEqual({
      storyTitle: "<b>Bold</b> second line",
      footerTagline: '<script>alert("x")</script>',
    });
  });

  it("drops an emptied text (today's comes back) and refuses what is too long, unknown or not text, writing nothing", async () => {
    await saveShopWordsDraft(
      t.db,
      { locale: "fr", texts: { storyTitle: "Titre", valuesTitle: "   " } },
      "Amina",
    );
    expect(await loadDraftWords(t.db, "fr")).toEqual({ storyTitle: "Titre" });

    expect((await refusedWith({ storyTitle: "x".repeat(121) })).fieldErrors).toEqual({
      storyTitle: ["admin:input.tooLong"],
    });
    expect((await refusedWith({ storyText: "a\u0000b" })).fieldErrors).toEqual({
      storyText: ["admin:input.invalidCharacters"],
    });
    expect((await refusedWith({ storyTitle: 12 })).fieldErrors).toEqual({
      storyTitle: ["admin:input.textExpected"],
    });
    await refusedWith({ heroHtml: "<img>" });
    await refusedWith("story");
    expect(await loadDraftWords(t.db, "fr")).toEqual({ storyTitle: "Titre" });
  });

  it("records each change under the name of who made it, with the texts a publication changed", async () => {
    await saveShopWordsDraft(t.db, { locale: "fr", texts: { storyTitle: "Un" } }, "Amina");
    await publishShopWords(t.db, "fr", "Amina");
    await saveShopWordsDraft(
      t.db,
      { locale: "fr", texts: { storyTitle: "Un", homeTitle: "Accueil" } },
      "Amina",
    );
    await saveShopWordsDraft(t.db, { locale: "fr", texts: { homeTitle: "Accueil" } }, "Inès");
    await publishShopWords(t.db, "fr", "Inès");
    await saveShopWordsDraft(t.db, { locale: "fr", texts: { valuesTitle: "Nos principes" } }, "Amina");
    const state = await dropShopWordsDraft(t.db, "fr", "Amina");
    expect(state.draft).toBeNull();
    expect(state.published).toEqual({ homeTitle: "Accueil" });
    expect(state.history.map(({ kind, changed, actorName }) => ({ kind, changed, actorName }))).toEqual([
      { kind: "draft_dropped", changed: [], actorName: "Amina" },
      { kind: "draft_saved", changed: [], actorName: "Amina" },
      { kind: "published", changed: ["storyTitle", "homeTitle"], actorName: "Inès" },
      { kind: "draft_saved", changed: [], actorName: "Inès" },
      { kind: "draft_saved", changed: [], actorName: "Amina" },
      { kind: "published", changed: ["storyTitle"], actorName: "Amina" },
      { kind: "draft_saved", changed: [], actorName: "Amina" },
    ]);
    // Dropping nothing records nothing.
    await dropShopWordsDraft(t.db, "fr", "Amina");
    expect((await shopWordsState(t.db, "fr")).history).toHaveLength(7);
  });

  it("reads a stored text the list no longer knows, or one over its bound, as today's rather than failing a page", async () => {
    await sql`INSERT INTO shop_words (locale, texts, published_by)
      VALUES ('en', ${JSON.stringify({ storyTitle: "Ok", oldText: "gone", homeTitle: "x".repeat(500) })}::jsonb, 'Amina')`.execute(
      t.db,
    );
    expect((await loadShopWords(t.db)).en).toEqual({ storyTitle: "Ok" });
  });

  it("tells every web server at a publication — not at a draft, which no shopper sees", async () => {
    await changes.catchUp();
    let heard = 0;
    const stop = changes.subscribeToAll(() => heard++);
    await saveShopWordsDraft(t.db, { locale: "en", texts: { storyTitle: "Our workshop" } }, "Amina");
    expect(await changes.catchUp()).toBe(true);
    expect(heard).toBe(0);
    await publishShopWords(t.db, "en", "Amina");
    expect(await changes.catchUp()).toBe(true);
    stop();
    expect(heard).toBe(1);
  });

  it("refuses in the database what no rule would let through", async () => {
    await expect(
      sql`INSERT INTO shop_words (locale, texts, published_by) VALUES ('de', '{}', 'Amina')`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
    await expect(
      sql`INSERT INTO shop_words (locale, texts, published_by) VALUES ('fr', '[]', 'Amina')`.execute(t.db),
    ).rejects.toThrow(/check constraint/);
  });
});
