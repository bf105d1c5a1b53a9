import { expect, sql, test } from "./fixtures";

// Ilian is made unavailable for this file's tests (no other test depends on its stock).
test.beforeEach(async () => {
  await sql("UPDATE products SET stock = 0, reserved = 0 WHERE slug = 'ilian'");
});

test("a sold-out model shows disabled buttons in French", async ({ page }) => {
  await page.goto("/produit/sac-banane-ilian");
  for (const name of ["Rupture de stock", "Produit épuisé"]) {
    const buttons = page.getByRole("button", { name });
    await expect(buttons).toHaveCount(2);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
  }
  await expect(page.getByRole("button", { name: "Ajouter au panier" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Acheter maintenant" })).toHaveCount(0);
});

test("a sold-out model shows disabled buttons in English, on its page and on the home", async ({ page }) => {
  await page.goto("/en/product/ilian-fanny-pack");
  const buttons = page.getByRole("button", { name: "Out of stock" });
  await expect(buttons).toHaveCount(4);
  for (const button of await buttons.all()) await expect(button).toBeDisabled();

  await page.goto("/en");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Ilian" }) });
  await expect(card.getByRole("button", { name: "Out of stock" })).toBeDisabled();
  const available = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Aicha" }) });
  await expect(available.getByRole("link", { name: /Order/ })).toHaveAttribute(
    "href",
    "/en/checkout?product=aicha&qty=1",
  );
});

test("available models offer add to cart and buy now", async ({ page }) => {
  await page.goto("/produit/sac-banane-aicha");
  await expect(page.getByRole("button", { name: "Ajouter au panier" })).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Acheter maintenant" }).first()).toHaveAttribute(
    "href",
    "/checkout?product=aicha&qty=1",
  );
});

test("buying a sold-out model now returns to its page with the spec's toast", async ({ page }) => {
  await page.goto("/en/checkout?product=ilian&qty=1");
  await expect(page).toHaveURL("/en/product/ilian-fanny-pack");
  await expect(page.getByRole("alert").filter({ hasText: "Out of stock" })).toContainText(
    "This product is currently unavailable",
  );
});

test("adding a sold-out model is refused with the spec's message", async ({ request }) => {
  const response = await request.post("/produit/sac-banane-ilian", {
    form: { intent: "add", model: "ilian", redirectTo: "/produit/sac-banane-ilian" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  // The request context keeps the flash cookie, as a browser would.
  const page = await request.get("/produit/sac-banane-ilian");
  const html = await page.text();
  expect(html).toContain("Produit épuisé");
  expect(html).toContain("Ce produit n&#x27;est plus disponible");
});

test("a checkout asking for a sold-out piece among others says so instead of changing the order", async ({
  page,
}) => {
  const response = await page.goto("/checkout?product=aicha&qty=1&product2=ilian&qty2=1");
  expect(response?.status()).toBe(409);
  await expect(page.getByText("Ilian est épuisé : ce modèle n'est plus disponible.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour au panier" })).toHaveAttribute("href", "/panier");
});
