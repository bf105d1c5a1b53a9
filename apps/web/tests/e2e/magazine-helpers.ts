import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";

/** A cover photo as a phone's gallery gives it: a JPEG of its own colours. */
async function coverPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="100%" height="100%" fill="#d8b45a"/>
    <circle cx="1100" cy="380" r="220" fill="#b4532a" opacity="0.8"/>
    <rect x="220" y="480" width="560" height="240" rx="60" fill="#5b6b4e"/></svg>`;
  return {
    name: "atelier.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer(),
  };
}

/** An article of this test's own: its addresses and words carry a mark no other test uses. */
export function anArticle() {
  const mark = randomBytes(4).toString("hex");
  return {
    mark,
    slug: { fr: `visite-atelier-${mark}`, en: `workshop-visit-${mark}` },
    title: { fr: `Visite de l'atelier ${mark}`, en: `A visit to the workshop ${mark}` },
    heading: { fr: "La table de coupe", en: "The cutting table" },
    // Markup she types is text: the page shows it as typed.
    markup: { fr: "Un <b>jacquard</b> épais.", en: "A <b>thick</b> jacquard." },
    question: { fr: "Où est l'atelier ?", en: "Where is the workshop?" },
  };
}
export type TestArticle = ReturnType<typeof anArticle>;

/**
 * The owner writes the article in « Magazine », both languages, gives it its cover from her
 * gallery and publishes it now. Screenshots of the editor go with the test's results.
 */
export async function writeAndPublish(page: Page, article: TestArticle, shot: string) {
  await logInAsOwner(page);
  await followAdminNav(page, "Magazine");
  await expect(page.getByRole("heading", { level: 2, name: "Vos articles" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Écrire un article" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Nouvel article" })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const locale of ["fr", "en"] as const) {
    const part = page.getByRole("group", {
      name: locale === "fr" ? "L'article en français" : "L'article en anglais",
    });
    await part.getByLabel("Adresse").fill(article.slug[locale]);
    await part.getByLabel("Titre", { exact: true }).fill(article.title[locale]);
    await part.getByLabel("Catégorie").fill(locale === "fr" ? "Atelier" : "Workshop");
    await part
      .getByLabel("Extrait")
      .fill(locale === "fr" ? "Une matinée à l'atelier." : "A morning at the workshop.");
    await part
      .getByLabel("Introduction")
      .fill(locale === "fr" ? "Au Portugal, tout commence ici." : "In Portugal, it all starts here.");
    await part
      .getByLabel("Texte", { exact: true })
      .fill(
        `## ${article.heading[locale]}\n\n${article.markup[locale]}\n\n${locale === "fr" ? "Puis la couture." : "Then the sewing."}`,
      );
    await part
      .getByLabel("Conseil", { exact: true })
      .fill(locale === "fr" ? "Passez nous voir." : "Come and see us.");
    await part.getByRole("button", { name: "Ajouter une question" }).click();
    await part.getByLabel("Question 1").fill(article.question[locale]);
    await part.getByLabel("Réponse 1").fill(locale === "fr" ? "Au Portugal." : "In Portugal.");
  }
  await page.getByLabel("Couleur de la catégorie").selectOption("olive");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Article créé" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: article.title.fr })).toBeVisible();

  // Its cover, judged and cut as a model's photo.
  await page.getByLabel("Choisir une photo").setInputFiles(await coverPhoto());
  await expect(page.getByRole("status").filter({ hasText: "Photo de couverture enregistrée" })).toBeVisible();
  await expect(page.locator(".series-picture__image")).toHaveAttribute(
    "src",
    /^\/photos\/[0-9a-f]{32}-320\.webp$/,
  );

  await page.getByRole("button", { name: "Publier maintenant" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Article publié." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir l'article (français)" })).toHaveAttribute(
    "href",
    `/magazine/${article.slug.fr}`,
  );
  await expectNoAxeViolations(page);
  // Nothing runs off her screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: `${shot}-editor.png`, fullPage: true });
}

/** A shopper reads the article in both languages, from the magazine's list, with or without JavaScript. */
export async function readAsShopper(
  browser: Browser,
  article: TestArticle,
  options: BrowserContextOptions,
  shot?: string,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  try {
    for (const locale of ["fr", "en"] as const) {
      const prefix = locale === "fr" ? "" : "/en";
      await page.goto(`${prefix}/magazine`);
      if (shot && locale === "fr") await page.screenshot({ path: `${shot}-magazine.png`, fullPage: true });
      await page.getByRole("link", { name: new RegExp(article.title[locale]) }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/magazine/${article.slug[locale]}$`));
      await expect(page.getByRole("heading", { level: 1, name: article.title[locale] })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: article.heading[locale] })).toBeVisible();
      await expect(page.getByText(article.markup[locale], { exact: true })).toBeVisible();
      await expect(page.locator("main b")).toHaveCount(0);
      await expect(page.locator("img.article__cover")).toHaveAttribute(
        "src",
        /^\/photos\/[0-9a-f]{32}-\d+\.jpg$/,
      );
      await expect(page.getByText(article.question[locale])).toBeVisible();
      const other = locale === "fr" ? "en" : "fr";
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
        "href",
        new RegExp(`${other === "fr" ? "" : "/en"}/magazine/${article.slug[other]}$`),
      );
      // The article's structured data (the page may hold others): read as the page has it.
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((text) => JSON.parse(text))
        .find((block) => block["@type"] === "Article");
      expect(data).toMatchObject({ "@type": "Article", headline: article.title[locale], inLanguage: locale });
      expect(data.image).toMatch(/\/photos\/[0-9a-f]{32}-\d+\.jpg$/);
      if (shot) await page.screenshot({ path: `${shot}-article-${locale}.png`, fullPage: true });
    }
  } finally {
    await context.close();
  }
}
