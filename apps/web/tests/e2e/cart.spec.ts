import { expect, test } from "./fixtures";

/** What the shopper reads in each language during the cart journey. */
const COPY = {
  fr: {
    aicha: "/produit/sac-banane-aicha",
    nadia: "/produit/sac-banane-nadia",
    cart: "/panier",
    add: "Ajouter au panier",
    added: "Produit ajouté",
    addedText: (name: string) => `Sac banane ${name} a été ajouté à votre panier`,
    cartLink: (n: number) => `Panier, ${n} article${n > 1 ? "s" : ""}`,
    title: (n: number) => `Votre panier (${n} article${n > 1 ? "s" : ""})`,
    increase: "Ajouter un exemplaire du sac banane Aicha",
    remove: "Supprimer le sac banane Nadia du panier",
    total: (amount: string) => `${amount} €`,
    order: "Commander",
    empty: "Votre panier est vide",
  },
  en: {
    aicha: "/en/product/aicha-fanny-pack",
    nadia: "/en/product/nadia-fanny-pack",
    cart: "/en/cart",
    add: "Add to cart",
    added: "Product added",
    addedText: (name: string) => `${name} fanny pack has been added to your cart`,
    cartLink: (n: number) => `Cart, ${n} item${n > 1 ? "s" : ""}`,
    title: (n: number) => `Your cart (${n} item${n > 1 ? "s" : ""})`,
    increase: "Add one more Aicha fanny pack",
    remove: "Remove the Nadia fanny pack from the cart",
    total: (amount: string) => `€${amount}`,
    order: "Order",
    empty: "Your cart is empty",
  },
} as const;

const frenchAmount = (text: string | null) => (text ?? "").replace(/[\u202f\u00a0]/g, " ");

for (const locale of ["fr", "en"] as const) {
  const copy = COPY[locale];

  test(`cart journey in ${locale}: add two models, change a quantity, remove one`, async ({ page }) => {
    await page.goto(copy.cart);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.empty);

    await page.goto(copy.aicha);
    await page.getByRole("button", { name: copy.add }).first().click();
    await expect(page.getByRole("status").filter({ hasText: copy.added })).toContainText(
      copy.addedText("Aicha"),
    );
    await expect(page.getByRole("link", { name: copy.cartLink(1) })).toBeVisible();

    await page.goto(copy.nadia);
    await page.getByRole("button", { name: copy.add }).last().click();
    await expect(page.getByRole("status").filter({ hasText: copy.added })).toContainText(
      copy.addedText("Nadia"),
    );
    await expect(page.getByRole("link", { name: copy.cartLink(2) })).toBeVisible();

    await page.goto(copy.cart);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title(2));
    await expect(page.getByRole("listitem").filter({ hasText: "Aicha" }).first()).toBeVisible();
    const total = page.getByTestId("cart-total");
    expect(frenchAmount(await total.textContent())).toBe(copy.total(locale === "fr" ? "338,00" : "338.00"));

    await page.getByRole("button", { name: copy.increase }).click();
    await expect(page.getByRole("link", { name: copy.cartLink(3) })).toBeVisible();
    await expect(total).toHaveText(locale === "fr" ? /507,00\s€/ : "€507.00");

    await page.getByRole("button", { name: copy.remove }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title(1));
    await expect(total).toHaveText(locale === "fr" ? /338,00\s€/ : "€338.00");
    await expect(page.getByRole("link", { name: copy.cartLink(2) })).toBeVisible();

    const order = page.getByRole("link", { name: copy.order, exact: true });
    await expect(order).toHaveAttribute(
      "href",
      `${locale === "fr" ? "" : "/en"}/checkout?product=aicha&qty=2`,
    );
  });
}

test("the cart badge is hidden while the cart is empty", async ({ page }) => {
  await page.goto("/");
  const cartLink = page.getByRole("link", { name: "Panier, 0 article" });
  await expect(cartLink).toBeVisible();
  await expect(cartLink.locator(".cart-link__badge")).toHaveCount(0);
});

test("a forged cart request gets a clear message and a 400, not an error page", async ({ request }) => {
  const response = await request.post("/panier", { form: { intent: "increment", model: "leather" } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Action impossible");
});

test("a request that is not a form gets a 400", async ({ request }) => {
  const response = await request.post("/en/cart", {
    headers: { "Content-Type": "application/json" },
    data: { intent: "add" },
  });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.status()).toBeLessThan(500);
});
