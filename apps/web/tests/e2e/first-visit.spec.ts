import { expect, javaScriptOff, test } from "./fixtures";

test("a first visit's page names its words' files instead of carrying them, and asks for its scripts after its content", async ({
  page,
}, testInfo) => {
  const wordFiles: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/\w+-[\w-]+\.json$/.test(pathname)) wordFiles.push(pathname);
  });
  const response = await page.goto("/produit/sac-banane-aicha");
  const html = (await response?.text()) ?? "";

  const words = /<script id="page-words" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(words ?? "null")).toEqual({ locale: "fr", namespaces: ["common", "products"] });
  const preloaded = [
    ...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g),
  ];
  expect(preloaded.map((match) => match[1])).toEqual([
    expect.stringMatching(/^\/assets\/common-[\w-]+\.json$/),
    expect.stringMatching(/^\/assets\/products-[\w-]+\.json$/),
  ]);
  const modulePreloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(modulePreloads.length).toBeGreaterThan(0);
  for (const link of modulePreloads) expect(link).toContain('fetchpriority="low"');

  if (javaScriptOff(testInfo)) return;
  // Hydrated with the words of those files, each fetched once (the preload is the fetch).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Produit ajouté" })).toBeVisible();
  expect(wordFiles.sort()).toEqual(preloaded.map((match) => match[1]));
});
