/**
 * « Textes du site » through the admin API on real PostgreSQL (decision 051): the owner's alone,
 * garbage refused with a French message and nothing written, each change in the history under the
 * name of the person whose session made it.
 */

import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copy } from "./admin-words";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import { callPath, errorShape, helperContext, ownerCaller, trpcError, WELL_FORMED_INPUTS } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(async () => {
  await sql`TRUNCATE shop_words, shop_word_drafts, shop_word_events, shop_hero_picture, shop_hero_picture_draft, shop_hero_picture_files`.execute(
    t.db,
  );
});

const WORDS_PROCEDURES = ["words.get", "words.saveDraft", "words.publish", "words.dropDraft"];
/** The home page's hero picture beside the words: the owner's alone too. */
const HERO_PROCEDURES = [
  "words.hero",
  "words.saveHeroAlt",
  "words.publishHero",
  "words.dropHeroDraft",
  "words.removeHero",
];

const counts = async () =>
  (
    await sql<{
      n: string;
    }>`SELECT (SELECT count(*) FROM shop_words) + (SELECT count(*) FROM shop_word_drafts)
      + (SELECT count(*) FROM shop_word_events) + (SELECT count(*) FROM shop_hero_picture)
      + (SELECT count(*) FROM shop_hero_picture_draft) AS n`.execute(t.db)
  ).rows[0]?.n;

describe("the shop's words through the admin API", () => {
  it("saves a draft, publishes it and names the owner in the history", async () => {
    const owner = ownerCaller(t.db);
    const draft = await owner.words.saveDraft({
      locale: "fr",
      texts: { storyText: "Premier.\n\nSecond.", termsTitle: "CGV – SOULS" },
    });
    expect(draft.draft).toEqual({ storyText: "Premier.\n\nSecond.", termsTitle: "CGV – SOULS" });
    expect(draft.published).toEqual({});
    const published = await owner.words.publish({ locale: "fr" });
    expect(published).toMatchObject({ draft: null, publishedBy: "Propriétaire" });
    expect(typeof published.publishedAt).toBe("string");
    expect(published.history[0]).toMatchObject({
      kind: "published",
      changed: ["storyText", "termsTitle"],
      actorName: "Propriétaire",
    });
    expect((await owner.words.get({ locale: "en" })).published).toEqual({});
  });

  it("answers a publication without a draft 409 in French", async () => {
    const error = await trpcError(ownerCaller(t.db).words.publish({ locale: "en" }));
    expect(error.code).toBe("CONFLICT");
    expect(errorShape(error, "words.publish").message).toBe(copy.errors.wordsNoDraft);
  });

  it.each([
    [
      "a language the shop has not",
      { locale: "de", texts: {} },
      { locale: [{ key: "admin:input.localeChoice", values: {} }] },
    ],
    [
      "a text too long",
      { locale: "fr", texts: { homeDescription: "é".repeat(301) } },
      { "texts.homeDescription": [{ key: "admin:input.tooLong", values: { max: 300 } }] },
    ],
    [
      "a number for a text",
      { locale: "fr", texts: { storyTitle: 42 } },
      { "texts.storyTitle": [{ key: "admin:input.textExpected", values: {} }] },
    ],
    [
      "a text the shop does not have",
      { locale: "fr", texts: { heroHtml: "<b>x</b>" } },
      { texts: [{ key: "admin:input.unknownField", values: {} }] },
    ],
    [
      "texts as a list",
      { locale: "fr", texts: ["story"] },
      { texts: [{ key: "admin:input.malformed", values: {} }] },
    ],
    [
      "a NUL character",
      { locale: "fr", texts: { storyText: "a\u0000" } },
      { "texts.storyText": [{ key: "admin:input.invalidCharacters", values: {} }] },
    ],
    ["a field of its own", { locale: "fr", texts: {}, html: true }, { formErrors: true }],
  ])("refuses %s with a 400 in French, writing nothing", async (_, input, expected) => {
    const before = await counts();
    const error = await trpcError(ownerCaller(t.db).words.saveDraft(input as never));
    expect(error.code).toBe("BAD_REQUEST");
    expect(getHTTPStatusCodeFromError(error)).toBe(400);
    const shape = errorShape(error, "words.saveDraft");
    expect(shape.message).toBe(MESSAGES.validation);
    if ("formErrors" in expected)
      expect(shape.data.zodError?.formErrors).toEqual([{ key: "admin:input.unknownField", values: {} }]);
    else expect(shape.data.zodError?.fieldErrors).toEqual(expected);
    expect(await counts()).toBe(before);
  });

  it.each(WORDS_PROCEDURES)("refuses garbage to %s with a 400 in French", async (path) => {
    for (const input of [undefined, null, "fr", 7, { locale: "fr", extra: 1 }, { locale: ["fr"] }]) {
      const error = await trpcError(callPath(ownerCaller(t.db), path, input));
      expect(error.code, `${path}(${JSON.stringify(input)})`).toBe("BAD_REQUEST");
      expect(errorShape(error, path).message).toBe(MESSAGES.validation);
    }
    expect(await counts()).toBe("0");
  });

  it.each(WORDS_PROCEDURES)(
    "refuses %s to a helper who packs (403, in French), writing nothing",
    async (path) => {
      const error = await trpcError(
        callPath(createCaller(helperContext(t.db)), path, WELL_FORMED_INPUTS[path]),
      );
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(MESSAGES.forbidden);
      expect(await counts()).toBe("0");
    },
  );

  it.each(WORDS_PROCEDURES)("refuses %s without a session", async (path) => {
    const error = await trpcError(
      callPath(ownerCaller(t.db, { admin: null }), path, WELL_FORMED_INPUTS[path]),
    );
    expect(error.code).toBe("UNAUTHORIZED");
  });
});

describe("the home page's hero picture through the admin API", () => {
  /** A published picture, as the photo route and a publication leave it. */
  async function publishedPicture() {
    await sql`INSERT INTO shop_hero_picture (source, width, height, alt_fr, saved_by)
      VALUES (${"a".repeat(32)}, 1600, 1000, 'Avant', 'Propriétaire')`.execute(t.db);
  }

  it("describes, publishes and removes it under her name in the words' history", async () => {
    const owner = ownerCaller(t.db);
    expect(await owner.words.hero()).toMatchObject({ published: null, draft: null });
    await publishedPicture();
    const draft = await owner.words.saveHeroAlt({ fr: "Un sac au soleil", en: "A bag in the sun" });
    expect(draft.draft?.alt).toEqual({ fr: "Un sac au soleil", en: "A bag in the sun" });
    expect(draft.published?.alt.fr).toBe("Avant");
    const published = await owner.words.publishHero();
    expect(published).toMatchObject({ draft: null, publishedBy: "Propriétaire" });
    expect(published.published?.alt.en).toBe("A bag in the sun");
    expect(await owner.words.removeHero()).toMatchObject({ published: null, draft: null });
    const history = (await owner.words.get({ locale: "fr" })).history.map((event) => event.kind);
    expect(history).toEqual(["hero_removed", "hero_published", "hero_draft_saved"]);
  });

  it("answers a publication or words without a picture 409 in French", async () => {
    const owner = ownerCaller(t.db);
    for (const [path, call] of [
      ["words.publishHero", () => owner.words.publishHero()],
      ["words.saveHeroAlt", () => owner.words.saveHeroAlt({ fr: "a", en: "b" })],
    ] as const) {
      const error = await trpcError(call());
      expect(error.code).toBe("CONFLICT");
      expect(errorShape(error, path).message).toBe(copy.errors.heroNoDraft);
    }
    expect(await counts()).toBe("0");
  });

  it.each(HERO_PROCEDURES)("refuses garbage to %s with a 400 in French, writing nothing", async (path) => {
    await publishedPicture();
    const before = await counts();
    const garbage =
      path === "words.saveHeroAlt"
        ? [
            undefined,
            null,
            "x",
            { fr: "a" },
            { fr: 1, en: "b" },
            { fr: "a", en: "b", html: 1 },
            { fr: "é".repeat(301), en: "" },
          ]
        : [null, "fr", 7, { locale: "fr" }, []];
    for (const input of garbage) {
      const error = await trpcError(callPath(ownerCaller(t.db), path, input));
      expect(error.code, `${path}(${JSON.stringify(input)})`).toBe("BAD_REQUEST");
      expect(getHTTPStatusCodeFromError(error)).toBe(400);
      expect(errorShape(error, path).message).toBe(MESSAGES.validation);
    }
    expect(await counts()).toBe(before);
  });

  it.each(HERO_PROCEDURES)(
    "refuses %s to a helper who packs (403, in French), writing nothing",
    async (path) => {
      await publishedPicture();
      const before = await counts();
      const error = await trpcError(
        callPath(createCaller(helperContext(t.db)), path, WELL_FORMED_INPUTS[path]),
      );
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(MESSAGES.forbidden);
      expect(await counts()).toBe(before);
      expect(await ownerCaller(t.db).words.hero()).toMatchObject({ published: { alt: { fr: "Avant" } } });
    },
  );
});
