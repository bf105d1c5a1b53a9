import { expect, test } from "./fixtures";
import { anArticle, readAsShopper, writeAndPublish } from "./magazine-helpers";

// Issue 34, point 4: the owner writes an article in « Magazine », in French and English, with
// her photo, and publishes it; shoppers read it in both languages, with and without JavaScript.
// She then moves its French address (the old one answers 301) and takes it back as a draft (404).
test.use({ reducedMotion: "reduce" });
// The owner's whole article, then four readings of it: three times the usual time.
test.slow();

test("the owner publishes an article with her photo; shoppers read it in both languages", async ({
  page,
  browser,
}) => {
  const article = anArticle();
  await writeAndPublish(page, article, test.info().outputPath("laptop"));
  await readAsShopper(browser, article, { javaScriptEnabled: true }, test.info().outputPath("laptop"));
  await readAsShopper(browser, article, { javaScriptEnabled: false });

  // A new French address: the one already shared leads to it for good.
  const french = page.getByRole("group", { name: "L'article en français" });
  await french.getByLabel("Adresse").fill(`atelier-${article.mark}`);
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Article enregistré." })).toBeVisible();
  const moved = await page.request.get(`/magazine/${article.slug.fr}?utm_source=ig`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/magazine/atelier-${article.mark}?utm_source=ig`);

  // Back to a draft: gone from its address and from the magazine.
  await page.getByRole("button", { name: "Repasser en brouillon" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Article repassé en brouillon" })).toBeVisible();
  expect((await page.request.get(`/magazine/atelier-${article.mark}`, { maxRedirects: 0 })).status()).toBe(
    404,
  );
  expect(await (await page.request.get("/magazine")).text()).not.toContain(article.title.fr);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(article.slug.en);
});
