/**
 * The photo upload on real PostgreSQL and real files: the owner's session or nothing, one photo
 * per request, each refusal in French with its status and nothing stored, two uploads at once
 * per session.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { heicPhoto, pdfNamedJpg, pngBomb, smallPhoto, truncatedJpeg } from "@souls/shop/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";
import { PHOTO_UPLOAD_PATH, routeTable } from "~/screens";
import { takeUploadSlot, UPLOADS_PER_SESSION } from "./upload-slots.server";

const shop = shopWithOwnerSession();
let action: (args: ActionFunctionArgs) => Promise<Response>;
let productId: number;

beforeAll(async () => {
  ({ action } = await import("./route"));
  // A model of the owner's without photos.
  productId = (
    await shop.t.db
      .insertInto("products")
      .values({ reference: "UPLOAD-01", slug: "upload", name: "Modèle envoyé", priceCents: 16900, stock: 1 })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
});

type Part = [name: string, value: string | Blob, fileName?: string];

/** A post as the panel sends it: multipart, with the owner's cookie unless told otherwise. */
function upload(
  parts: Part[],
  { cookie = shop.ownerCookie, body }: { cookie?: string; body?: BodyInit } = {},
) {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  const request = new Request(`${TEST_ORIGIN}${PHOTO_UPLOAD_PATH}`, {
    method: "POST",
    headers: cookie ? { Cookie: cookie } : {},
    body: body ?? form,
  });
  return action({ request, params: {}, context: { socketAddress: "203.0.113.61" } });
}

const photoPart = (bytes: Uint8Array, fileName = "photo.jpg", type = "image/jpeg"): Part => [
  "photo",
  new Blob([new Uint8Array(bytes)], { type }),
  fileName,
];

async function stored() {
  const { rows } = await sql<{ photos: string; files: string; history: string }>`
    SELECT (SELECT count(*) FROM product_photos) AS photos, (SELECT count(*) FROM photo_files) AS files,
      (SELECT count(*) FROM product_events) AS history`.execute(shop.t.db);
  return rows[0];
}

async function refusal(answer: Response) {
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  return { status: answer.status, ...((await answer.json()) as { error: string }) };
}

describe("the photo upload", () => {
  it("is one of the owner's endpoints in the route table", () => {
    expect(routeTable().find((route) => route.path === PHOTO_UPLOAD_PATH)).toMatchObject({
      module: "routes/admin-photos/route.ts",
    });
  });

  it("answers 401 without the owner's session, and stores nothing", async () => {
    const bytes = await smallPhoto("#123abc");
    const before = await stored();
    for (const cookie of ["", "admin_session=forged", `${shop.ownerCookie}x`]) {
      const answer = await upload([["productId", String(productId)], photoPart(bytes)], { cookie });
      expect(await refusal(answer)).toEqual({ status: 401, error: "Session expirée : reconnectez-vous." });
    }
    expect(await stored()).toEqual(before);
  });

  it("adds the photo the owner sends, judged by its bytes whatever its name and declared type", async () => {
    const before = await stored();
    const answer = await upload([
      ["productId", String(productId)],
      ["altFr", "Vue de face"],
      ["altEn", "Front view"],
      photoPart(await smallPhoto("#c0ffee", "png"), "IMG_0001.HEIC", "image/heic"),
    ]);
    expect(answer.status).toBe(201);
    const { photo } = (await answer.json()) as { photo: { id: number; source: string; alt: object } };
    expect(photo).toMatchObject({
      position: 0,
      width: 480,
      height: 600,
      alt: { fr: "Vue de face", en: "Front view" },
    });
    expect(photo.source).toMatch(/^[0-9a-f]{32}$/);
    expect(await stored()).toEqual({
      photos: String(Number(before?.photos) + 1),
      // 160, 320 and 480 in AVIF and WebP, and the e-mails' 480 JPEG.
      files: String(Number(before?.files) + 7),
      history: String(Number(before?.history) + 1),
    });
  });

  it.each<[string, () => Promise<Uint8Array> | Uint8Array, number, RegExp]>([
    [
      "a PDF named photo.jpg",
      pdfNamedJpg,
      415,
      /^Ce fichier n'est pas une photo JPEG, PNG, WebP ou AVIF : c'est un fichier PDF\.$/,
    ],
    ["a 30,000 × 30,000 PNG", () => pngBomb(), 400, /^Photo trop grande : 50 mégapixels au plus\.$/],
    ["a JPEG cut off halfway", truncatedJpeg, 400, /^Photo illisible : le fichier est abîmé ou incomplet\./],
    ["an iPhone's HEIC", heicPhoto, 415, /^Les photos HEIC de l'iPhone ne sont pas acceptées/],
    ["an empty file", () => new Uint8Array(0), 400, /^Le fichier est vide/],
  ])("refuses %s in French, storing nothing", async (_, file, status, message) => {
    const before = await stored();
    const answer = await upload([["productId", String(productId)], photoPart(await file())]);
    const { error, ...rest } = await refusal(answer);
    expect(rest).toEqual({ status });
    expect(error).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it("refuses a file over 25 MB as it is read (413), storing nothing", async () => {
    const bytes = new Uint8Array(25 * 1024 * 1024 + 1);
    bytes.set(await smallPhoto("#0a0a0a"));
    const before = await stored();
    const answer = await upload([["productId", String(productId)], photoPart(bytes)]);
    expect(await refusal(answer)).toEqual({ status: 413, error: "Photo trop lourde : 25 Mo au plus." });
    expect(await stored()).toEqual(before);
  });

  it("refuses a 13th photo, two at once, none, a request that is not multipart, an unknown model", async () => {
    const full = (
      await shop.t.db
        .insertInto("products")
        .values({ reference: "UPLOAD-FULL", slug: "upload-full", name: "Complet", priceCents: 100, stock: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    for (let position = 0; position < 12; position++) {
      await shop.t.db
        .insertInto("productPhotos")
        .values({
          productId: full,
          position,
          source: `${position}`.padStart(32, "b"),
          width: 1000,
          height: 1250,
        })
        .execute();
    }
    const bytes = await smallPhoto("#fedcba");
    const before = await stored();
    expect(await refusal(await upload([["productId", String(full)], photoPart(bytes)]))).toEqual({
      status: 409,
      error: "12 photos au plus par modèle : retirez-en une avant d'en ajouter une autre.",
    });
    expect(
      await refusal(
        await upload([["productId", String(productId)], photoPart(bytes), photoPart(bytes, "b.jpg")]),
      ),
    ).toEqual({ status: 400, error: "Une seule photo par envoi." });
    expect(await refusal(await upload([["productId", String(productId)]]))).toEqual({
      status: 400,
      error: "Choisissez une photo à envoyer.",
    });
    expect(await refusal(await upload([["productId", "douze"], photoPart(bytes)]))).toEqual({
      status: 400,
      error: "Modèle inconnu : rechargez la page.",
    });
    expect(await refusal(await upload([["productId", "2000000"], photoPart(bytes)]))).toEqual({
      status: 404,
      error: "Produit introuvable",
    });
    expect(await refusal(await upload([], { body: "productId=1" }))).toMatchObject({ status: 415 });
    expect(await stored()).toEqual(before);
  });

  it("runs two uploads at once per session: a third is told to wait (429) before its body is read", async () => {
    const { adminSession } = await import("~/lib/admin-session.server");
    const session = await adminSession(new Request(TEST_ORIGIN, { headers: { Cookie: shop.ownerCookie } }));
    const held = Array.from({ length: UPLOADS_PER_SESSION }, () =>
      takeUploadSlot(session?.sessionIdHash ?? ""),
    );
    try {
      const before = await stored();
      const answer = await upload([["productId", String(productId)], photoPart(await smallPhoto("#abcdef"))]);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(await refusal(answer)).toEqual({
        status: 429,
        error: "Deux photos sont déjà en cours d'envoi : attendez que l'une soit enregistrée.",
      });
      expect(await stored()).toEqual(before);
    } finally {
      for (const slot of held) slot?.release();
    }
    // Once one is done, the next goes through.
    const next = await upload([["productId", String(productId)], photoPart(await smallPhoto("#abcdef"))]);
    expect(next.status).toBe(201);
  });

  it("takes a series' picture with a seriesId (201), and refuses an unknown or malformed series", async () => {
    const series = await shop.t.db.selectFrom("series").select("id").orderBy("id").executeTakeFirstOrThrow();
    const answer = await upload([
      ["seriesId", String(series.id)],
      ["altFr", "Trois sacs sur un mur ocre"],
      ["altEn", "Three bags on an ochre wall"],
      photoPart(await smallPhoto("#b4532a", "jpeg", { width: 960, height: 600 })),
    ]);
    expect(answer.status).toBe(201);
    const { picture } = (await answer.json()) as { picture: { width: number; alt: { fr: string } } };
    expect(picture).toMatchObject({ width: 960, alt: { fr: "Trois sacs sur un mur ocre" } });
    const files = () =>
      sql<{ n: string }>`SELECT count(*) AS n FROM series_picture_files`
        .execute(shop.t.db)
        .then((r) => r.rows[0]?.n);
    const before = await files();
    for (const seriesId of ["0", "-1", "abc", "99999999999", ""]) {
      expect(
        await refusal(await upload([["seriesId", seriesId], photoPart(await smallPhoto("#000001"))])),
      ).toEqual({
        status: 400,
        error: "Série inconnue : rechargez la page.",
      });
    }
    expect(
      await refusal(await upload([["seriesId", "2000000"], photoPart(await smallPhoto("#000002"))])),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(await upload([["seriesId", String(series.id)], photoPart(pdfNamedJpg())])),
    ).toMatchObject({
      status: 415,
    });
    expect(await files()).toBe(before);
  });

  it("takes an article's cover with an articleId (201), and refuses an unknown or malformed article in French", async () => {
    const article = await shop.t.db
      .selectFrom("articles")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const answer = await upload([
      ["articleId", String(article.id)],
      photoPart(await smallPhoto("#5b6b4e", "jpeg", { width: 1280, height: 720 })),
    ]);
    expect(answer.status).toBe(201);
    const { cover } = (await answer.json()) as { cover: { source: string; width: number } };
    expect(cover).toMatchObject({ source: expect.stringMatching(/^[0-9a-f]{32}$/), width: 1280 });
    const files = () =>
      sql<{ n: string }>`SELECT count(*) AS n FROM article_cover_files`
        .execute(shop.t.db)
        .then((r) => r.rows[0]?.n);
    const before = await files();
    for (const articleId of ["0", "-1", "abc", "99999999999", ""]) {
      expect(
        await refusal(await upload([["articleId", articleId], photoPart(await smallPhoto("#000003"))])),
      ).toEqual({ status: 400, error: "Article inconnu : rechargez la page." });
    }
    expect(
      await refusal(await upload([["articleId", "2000000"], photoPart(await smallPhoto("#000004"))])),
    ).toEqual({ status: 404, error: "Cet article n'existe plus." });
    expect(
      await refusal(await upload([["articleId", String(article.id)], photoPart(pdfNamedJpg())])),
    ).toMatchObject({ status: 415 });
    expect(await files()).toBe(before);
  });
});

describe("the home page's hero picture", () => {
  const drafts = () =>
    sql<{
      n: string;
    }>`SELECT (SELECT count(*) FROM shop_hero_picture_draft) + (SELECT count(*) FROM shop_hero_picture_files)
      + (SELECT count(*) FROM shop_hero_picture) AS n`
      .execute(shop.t.db)
      .then((r) => r.rows[0]?.n);

  it("is kept as her draft (never published by an upload), judged as a model's photo", async () => {
    for (const bytes of [pdfNamedJpg(), await truncatedJpeg()]) {
      const answer = await upload([["hero", "draft"], photoPart(bytes)]);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect((await refusal(answer)).error).toMatch(/\S/);
    }
    expect(await drafts()).toBe("0");
    const answer = await upload([
      ["hero", "draft"],
      ["altFr", "Un sac au soleil"],
      ["altEn", "A bag in the sun"],
      photoPart(await smallPhoto("#c9783f", "jpeg", { width: 1600, height: 1000 })),
    ]);
    expect(answer.status).toBe(201);
    const { picture } = (await answer.json()) as {
      picture: { width: number; alt: { fr: string; en: string } };
    };
    expect(picture).toMatchObject({ width: 1600, alt: { fr: "Un sac au soleil", en: "A bag in the sun" } });
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM shop_hero_picture`.execute(shop.t.db);
    expect(rows[0]?.n).toBe("0");
    const events = await shop.t.db.selectFrom("shopWordEvents").select(["kind", "locale"]).execute();
    expect(events).toEqual([{ kind: "hero_draft_saved", locale: null }]);
  });
});
