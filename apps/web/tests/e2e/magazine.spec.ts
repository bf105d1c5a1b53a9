import { expect, test } from "./fixtures";

// What a reader sees above each article, in the magazine's list and on the article itself.
const MAGAZINE = {
  fr: {
    list: "/magazine",
    article: "/magazine/tissus-marocains-traditionnels",
    fabrics: ["Matériaux", "15 septembre 2025", "4 min de lecture"],
    style: "5 min de lecture",
  },
  en: {
    list: "/en/magazine",
    article: "/en/magazine/traditional-moroccan-fabrics",
    fabrics: ["Materials", "15 September 2025", "4 min read"],
    style: "5 min read",
  },
} as const;

for (const locale of ["fr", "en"] as const) {
  const { list, article, fabrics, style } = MAGAZINE[locale];

  test(`the magazine (${locale}) gives each article its category, date and reading time`, async ({
    page,
  }) => {
    await page.goto(list);
    const metas = page.locator(".article-card .article-meta");
    await expect(metas).toHaveCount(2);
    await expect(metas.filter({ hasText: fabrics[2] })).toContainText(fabrics[1]);
    await expect(metas.filter({ hasText: style })).toHaveCount(1);

    await page.goto(article);
    const meta = page.locator(".article__header .article-meta");
    for (const text of fabrics) await expect(meta).toContainText(text, { ignoreCase: true });
  });
}
