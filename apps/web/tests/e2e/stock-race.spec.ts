import { randomUUID } from "node:crypto";
import { fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail } from "./mailbox";

// Runs in one project only (see playwright.config.ts): it owns Bilin's stock while it runs, one
// test after the other.
test.describe.configure({ mode: "serial" });
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

test("shoppers waiting for a sold-out model each get one e-mail when it is back", async ({
  page,
  browser,
}) => {
  await sql("UPDATE products SET stock = reserved WHERE slug = 'bilin'");
  const withScript = `waiting-${randomUUID()}@example.org`;
  const withoutScript = `waiting-${randomUUID()}@example.org`;
  try {
    // With JavaScript, in English: answered in place.
    await page.goto("/en/product/bilin-fanny-pack");
    const form = page.getByRole("region", { name: "Tell me when it's back" });
    await form.getByLabel("E-mail address").fill(withScript);
    await form.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(form.getByText("Tick the box to agree to receive this e-mail.")).toBeVisible();
    await form.getByLabel(/I agree to receive a single e-mail/).check();
    await form.getByRole("button", { name: "Tell me when it's back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Noted!" })).toBeVisible();

    // Without JavaScript, in French: a plain form post and a redirect back.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/produit/sac-banane-bilin");
    const formFr = plain.getByRole("region", { name: "Prévenez-moi dès son retour" });
    await formFr.getByLabel("Adresse e-mail").fill(withoutScript);
    await formFr.getByLabel(/J'accepte de recevoir un seul e-mail/).check();
    await formFr.getByRole("button", { name: "Prévenez-moi dès son retour" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "C'est noté !" })).toBeVisible();
    await context.close();

    const waiting = await sql(
      "SELECT email, locale FROM signups WHERE source = 'waitlist' AND email = ANY($1) ORDER BY locale",
      [[withScript, withoutScript]],
    );
    expect(waiting).toEqual([
      { email: withScript, locale: "en" },
      { email: withoutScript, locale: "fr" },
    ]);

    await sql("UPDATE products SET stock = reserved + 2 WHERE slug = 'bilin'");
    const english = await deliveredEmail(withScript);
    expect(english).toContain("/en/product/bilin-fanny-pack");
    const french = await deliveredEmail(withoutScript);
    expect(french).toContain("/produit/sac-banane-bilin");
    const notices = await sql(
      "SELECT recipient, count(*)::int AS n FROM email_queue WHERE type = 'back_in_stock' AND recipient = ANY($1) GROUP BY recipient",
      [[withScript, withoutScript]],
    );
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice.n).toBe(1);
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});

test("a product page left open follows its stock without reload", async ({ page }) => {
  await sql("UPDATE products SET stock = reserved + 2 WHERE slug = 'bilin'");
  try {
    await page.goto("/en/product/bilin-fanny-pack");
    await expect(page.locator("main[data-live=on]")).toBeVisible();
    const add = page.getByRole("button", { name: "Add to cart" }).first();
    await expect(add).toBeEnabled();

    await sql("UPDATE products SET stock = reserved WHERE slug = 'bilin'");
    await expect(page.getByRole("button", { name: "Out of stock" }).first()).toBeDisabled();
    await sql("UPDATE products SET stock = reserved + 1 WHERE slug = 'bilin'");
    await expect(add).toBeEnabled();
  } finally {
    await sql("UPDATE products SET stock = reserved + 25 WHERE slug = 'bilin'");
  }
});
