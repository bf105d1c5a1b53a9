import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContextOptions, devices, type Page } from "@playwright/test";
import sharp from "sharp";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// A series of its own (decision 040): the owner gives a new series its picture and features it on
// the home page, whose hero shows it; the first collection does not vanish — from the header,
// shoppers with JavaScript, without it and on a phone still reach Aicha through « Toutes les
// pièces » and the first collection's own page. Runs after the launch project (it features a
// series, which every other spec reads as the launch collection's); the panel needs JavaScript.
test.use({ reducedMotion: "reduce" });

/** Where the screens go: SCREENSHOTS_DIR to keep them (README), else the test's own output. */
async function shot(page: Page, name: string) {
  const folder = process.env.SCREENSHOTS_DIR;
  if (folder) await mkdir(folder, { recursive: true });
  await page.screenshot({ path: folder ? join(folder, name) : test.info().outputPath(name), fullPage: true });
}

/** A landscape photo as a phone sends one: warm ochre light over a sand ground. */
async function heroPhoto() {
  const width = 1600;
  const height = 1000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e9c99a"/><stop offset="0.55" stop-color="#c9783f"/>
      <stop offset="1" stop-color="#6e3b22"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="1180" cy="330" r="190" fill="#f6f0e6" opacity="0.55"/>
    <rect x="260" y="520" width="520" height="260" rx="60" fill="#2f5d3a" opacity="0.8"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { name: "atlas.jpg", mimeType: "image/jpeg", buffer };
}

/** A shopper's own browser: with JavaScript or without, on a laptop or a phone. */
async function shopper(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  return { context, page: await context.newPage() };
}

/** Nothing runs off the screen: no sideways scrolling. */
async function expectNothingOffScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** From any page's header to Aicha's page, through « Toutes les pièces ». */
async function headerToAicha(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "Toutes les pièces" }).click();
  await expect(page).toHaveURL(/\/toutes-les-pieces$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toutes les pièces");
  const first = page.getByRole("region", { name: "Première collection" });
  await first.getByRole("link", { name: "Aicha", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sac banane Aicha");
  // Its breadcrumb leads back to its series, not to a home page that shows another.
  await expect(
    page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link", { name: "Première collection" }),
  ).toHaveAttribute("href", "/collections/premiere-collection");
}

test("the owner gives a new series its picture and features it; shoppers still reach Aicha from the header", async ({
  page,
  browser,
}) => {
  // The owner's picture, then three shoppers' journeys: the time of three tests.
  test.slow();
  const series = `Atlas ${Date.now()}`;
  const alt = {
    fr: "Sacs banane posés sur un mur ocre au soleil couchant",
    en: "Fanny packs on an ochre wall at sunset",
  };

  await logInAsOwner(page);
  await followAdminNav(page, "Catalogue");
  await page.getByRole("button", { name: "Nouvelle série" }).click();
  await page.getByLabel("Titre (français)", { exact: true }).fill(series);
  await page.getByLabel("Titre (anglais)", { exact: true }).fill(series);
  await page
    .getByLabel("Sous-titre (français)", { exact: true })
    .fill("Les ocres de Marrakech, en six pièces.");
  await page
    .getByLabel("Sous-titre (anglais)", { exact: true })
    .fill("The ochres of Marrakesh, in six pieces.");
  await page.getByRole("button", { name: "Créer la série" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série créée" })).toBeVisible();

  // Its picture, from her phone's gallery: judged and cut as a model's photo.
  const section = page.getByRole("region", { name: series, exact: true });
  await expect(section.getByText("Pas encore de photo")).toBeVisible();
  await section.getByLabel(`Photo de la série « ${series} »`).setInputFiles(await heroPhoto());
  await expect(page.getByRole("status").filter({ hasText: "Photo de la série enregistrée" })).toBeVisible();
  const thumbnail = section.locator(".series-picture__image");
  await expect(thumbnail).toHaveAttribute("src", /^\/photos\/[0-9a-f]{32}-320\.webp$/);
  await section.getByLabel("Description (français)").fill(alt.fr);
  await section.getByLabel("Description (anglais)").fill(alt.en);
  await section.getByRole("button", { name: "Enregistrer les descriptions" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Descriptions enregistrées" })).toBeVisible();
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath("panel-series-picture.png") });
  await page.getByRole("button", { name: `Montrer la série « ${series} » sur la page d'accueil` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série de la page d'accueil" })).toBeVisible();

  // A shopper with JavaScript: the home page's hero is the new series' picture, in both languages.
  const laptop = await shopper(browser, { javaScriptEnabled: true, viewport: { width: 1280, height: 800 } });
  await laptop.page.goto("/");
  await expect(laptop.page.getByRole("heading", { level: 1 })).toHaveText(series);
  const hero = laptop.page.locator(".hero__image img");
  await expect(hero).toHaveAttribute("alt", alt.fr);
  await expect(hero).toHaveJSProperty("complete", true);
  expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/photos\/[0-9a-f]{32}-\d+\.avif$/,
  );
  expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(laptop.page);
  await shot(laptop.page, "home-series-picture-laptop.png");
  await laptop.page.goto("/en");
  await expect(laptop.page.locator(".hero__image img")).toHaveAttribute("alt", alt.en);

  // The first collection stays: the header's « Toutes les pièces », then Aicha.
  await laptop.page.goto("/");
  await headerToAicha(laptop.page);
  await laptop.page.goto("/toutes-les-pieces");
  await expectNoAxeViolations(laptop.page);
  await shot(laptop.page, "all-pieces-laptop.png");
  // And the header's series menu, to the first collection's own page.
  await laptop.page.getByRole("banner").getByText("Les séries", { exact: true }).click();
  await laptop.page.getByRole("banner").getByRole("link", { name: "Première collection" }).click();
  await expect(laptop.page).toHaveURL(/\/collections\/premiere-collection$/);
  await expect(laptop.page.getByRole("heading", { level: 1 })).toHaveText("Première collection");
  await expect(laptop.page.getByRole("link", { name: "Aicha", exact: true })).toBeVisible();
  await expectNoAxeViolations(laptop.page);
  await shot(laptop.page, "series-page-laptop.png");
  // The same page in English, from the language toggle; the footer lists every series too.
  await laptop.page.getByRole("link", { name: "View this page in English" }).click();
  await expect(laptop.page).toHaveURL(/\/en\/collections\/first-collection$/);
  await expect(laptop.page.getByRole("heading", { level: 1 })).toHaveText("First collection");
  const footer = laptop.page.getByRole("navigation", { name: "The series" });
  await expect(footer.getByRole("link", { name: "All pieces" })).toHaveAttribute("href", "/en/all-pieces");
  await expect(footer.getByRole("link", { name: "First collection" })).toBeVisible();
  await laptop.page.goto("/en/all-pieces");
  await expect(laptop.page.getByRole("heading", { level: 1 })).toHaveText("All pieces");
  await expectNoAxeViolations(laptop.page);
  // Search engines learn the new pages.
  const sitemap = await (await laptop.page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/collections/premiere-collection</loc>");
  expect(sitemap).toContain("/en/all-pieces</loc>");
  await laptop.context.close();

  // Without JavaScript: the header's link, and the series menu (a disclosure) all the same.
  const plain = await shopper(browser, { javaScriptEnabled: false });
  await plain.page.goto("/");
  await expect(plain.page.getByRole("heading", { level: 1 })).toHaveText(series);
  await headerToAicha(plain.page);
  await plain.page.getByRole("banner").getByText("Les séries", { exact: true }).click();
  await plain.page.getByRole("banner").getByRole("link", { name: "Première collection" }).click();
  await expect(plain.page.getByRole("heading", { level: 1 })).toHaveText("Première collection");
  await plain.page.getByRole("link", { name: "Aicha", exact: true }).click();
  await expect(plain.page.getByRole("heading", { level: 1 })).toHaveText("Sac banane Aicha");
  await plain.context.close();

  // On a phone: a light header (« Toutes les pièces », the logo, the cart), nothing off the screen.
  const { defaultBrowserType: _, ...pixel } = devices["Pixel 7"];
  const phone = await shopper(browser, pixel);
  await phone.page.goto("/");
  await expect(phone.page.locator(".hero__image img")).toHaveAttribute("alt", alt.fr);
  await expect(phone.page.getByRole("banner").getByText("Les séries", { exact: true })).toBeHidden();
  await expectNothingOffScreen(phone.page);
  await shot(phone.page, "home-series-picture-phone.png");
  await headerToAicha(phone.page);
  await phone.page.goto("/toutes-les-pieces");
  await expectNothingOffScreen(phone.page);
  await expectNoAxeViolations(phone.page);
  await shot(phone.page, "all-pieces-phone.png");
  await phone.page.goto("/collections/premiere-collection");
  await expectNothingOffScreen(phone.page);
  await expectNoAxeViolations(phone.page);
  await shot(phone.page, "series-page-phone.png");

  // The first collection gets its picture too: its page opens on it, on a phone and a laptop. The
  // page was kept by the page cache; the picture is on it at the very next request.
  const kept = () => phone.page.request.get("/collections/premiere-collection");
  await kept();
  expect((await kept()).headers()["x-page-cache"]).toBe("hit");
  const first = page.getByRole("region", { name: "Première collection", exact: true });
  await first.getByLabel("Photo de la série « Première collection »").setInputFiles(await heroPhoto());
  await expect(first.locator(".series-picture__image")).toBeVisible();
  expect(await (await kept()).text()).toContain('class="series__picture"');
  await phone.page.goto("/collections/premiere-collection");
  const picture = phone.page.locator(".series__picture img");
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNothingOffScreen(phone.page);
  await shot(phone.page, "series-page-pictured-phone.png");
  await phone.context.close();
  const wide = await shopper(browser, { viewport: { width: 1280, height: 800 } });
  await wide.page.goto("/collections/premiere-collection");
  await expect(wide.page.locator(".series__picture img")).toHaveJSProperty("complete", true);
  await expectNoAxeViolations(wide.page);
  await shot(wide.page, "series-page-pictured-laptop.png");
  await wide.context.close();
});

test("an unknown series' address is a 404 page in its language that still leads to the pieces", async ({
  page,
}) => {
  const answer = await page.goto("/en/collections/nowhere-to-be-found");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("banner").getByRole("link", { name: "All pieces" })).toBeVisible();
  expect((await page.request.get("/collections/nulle-part")).status()).toBe(404);
});
