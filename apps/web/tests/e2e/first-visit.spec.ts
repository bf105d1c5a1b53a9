import { expect, javaScriptOff, test } from "./fixtures";

test("a first visit's page names its words' files instead of carrying them, and asks for its scripts once its content has loaded", async ({
  page,
  request,
}, testInfo) => {
  // A first-time visitor is sent the page the cache keeps (once the server listens for changes).
  await expect
    .poll(async () => (await request.get("/produit/sac-banane-aicha")).headers()["x-page-cache"])
    .toBe("hit");
  const wordFiles: string[] = [];
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/\w+-[\w-]+\.json$/.test(pathname)) wordFiles.push(pathname);
    if (pathname.endsWith(".js")) scripts.push(pathname);
  });
  const response = await page.goto("/produit/sac-banane-aicha");
  const html = (await response?.text()) ?? "";

  const words = /<script id="page-words" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  expect(JSON.parse(words ?? "null")).toEqual({ locale: "fr", namespaces: ["common", "reviews"] });
  const preloaded = [
    ...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g),
  ];
  expect(preloaded.map((match) => match[1])).toEqual([
    expect.stringMatching(/^\/assets\/common-[\w-]+\.json$/),
    expect.stringMatching(/^\/assets\/reviews-[\w-]+\.json$/),
  ]);
  const modulePreloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(modulePreloads.length).toBeGreaterThan(0);
  for (const link of modulePreloads) expect(link).toContain('media="not all"');

  if (javaScriptOff(testInfo)) {
    // The held-back preloads are not fetched: a browser without JavaScript downloads no script.
    await page.waitForLoadState("load");
    expect(scripts).toEqual([]);
    return;
  }
  // Hydrated with the words of those files, each fetched once (the preload is the fetch).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // Every script was asked for after the page's pictures and fonts had loaded.
  const loaded = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const starts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return { load: navigation?.loadEventStart ?? Number.NaN, scripts: starts };
  });
  expect(loaded.scripts.length).toBeGreaterThan(0);
  for (const start of loaded.scripts) expect(start).toBeGreaterThanOrEqual(loaded.load);
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Produit ajouté" })).toBeVisible();
  expect(wordFiles.sort()).toEqual(preloaded.map((match) => match[1]));
});
