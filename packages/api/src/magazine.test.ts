/**
 * « Magazine » through the admin API (decision 052): her article created, saved and scheduled at a
 * Paris time, its markup kept as the text she typed, every refusal a 4xx in French, the history
 * naming her, and nothing of it open to the packing helper.
 */
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller } from "./router";
import { errorShape, helperContext, ownerCaller, trpcError, WELL_FORMED_ARTICLE } from "./testing";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

type Article = typeof WELL_FORMED_ARTICLE & {
  words: { fr: Record<string, unknown>; en: Record<string, unknown> };
};
const article = WELL_FORMED_ARTICLE as Article;

describe("« Magazine » through the API", () => {
  it("creates, saves, schedules at a Paris time and publishes, in the article's history", async () => {
    const api = ownerCaller(t.db);
    const body = "## <script>alert(1)</script>\n\nUn <b>gras</b> qui n'en est pas un.";
    const { id } = await api.magazine.create({
      ...article,
      words: { ...article.words, fr: { ...article.words.fr, body } },
    });
    const created = await api.magazine.get({ id });
    expect(created.status).toBe("draft");
    // Kept as she typed it: the pages show it as text (React escapes it).
    expect(created.words.fr.body).toBe(body);
    const scheduled = await api.magazine.setStatus({ id, status: "scheduled", at: "2099-07-14T18:00" });
    expect(scheduled).toMatchObject({ status: "scheduled", publishAtLocal: "2099-07-14T18:00" });
    expect(scheduled.publishAt).toBe("2099-07-14T16:00:00.000Z");
    const saved = await api.magazine.save({
      id,
      article: { ...article, slug: { fr: "nouvelle", en: "new-one" } },
    });
    expect(saved.slug).toEqual({ fr: "nouvelle", en: "new-one" });
    const published = await api.magazine.setStatus({ id, status: "published" });
    expect(published.status).toBe("published");
    expect(published.events.map((event) => event.kind)).toEqual([
      "published",
      "saved",
      "scheduled",
      "created",
    ]);
    expect((await api.magazine.list()).map((one) => one.id)).toContain(id);
  });

  it("answers every refusal in French with a 4xx", async () => {
    const api = ownerCaller(t.db);
    const { id } = await api.magazine.create({ ...article, slug: { fr: "premier", en: "first" } });
    const taken = await trpcError(api.magazine.create({ ...article, slug: { fr: "premier", en: "other" } }));
    expect(errorShape(taken, "magazine.create")).toMatchObject({
      message: "Cette adresse est déjà celle d'un autre article : choisissez-en une autre.",
      data: { httpStatus: 409 },
    });
    const past = await trpcError(api.magazine.setStatus({ id, status: "scheduled", at: "2001-01-01T10:00" }));
    expect(errorShape(past, "magazine.setStatus")).toMatchObject({
      message: "Cette date est passée : choisissez une date à venir, ou « Publier maintenant ».",
      data: { httpStatus: 400 },
    });
    const self = await trpcError(api.magazine.save({ id, article: { ...article, alsoRead: [id] } }));
    expect(errorShape(self, "magazine.save").data.httpStatus).toBe(400);
    const missing = await trpcError(api.magazine.get({ id: 999_999 }));
    expect(errorShape(missing, "magazine.get")).toMatchObject({
      message: "Cet article n'existe plus.",
      data: { httpStatus: 404 },
    });
    // A field refused names its place in the article, for the editor to show it under that field.
    const long = await trpcError(
      api.magazine.save({
        id,
        article: {
          ...article,
          words: { ...article.words, en: { ...article.words.en, title: "x".repeat(121) } },
        },
      }),
    );
    expect(errorShape(long, "magazine.save")).toMatchObject({
      message: "Erreur de validation : veuillez remplir tous les champs correctement.",
      data: {
        httpStatus: 400,
        zodError: { fieldErrors: { "article.words.en.title": [{ key: "admin:input.tooLong" }] } },
      },
    });
  });

  it("is the owner's alone: the packing helper is refused every procedure", async () => {
    const helper = createCaller(helperContext(t.db));
    const refusals = await Promise.all([
      trpcError(helper.magazine.list()),
      trpcError(helper.magazine.create(article)),
      trpcError(helper.magazine.setStatus({ id: 1, status: "draft" })),
    ]);
    for (const refusal of refusals) expect(refusal.code).toBe("FORBIDDEN");
  });
});
