import { expect, javaScriptOff, test } from "./fixtures";

// A shopper's pages carry no framework (decision 030): React renders them on the server only.

test("a first visit's product page carries one small script of its own, and no framework", async ({
  page,
  request,
}, testInfo) => {
  // A first-time visitor is sent the page the cache keeps (once the server listens for changes).
  await expect
    .poll(async () => (await request.get("/produit/sac-banane-aicha")).headers()["x-page-cache"])
    .toBe("hit");
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js") || /\.json$/.test(pathname)) scripts.push(pathname);
  });
  const response = await page.goto("/produit/sac-banane-aicha");
  const html = (await response?.text()) ?? "";

  // No module preloads, no words for a script to read, no hydration data.
  expect(html).not.toContain("modulepreload");
  expect(html).not.toContain('id="page-words"');
  expect(html).not.toContain("__remixContext");
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
  expect(sources).toEqual([expect.stringMatching(/^\/assets\/live-availability-[\w-]+\.js$/)]);

  await page.waitForLoadState("load");
  if (javaScriptOff(testInfo)) {
    expect(scripts).toEqual([]);
    return;
  }
  expect(scripts).toEqual(sources);
  // The page follows its stock once the script has heard from the server.
  await expect(page.locator("main[data-live=on]")).toBeVisible();
  expect(await page.evaluate(() => "React" in window || "__remixContext" in window)).toBe(false);
  // Adding to the cart is the form it always was: the page again, with its message and count.
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Produit ajouté" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Panier, 1 article" })).toBeVisible();
});

for (const path of [
  "/",
  "/panier",
  "/magazine",
  "/magazine/tissus-marocains-traditionnels",
  "/cgv",
  "/suivi-commande",
]) {
  test(`${path} asks for no script at all`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto(path);
    expect(await response?.text()).not.toMatch(/<script\b(?![^>]*application\/(ld\+)?json)/);
    await page.waitForLoadState("load");
    expect(scripts).toEqual([]);
  });
}
