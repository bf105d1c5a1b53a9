import AxeBuilder from "@axe-core/playwright";
import { fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { trackingLinkFor } from "./mailbox";
import { PAGES } from "./pages";

// Axe measures colours as they are painted: no half-finished transition (hover → disabled) may
// be caught mid-way, so these checks run with reduced motion, as some shoppers browse.
test.use({ reducedMotion: "reduce" });

// The four models' pages are one template with different words: two of them, one per language.
const template = (page: (typeof PAGES)[number]) => page.name.startsWith("product ");
const [oneModel, anotherModel] = PAGES.filter(template);
const paths = [
  ...PAGES.filter((page) => !template(page)).flatMap((page) => [page.fr.path, page.en.path]),
  ...(oneModel && anotherModel ? [oneModel.fr.path, anotherModel.en.path] : []),
  "/nulle-part",
  "/en/nowhere",
];

for (const path of paths) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(", ")})`),
    ).toEqual([]);
  });
}

test("axe finds no violation on a filled cart", async ({ page }) => {
  await page.goto("/produit/sac-banane-aicha");
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Produit ajouté" })).toBeVisible();
  await page.goto("/panier");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("the keyboard reaches the cart button and adds a piece", async ({ page }) => {
  await page.goto("/en/product/nadia-fanny-pack");
  const add = page.getByRole("button", { name: "Add to cart" }).first();
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});

test("axe finds no violation on the checkout, payment and thank-you pages", async ({ page }) => {
  const check = async () => {
    await expect(page.getByRole("button", { name: "Processing..." })).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} on ${page.url()}`)).toEqual([]);
  };
  await page.goto("/en/checkout?product=nadia&qty=1");
  await check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByText("Please fill in all required fields")).toBeVisible();
  await check();
  await fillShipping(page, "en", "FR");
  await submitCheckout(page, "en");
  await check();
  await payWithCard(page, "en", "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toBeVisible();
  await check();
  await payWithCard(page, "en", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Your order is confirmed");
  await check();
});

test("axe finds no violation on a sold-out model's back-in-stock form, with its errors", async ({ page }) => {
  // Ilian is the sold-out model of the availability tests, which set the same stock.
  await sql("UPDATE products SET stock = 0, reserved = 0 WHERE slug = 'ilian'");
  await page.goto("/en/product/ilian-fanny-pack");
  const form = page.getByRole("region", { name: "Notify me when it's back" });
  await form.getByRole("button", { name: "Notify me when it's back" }).click();
  await expect(form.getByText("Please enter your e-mail address.")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("axe finds no violation on the tracking result and the withdrawal step", async ({ page }) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await fillShipping(page, "fr", "FR");
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const number = (await page.getByText(/Numéro de commande : SOULS-/).textContent())?.match(/SOULS-\w+/)?.[0];
  await page.goto(await trackingLinkFor(number as string));
  const check = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} on ${page.url()}`)).toEqual([]);
  };
  await check();
  await page.getByRole("button", { name: "Se rétracter du contrat ici" }).click();
  await expect(page.getByRole("button", { name: "Confirmer la rétractation" })).toBeVisible();
  await check();
});
