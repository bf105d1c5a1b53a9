import { fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";

// Runs in one project only (see playwright.config.ts): it owns Bilin's stock while it runs.
test("the last piece bought in one browser is sold out in the other", async ({ page, browser }) => {
  await sql("UPDATE products SET stock = reserved + 1 WHERE slug = 'bilin'");
  try {
    const other = await browser.newPage();
    await other.goto("/produit/sac-banane-bilin");
    await expect(other.getByRole("button", { name: "Ajouter au panier" }).first()).toBeEnabled();

    await page.goto("/checkout?product=bilin&qty=1");
    await fillShipping(page, "fr", "FR");
    await submitCheckout(page, "fr");
    await payWithCard(page, "fr", "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Votre commande est confirmée");

    await other.reload();
    await expect(other.getByRole("button", { name: "Rupture de stock" }).first()).toBeDisabled();
    const response = await other.goto("/checkout?product=bilin&qty=1");
    // "Acheter maintenant" on a sold-out piece: back to the product page with the spec's toast.
    expect(response?.url()).toContain("/produit/sac-banane-bilin");
    await expect(other.getByRole("alert").filter({ hasText: "Produit épuisé" })).toContainText(
      "Ce produit n'est plus disponible",
    );
    await other.close();
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});
