import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { PAGES } from "./pages";

const paths = [...PAGES.flatMap((page) => [page.fr.path, page.en.path]), "/nulle-part", "/en/nowhere"];

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
  await expect(page.getByRole("link", { name: "Panier, 1 article" })).toBeVisible();
  await page.goto("/panier");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("the keyboard reaches the cart button and adds a piece", async ({ page }) => {
  await page.goto("/en/product/bilin-fanny-pack");
  const add = page.getByRole("button", { name: "Add to cart" }).first();
  await add.focus();
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Cart, 1 item" })).toBeVisible();
});
