/**
 * The catalogue as the owner grows it (issue 23): a model she photographed with her phone, added
 * to the current series through the shop's own use cases (two 12-megapixel JPEGs processed by the
 * photo pipeline, words in both languages, published), so the pages the bench measures carry real
 * photos. Figures: the time the pipeline takes for one phone photo, and the bytes a phone
 * downloads for a product page's pictures (the photographed model's, and a launch drawing's page).
 */

import { EMAIL_WIDTHS, PAGE_WIDTHS } from "@souls/core/photos";
import type { Database, Kysely } from "@souls/db";
import { LAUNCH_MODELS } from "@souls/db";
import { createModel, publishModel, updateModelTexts } from "@souls/shop/admin";
import { addPhoto } from "@souls/shop/photos";
import { phonePhoto } from "@souls/shop/testing";
import puppeteer from "puppeteer-core";
import { cleanup } from "./processes.mts";
import { type Figure, kb, ms } from "./table.mts";

/** The photographed model's pages, as its code (from its name) makes them. */
export const PHOTOGRAPHED_MODEL = {
  name: "Zora",
  fr: "/produit/sac-banane-zora",
  en: "/en/product/zora-fanny-pack",
} as const;

/** Creates the photographed model in the home page's series; returns the pipeline's figures. */
export async function addPhotographedModel(db: Kysely<Database>): Promise<Figure[]> {
  const { seriesId } = await db
    .selectFrom("products")
    .select("seriesId")
    .where("slug", "=", LAUNCH_MODELS[0]?.code ?? "aicha")
    .executeTakeFirstOrThrow();
  const model = await createModel(db, {
    name: PHOTOGRAPHED_MODEL.name,
    priceCents: 16900,
    stock: 3,
    seriesId,
  });
  for (const locale of ["fr", "en"] as const) {
    const { path: _path, ...words } = (LAUNCH_MODELS[0] as (typeof LAUNCH_MODELS)[number]).texts[locale];
    await updateModelTexts(db, model.id, locale, { ...words, faq: words.faq.map((item) => ({ ...item })) });
  }
  const times: number[] = [];
  let stored = 0;
  for (const view of [1, 2]) {
    // A phone's photo: 4,000 × 3,000, turned by its EXIF, with GPS, XMP and a P3 profile.
    const bytes = await phonePhoto();
    const begun = performance.now();
    const photo = await addPhoto(db, {
      productId: model.id,
      bytes,
      altFr: `Sac banane Zora, vue ${view}`,
      altEn: `Zora fanny pack, view ${view}`,
    });
    times.push(performance.now() - begun);
    const files = await db
      .selectFrom("photoFiles")
      .select((eb) => eb.fn.sum<string>(eb.fn("octet_length", ["bytes"])).as("bytes"))
      .where("photoId", "=", photo.id)
      .executeTakeFirstOrThrow();
    stored += Number(files.bytes);
  }
  await publishModel(db, model.id);
  const slowest = Math.max(...times);
  return [
    {
      section: "catalogue",
      figure: `one 12-megapixel phone photo processed (upright, sRGB, no metadata; ${PAGE_WIDTHS.length} widths × AVIF and WebP, ${EMAIL_WIDTHS.length} JPEGs)`,
      value: `${times.map(ms).join(" and ")} (two photos; ${kb(stored / times.length)} stored each)`,
      budget: "—",
      met: null,
      data: { times, storedBytes: stored },
      note:
        slowest > 0
          ? "on libuv's threads: the event loop answers meanwhile (issue 23's photo tests)"
          : undefined,
    },
  ];
}

/** Moto G Power, as Lighthouse's mobile runs emulate it. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The bytes of every picture a phone downloads for a product page, scrolled to its end. */
export async function photoBytesOnAPhone(baseUrl: string, chromePath: string): Promise<Figure[]> {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const forget = cleanup.add("Chromium (photo bytes)", () => browser.close());
  const figures: Figure[] = [];
  try {
    for (const [name, path] of [
      ["product page with photos (Zora)", PHOTOGRAPHED_MODEL.fr],
      ["product page with a launch drawing (Aicha)", "/produit/sac-banane-aicha"],
    ] as const) {
      const page = await browser.newPage();
      await page.setViewport(PHONE);
      const pictures = new Map<string, number>();
      page.on("response", async (response) => {
        const type = response.headers()["content-type"] ?? "";
        if (!type.startsWith("image/")) return;
        const body = await response.buffer().catch(() => Buffer.alloc(0));
        pictures.set(response.url(), body.length);
      });
      // Not "network idle": the page keeps its live-availability stream open.
      await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
      // Lazy pictures load as the shopper scrolls: scroll to the end, then wait until every
      // picture has arrived. (Run in the page: a string, since the bench's TypeScript knows no DOM.)
      await page.evaluate(`(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
      })()`);
      const total = [...pictures.values()].reduce((sum, bytes) => sum + bytes, 0);
      const formats = [...pictures.keys()].map((url) => url.split(".").pop()).join(", ");
      figures.push({
        section: "catalogue",
        figure: `pictures a phone downloads (412 px, DPR 1.75), ${name}`,
        value: `${kb(total)} in ${pictures.size} files (${formats})`,
        budget: "—",
        met: null,
        data: { path, bytes: total, files: Object.fromEntries(pictures) },
      });
      await page.close();
    }
  } finally {
    forget();
    await browser.close();
  }
  return figures;
}
