import { expect, test } from "./fixtures";
import { PAGES } from "./pages";

for (const page of PAGES) {
  for (const locale of ["fr", "en"] as const) {
    const { path, title, heading } = page[locale];

    test(`${page.name} (${locale}) answers 200 with its language and title; its language toggle leads to the same page in the other language`, async ({
      page: browser,
    }) => {
      const response = await browser.goto(path);
      expect(response?.status()).toBe(200);
      await expect(browser.locator("html")).toHaveAttribute("lang", locale);
      await expect(browser).toHaveTitle(title);
      await expect(browser.getByRole("heading", { level: 1 })).toHaveText(heading);
      const target = locale === "fr" ? "en" : "fr";
      const canonical = await browser.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(path);
      const alternate = await browser
        .locator(`link[rel="alternate"][hreflang="${target}"]`)
        .getAttribute("href");
      expect(new URL(alternate ?? "").pathname).toBe(page[target].path);
      await expect(browser.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /\/images\/social-share\.png$/,
      );

      // A plain link: these pages carry no framework.
      await browser
        .getByLabel(target === "en" ? "View this page in English" : "Voir cette page en français")
        .click();
      await expect(browser).toHaveURL((url) => url.pathname === page[target].path);
      await expect(browser.locator("html")).toHaveAttribute("lang", target);
      await expect(browser).toHaveTitle(page[target].title);
    });
  }
}

test("an unknown French path is a real 404 in French", async ({ page }) => {
  const response = await page.goto("/nulle-part");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oups ! Page introuvable");
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});

test("an unknown English path is a real 404 in English", async ({ page }) => {
  const response = await page.goto("/en/nowhere/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect(page.getByRole("link", { name: "Return to home" })).toHaveAttribute("href", "/en");
});

test("the sitemap is XML listing both languages, and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const page of PAGES) {
    const listed = page.indexed !== false;
    expect(xml.includes(`${page.fr.path === "/" ? "/" : page.fr.path}</loc>`)).toBe(listed);
    expect(xml.includes(`${page.en.path}</loc>`)).toBe(listed);
  }
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

test("a product page describes the product to search engines", async ({ page }) => {
  // Aicha: no test reviews it (reviews.spec.ts publishes reviews of Nadia) nor sells it out.
  await page.goto("/en/product/aicha-fanny-pack");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((block) => JSON.parse(block));
  const product = data.find((item) => item["@type"] === "Product");
  expect(product.offers).toMatchObject({
    price: "169.00",
    priceCurrency: "EUR",
    availability: "https://schema.org/InStock",
  });
  // No invented stars: no buyer's review of Aicha is published.
  expect(product.aggregateRating).toBeUndefined();
  expect(product.review).toBeUndefined();
  expect(data.find((item) => item["@type"] === "BreadcrumbList").itemListElement).toHaveLength(3);
});
