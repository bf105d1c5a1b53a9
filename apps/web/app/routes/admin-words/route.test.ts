/**
 * « Textes du site »'s forms posted without JavaScript, on real PostgreSQL (decision 051): the
 * owner's session or the login page; garbage refused in French (under the field for a text),
 * writing nothing; a draft saved with her changes only, then published.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { loadShopWords, shopWordsState } from "@souls/shop/words";
import { sql } from "kysely";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
let action: (args: ActionFunctionArgs) => Promise<unknown>;

beforeAll(async () => {
  ({ action } = (await import("./route")) as unknown as { action: typeof action });
});
beforeEach(async () => {
  await sql`DELETE FROM shop_word_drafts`.execute(shop.t.db);
  await sql`DELETE FROM shop_words`.execute(shop.t.db);
});

interface Answer {
  status: number;
  headers: Headers;
  init?: { status?: number };
  data?: unknown;
}

async function post(fields: Record<string, string>, cookie = shop.ownerCookie) {
  const request = new Request("https://souls.example/admin-textes?langue=fr", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  try {
    return (await action({ request, params: {}, context: { socketAddress: "203.0.113.61" } })) as Answer;
  } catch (thrown) {
    return thrown as Answer;
  }
}

const drafts = async () => (await shopWordsState(shop.t.db, "fr")).draft;

describe("« Textes du site » without JavaScript", () => {
  it("sends whoever has no session to the login page, saving nothing", async () => {
    for (const cookie of ["", "admin_session=forged"]) {
      const answer = await post({ locale: "fr", intent: "draft", storyTitle: "Pirate" }, cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/admin");
    }
    expect(await drafts()).toBeNull();
  });

  it("refuses garbage with a 400 in French, writing nothing", async () => {
    const garbage: Record<string, string>[] = [
      { locale: "de", intent: "draft" },
      { locale: "fr", intent: "delete-everything" },
      { locale: "fr" },
    ];
    for (const fields of garbage) {
      const answer = await post(fields);
      expect(answer.init?.status).toBe(400);
      expect((answer.data as { message: string }).message).toBe(
        "Erreur de validation : veuillez remplir tous les champs correctement.",
      );
    }
    const tooLong = await post({
      locale: "fr",
      intent: "draft",
      homeTitle: "x".repeat(30_000),
      storyText: "a\u0000b",
    });
    expect(tooLong.init?.status).toBe(400);
    expect(tooLong.data).toMatchObject({
      message: "Vérifiez les champs signalés.",
      errors: { homeTitle: "120 caractères au plus", storyText: "Caractères non valides" },
    });
    expect((tooLong.data as { values: { homeTitle: string } }).values.homeTitle).toHaveLength(20_000);
    const nothingToPublish = await post({ locale: "fr", intent: "publish" });
    expect(nothingToPublish.init?.status).toBe(409);
    expect((nothingToPublish.data as { message: string }).message).toBe(
      "Aucun brouillon à publier : enregistrez d'abord vos textes.",
    );
    expect(await drafts()).toBeNull();
  });

  it("saves only her changes as a draft, then publishes them", async () => {
    const saved = await post({
      locale: "fr",
      intent: "draft",
      storyTitle: "Notre atelier",
      // Today's title, left as it was: not her change.
      homeTitle: "SOULS – Sacs banane en jacquard marocain, faits main",
      valuesTitle: "",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/admin-textes?langue=fr");
    expect(await drafts()).toEqual({ storyTitle: "Notre atelier" });
    expect((await loadShopWords(shop.t.db)).fr).toEqual({});
    const published = await post({ locale: "fr", intent: "publish" });
    expect(published.status).toBe(303);
    expect(await loadShopWords(shop.t.db)).toEqual({ fr: { storyTitle: "Notre atelier" }, en: {} });
  });
});

describe("the home page's hero picture without JavaScript", () => {
  beforeEach(async () => {
    await sql`DELETE FROM shop_hero_picture_draft`.execute(shop.t.db);
    await sql`DELETE FROM shop_hero_picture`.execute(shop.t.db);
  });
  const hero = () => shop.t.db.selectFrom("shopHeroPicture").select(["altFr", "altEn"]).executeTakeFirst();

  it("refuses a publication or words with no picture (409), and words too long (400), in French", async () => {
    for (const intent of ["heroPublish", "heroAlt"]) {
      const answer = await post({ locale: "fr", intent, altFr: "a", altEn: "b" });
      expect(answer.init?.status, intent).toBe(409);
      expect((answer.data as { message: string }).message).toBe(
        "Aucune photo d'accueil en brouillon : choisissez d'abord une photo.",
      );
    }
    await sql`INSERT INTO shop_hero_picture (source, width, height, saved_by)
      VALUES (${"b".repeat(32)}, 1600, 1000, 'Propriétaire')`.execute(shop.t.db);
    const tooLong = await post({ locale: "fr", intent: "heroAlt", altFr: "é".repeat(301), altEn: "" });
    expect(tooLong.init?.status).toBe(400);
    expect((tooLong.data as { message: string }).message).toBe(
      "Erreur de validation : veuillez remplir tous les champs correctement.",
    );
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM shop_hero_picture_draft`.execute(
      shop.t.db,
    );
    expect(rows[0]?.n).toBe("0");
  });

  it("describes the published picture as a draft, publishes it, then takes it away", async () => {
    await sql`INSERT INTO shop_hero_picture (source, width, height, saved_by)
      VALUES (${"c".repeat(32)}, 1600, 1000, 'Propriétaire')`.execute(shop.t.db);
    const described = await post({ locale: "en", intent: "heroAlt", altFr: "Un sac", altEn: "A bag" });
    expect(described.status).toBe(303);
    expect(await hero()).toEqual({ altFr: "", altEn: "" });
    expect((await post({ locale: "en", intent: "heroPublish" })).status).toBe(303);
    expect(await hero()).toEqual({ altFr: "Un sac", altEn: "A bag" });
    const removed = await post({ locale: "fr", intent: "heroRemove" });
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Location")).toBe("/admin-textes?langue=fr");
    expect(await hero()).toBeUndefined();
  });
});
