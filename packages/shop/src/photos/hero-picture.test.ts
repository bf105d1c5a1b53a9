/**
 * The home page's hero picture on real PostgreSQL (decision 051): a draft she previews, published
 * on its own, taken away; which picture the hero shows; refusals that store nothing; every change
 * in the words' history.
 */
import { photoFileName } from "@souls/core/photos";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { featureSeries } from "../admin/catalogue/series";
import { homeSeries, loadCatalogue } from "../catalogue";
import { PhotoRefusedError } from "../errors";
import { shopWordsState } from "../words";
import { gifImage, smallPhoto } from "./fixtures";
import {
  dropHeroPictureDraft,
  heroPictureState,
  homeHeroPicture,
  publishedHeroPicture,
  publishHeroPicture,
  removeHeroPicture,
  saveHeroPictureAlt,
  saveHeroPictureDraft,
} from "./hero-picture";
import { photoFile } from "./photos";
import { setSeriesPicture } from "./series-picture";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
});
afterAll(() => t.drop());
beforeEach(async () => {
  await sql`TRUNCATE shop_hero_picture, shop_hero_picture_draft, shop_hero_picture_files, shop_word_events`.execute(
    t.db,
  );
  await sql`UPDATE series SET picture_source = NULL, picture_width = NULL, picture_height = NULL`.execute(
    t.db,
  );
});

const OWNER = "Propriétaire";
const sources = async () =>
  (await t.db.selectFrom("shopHeroPictureFiles").select("source").distinct().execute()).map(
    (row) => row.source,
  );
const kinds = async () =>
  (
    await t.db.selectFrom("shopWordEvents").select(["kind", "locale", "actorName"]).orderBy("id").execute()
  ).map((event) => `${event.kind}:${event.locale ?? "both"}:${event.actorName}`);

/** What the home page's hero shows, as the home page's loader reads it. */
async function homeHero() {
  const { series } = homeSeries(await loadCatalogue(t.db));
  return homeHeroPicture(series?.picture, await publishedHeroPicture(t.db));
}

describe("the home page's hero picture", () => {
  it("is the drawing's (nothing) until she publishes: a draft is hers alone, previewed, served", async () => {
    expect(await homeHero()).toBeNull();
    const state = await saveHeroPictureDraft(
      t.db,
      {
        bytes: await smallPhoto("#c9783f", "jpeg", { width: 1600, height: 1000 }),
        altFr: "Un sac au soleil",
        altEn: "A bag in the sun",
      },
      OWNER,
    );
    expect(state.published).toBeNull();
    expect(state.draft).toMatchObject({
      id: 0,
      width: 1600,
      height: 1000,
      alt: { fr: "Un sac au soleil", en: "A bag in the sun" },
    });
    expect(state.draftSavedBy).toBe(OWNER);
    expect(await homeHero()).toBeNull();
    // Its cuts are served by /photos under the names a model's have (the preview shows them).
    const draft = state.draft;
    if (!draft) throw new Error("no draft");
    const cut = await photoFile(t.db, photoFileName(draft.source, 640, "webp"));
    expect(cut?.contentType).toBe("image/webp");

    const published = await publishHeroPicture(t.db, OWNER);
    expect(published?.draft).toBeNull();
    expect(published?.published).toEqual(draft);
    expect(await homeHero()).toEqual(draft);
    expect(await kinds()).toEqual([`hero_draft_saved:both:${OWNER}`, `hero_published:both:${OWNER}`]);
    // The words' history of each language shows it.
    expect((await shopWordsState(t.db, "en")).history.map((event) => event.kind)).toEqual([
      "hero_published",
      "hero_draft_saved",
    ]);
  });

  it("gives way to the featured series' own picture (decision 040), and comes back when it goes", async () => {
    await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#2f5d3a"), altFr: "Atelier" }, OWNER);
    const mine = (await publishHeroPicture(t.db, OWNER))?.published;
    const { series } = homeSeries(await loadCatalogue(t.db));
    if (!series) throw new Error("no featured series");
    await featureSeries(t.db, series.id);
    const own = await setSeriesPicture(t.db, { seriesId: series.id, bytes: await smallPhoto("#e9c99a") });
    expect((await homeHero())?.source).toBe(own.source);
    await sql`UPDATE series SET picture_source = NULL, picture_width = NULL, picture_height = NULL`.execute(
      t.db,
    );
    expect(await homeHero()).toEqual(mine);
  });

  it("is removed, draft included: the drawing again, its cuts gone, the removal in the history", async () => {
    await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#6e3b22") }, OWNER);
    await publishHeroPicture(t.db, OWNER);
    await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#123456") }, OWNER);
    expect(await sources()).toHaveLength(2);
    const state = await removeHeroPicture(t.db, "Aide");
    expect(state).toMatchObject({ published: null, draft: null });
    expect(await homeHero()).toBeNull();
    expect(await sources()).toEqual([]);
    expect((await kinds()).at(-1)).toBe("hero_removed:both:Aide");
    // Removing nothing records nothing.
    await removeHeroPicture(t.db, OWNER);
    expect((await kinds()).filter((kind) => kind.startsWith("hero_removed"))).toHaveLength(1);
  });

  it("keeps the published picture while a new one is a draft, and drops only the draft", async () => {
    await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#aa3322"), altFr: "Avant" }, OWNER);
    const before = (await publishHeroPicture(t.db, OWNER))?.published;
    const next = await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#3322aa") }, OWNER);
    // Words left empty keep the ones she had.
    expect(next.draft?.alt.fr).toBe("Avant");
    expect(await homeHero()).toEqual(before);
    const dropped = await dropHeroPictureDraft(t.db, OWNER);
    expect(dropped).toMatchObject({ published: before, draft: null });
    expect(await sources()).toEqual([before?.source]);
    // A second publication without a draft publishes nothing.
    expect(await publishHeroPicture(t.db, OWNER)).toBeNull();
  });

  it("takes new words as a draft of the published picture, shown once published", async () => {
    expect(await saveHeroPictureAlt(t.db, { fr: "x", en: "y" }, OWNER)).toBeNull();
    await saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#445566") }, OWNER);
    await publishHeroPicture(t.db, OWNER);
    const state = await saveHeroPictureAlt(t.db, { fr: "  Une  banane  ", en: "A fanny pack" }, OWNER);
    expect(state?.draft?.alt).toEqual({ fr: "Une banane", en: "A fanny pack" });
    expect((await publishedHeroPicture(t.db))?.alt).toEqual({ fr: "", en: "" });
    await publishHeroPicture(t.db, OWNER);
    expect((await publishedHeroPicture(t.db))?.alt).toEqual({ fr: "Une banane", en: "A fanny pack" });
  });

  it("refuses what a model's photo refuses, storing nothing", async () => {
    await expect(saveHeroPictureDraft(t.db, { bytes: await gifImage() }, OWNER)).rejects.toBeInstanceOf(
      PhotoRefusedError,
    );
    await expect(
      saveHeroPictureDraft(t.db, { bytes: await smallPhoto("#000000"), altFr: "é".repeat(301) }, OWNER),
    ).rejects.toBeInstanceOf(PhotoRefusedError);
    await expect(
      saveHeroPictureDraft(t.db, { bytes: new Uint8Array([1, 2, 3]) }, OWNER),
    ).rejects.toBeInstanceOf(PhotoRefusedError);
    expect(await heroPictureState(t.db)).toMatchObject({ published: null, draft: null });
    expect(await sources()).toEqual([]);
    expect(await kinds()).toEqual([]);
  });
});
