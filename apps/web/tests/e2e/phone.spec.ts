import { fillShipping, payWithCard } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { PAGES } from "./pages";

// On a phone nothing may scroll sideways, and the header keeps the cart and language in reach.
for (const page of PAGES) {
  test(`${page.name} fits a phone screen`, async ({ page: browser }) => {
    await browser.goto(page.fr.path);
    const overflow = await browser.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(browser.getByRole("link", { name: /^Panier, \d+ article/ })).toBeVisible();
    // A link, or on the checkout a button that carries what was typed.
    await expect(browser.getByLabel("View this page in English")).toBeVisible();
  });
}

// What a shopper trips on, on a phone (issue 26).

test("an empty « Payer » on a phone: the summary of what is missing takes the focus, at the top, and leads to each field", async ({
  page,
}) => {
  await page.goto("/checkout?product=aicha&qty=1");
  // Most buyers of the French shop live in France: chosen, with its free delivery.
  await expect(page.getByLabel("Pays de livraison")).toHaveValue("FR");
  await expect(page.getByRole("region", { name: "Récapitulatif" })).toContainText(/Livraison\s*Offerte/);
  await page.getByRole("button", { name: /^Payer / }).click();
  const summary = page
    .getByRole("alert")
    .filter({ hasText: "Veuillez remplir tous les champs obligatoires" });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  // A link focuses its field with JavaScript (without it, it scrolls there): once React is here,
  // also after a click that came before it and loaded the refused form as a new page.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await summary.getByRole("link", { name: "Prénom : Veuillez remplir ce champ." }).click();
  await expect(page.getByLabel("Prénom")).toBeFocused();
});

test("a page opened by a form starts at its top: the payment page, then the thank-you page", async ({
  page,
}) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await fillShipping(page, "fr", "FR", "Maya");
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement sécurisé");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Merci Maya ! Votre commande est confirmée",
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

test("a piece added on a phone: the message leads to the cart, and no message covers its « Commander »", async ({
  page,
}) => {
  await page.goto("/produit/sac-banane-nadia");
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  const added = page.getByRole("status").filter({ hasText: "Produit ajouté" });
  await expect(added).toBeVisible();
  await added.getByRole("link", { name: "Voir le panier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/panier/i);
  await page.getByRole("button", { name: "Ajouter un exemplaire du sac banane Nadia" }).click();
  const message = page.getByRole("status").filter({ hasText: "Quantité mise à jour" });
  await expect(message).toBeVisible();
  const order = page.getByRole("link", { name: "Commander", exact: true });
  await order.scrollIntoViewIfNeeded();
  const [toastBox, buttonBox] = [await message.boundingBox(), await order.boundingBox()];
  expect(toastBox && buttonBox).toBeTruthy();
  if (toastBox && buttonBox) {
    const overlaps =
      toastBox.x < buttonBox.x + buttonBox.width &&
      buttonBox.x < toastBox.x + toastBox.width &&
      toastBox.y < buttonBox.y + buttonBox.height &&
      buttonBox.y < toastBox.y + toastBox.height;
    expect(overlaps, "the message covers « Commander »").toBe(false);
  }
});

test("on a phone the header leads to every piece, and a wrong address shows the collection", async ({
  page,
}) => {
  await page.goto("/magazine");
  await page
    .getByRole("navigation", { name: "Navigation principale" })
    .getByRole("link", { name: "Toutes les pièces" })
    .click();
  await expect(page).toHaveURL(/\/toutes-les-pieces$/);
  await expect(page.getByRole("link", { name: "Aicha", exact: true })).toBeVisible();
  const response = await page.goto("/produit/sac-banane-inconnu");
  expect(response?.status()).toBe(404);
  const collection = page.getByRole("region", { name: "Notre collection" });
  await expect(collection.getByRole("link", { name: "Aicha", exact: true })).toBeVisible();
  await collection.getByRole("link", { name: "Nadia", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Sac banane Nadia/);
});
