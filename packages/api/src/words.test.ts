/**
 * « Textes du site » through the admin API on real PostgreSQL (decision 051): the owner's alone,
 * garbage refused with a French message and nothing written, each change in the history under the
 * name of the person whose session made it.
 */
import { copy } from "@souls/core/admin-copy";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "./errors";
import { createCaller } from "./router";
import { callPath, errorShape, helperContext, ownerCaller, trpcError, WELL_FORMED_INPUTS } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());
beforeEach(async () => {
  await sql`TRUNCATE shop_words, shop_word_drafts, shop_word_events`.execute(t.db);
});

const WORDS_PROCEDURES = ["words.get", "words.saveDraft", "words.publish", "words.dropDraft"];

const counts = async () =>
  (
    await sql<{
      n: string;
    }>`SELECT (SELECT count(*) FROM shop_words) + (SELECT count(*) FROM shop_word_drafts)
      + (SELECT count(*) FROM shop_word_events) AS n`.execute(t.db)
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
