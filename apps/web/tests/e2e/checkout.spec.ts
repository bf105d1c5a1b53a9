import { CHECKOUT, fillShipping, type Lang, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, javaScriptOff, sql, test } from "./fixtures";

const PRODUCT: Record<Lang, string> = { fr: "/produit/sac-banane-aicha", en: "/en/product/aicha-fanny-pack" };
const CART: Record<Lang, string> = { fr: "/panier", en: "/en/cart" };

for (const lang of ["fr", "en"] as const) {
  const copy = CHECKOUT[lang];

  test(`a purchase in ${lang}: cart, checkout, test card, thank-you`, async ({ page }, testInfo) => {
    await page.goto(PRODUCT[lang]);
    await page
      .getByRole("button", { name: lang === "fr" ? "Ajouter au panier" : "Add to cart" })
      .first()
      .click();
    // The badge counts a piece while it is being added; the toast is the server's answer (its
    // cookie set), after which the cart page can be opened.
    await expect(
      page.getByRole("status").filter({ hasText: lang === "fr" ? "Produit ajouté" : "Product added" }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: lang === "fr" ? "Panier, 1 article" : "Cart, 1 item" }),
    ).toBeVisible();
    await page.goto(CART[lang]);
    await page.getByRole("link", { name: lang === "fr" ? "Commander" : "Order", exact: true }).click();
    await expect(page).toHaveURL(`${copy.checkout}?product=aicha&qty=1`);

    await fillShipping(page, lang, "BE", "Inès");
    // Belgium: 12 € of shipping on top of 169 €.
    if (!javaScriptOff(testInfo))
      await expect(page.getByTestId("checkout-total")).toHaveText(lang === "fr" ? /181,00\s€/ : "€181.00");
    await submitCheckout(page, lang, { expectReview: javaScriptOff(testInfo) });
    await expect(page.getByRole("timer")).toContainText(/1\d:\d\d|20:00/);

    await payWithCard(page, lang, "4242 4242 4242 4242");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.thanks("Inès"));
    const orderNumber = (await page.getByText(copy.orderNumber).textContent())?.match(copy.orderNumber)?.[1];
    expect(orderNumber).toBeTruthy();
    await expect(page).toHaveURL(`${copy.thankYouPath}?order=${orderNumber}`);

    const [order] = await sql(
      "SELECT id, status, payment_status, total_cents, locale FROM orders WHERE order_number = $1",
      [orderNumber],
    );
    expect(order).toMatchObject({
      status: "pending_preparation",
      payment_status: "paid",
      total_cents: 18100,
      locale: lang,
    });
    const events = await sql("SELECT to_status FROM order_events WHERE order_id = $1 ORDER BY id", [
      order?.id,
    ]);
    expect(events.map((e) => e.to_status)).toEqual(["awaiting_payment", "pending_preparation"]);
    const emails = await sql("SELECT type, recipient FROM email_queue WHERE order_id = $1", [order?.id]);
    expect(emails).toEqual([{ type: "order_confirmation", recipient: "camille@example.org" }]);
    // The cart is emptied once the order is paid.
    await expect(
      page.getByRole("link", { name: lang === "fr" ? "Panier, 0 article" : "Cart, 0 items" }),
    ).toBeVisible();
  });

  test(`a declined card in ${lang} shows the message and keeps the hold`, async ({ page }) => {
    await page.goto(`${copy.checkout}?product=nadia&qty=1`);
    await fillShipping(page, lang, "FR");
    await submitCheckout(page, lang);
    const orderNumber = new URL(page.url()).searchParams.get("order");
    await payWithCard(page, lang, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText(copy.declined);
    await payWithCard(page, lang, "4000 0000 0000 9995");
    await expect(page.getByRole("alert")).toHaveText(copy.insufficient);
    const [order] = await sql("SELECT status, payment_status FROM orders WHERE order_number = $1", [
      orderNumber,
    ]);
    expect(order).toEqual({ status: "awaiting_payment", payment_status: "failed" });
    const held = await sql(
      "SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1",
      [orderNumber],
    );
    expect(held).toHaveLength(1);
  });
}

test("the total follows the delivery country, computed by the server", async ({ page }, testInfo) => {
  await page.goto("/en/checkout?product=nadia&qty=2");
  await expect(page.getByTestId("checkout-total")).toHaveText("€338.00");
  await fillShipping(page, "en", "US");
  if (javaScriptOff(testInfo)) {
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check the total" })).toContainText(
      "United States",
    );
  }
  await expect(page.getByTestId("checkout-total")).toHaveText("€363.00");
  await expect(page.getByRole("button", { name: "Pay 363.00 EUR" })).toBeVisible();
});

test("missing fields are named in the shopper's language and typed values are kept", async ({ page }) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("E-mail").fill("pas-une-adresse");
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page.getByText("Veuillez remplir tous les champs obligatoires")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("pas-une-adresse");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Cette adresse e-mail n'est pas valide.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
  await expect(page.getByLabel("Nom", { exact: true })).toHaveAttribute("aria-invalid", "true");
});

test("a malformed checkout address is refused with a clear message", async ({ page }) => {
  const response = await page.goto("/en/checkout?product=leather&qty=1");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("This order address is not valid.")).toBeVisible();
});

test("nobody else can open an order's payment or thank-you page", async ({ page, browser }) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await fillShipping(page, "fr", "FR");
  await submitCheckout(page, "fr");
  const orderNumber = new URL(page.url()).searchParams.get("order");
  const stranger = await browser.newPage();
  for (const path of [`/paiement-test?order=${orderNumber}`, `/merci?order=${orderNumber}`]) {
    const response = await stranger.goto(path);
    expect(response?.status()).toBe(404);
  }
  await stranger.close();
});

test("« Payer » clicked again while the next page loads: the payment of the same order, never a thank-you", async ({
  page,
}, testInfo) => {
  await page.goto("/checkout?product=bilin&qty=1");
  await fillShipping(page, "fr", "FR", "Lina");
  if (javaScriptOff(testInfo)) {
    // Without JavaScript a double click posts the form twice: both posts, with the browser's cookies.
    const form = await page.locator("form").filter({ has: page.locator('input[name="checkoutKey"]') });
    const fields = Object.fromEntries(
      await form
        .locator("input[name], select[name], textarea[name]")
        .evaluateAll((inputs) =>
          inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value]),
        ),
    );
    const post = () =>
      page.request.post("/checkout?product=bilin&qty=1", {
        form: { ...fields, intent: "pay" },
        maxRedirects: 0,
      });
    const [first, second] = [await post(), await post()];
    expect(second.headers().location).toBe(first.headers().location);
    await page.goto(second.headers().location ?? "");
  } else {
    // The page the first click leads to is slow to come; the shopper clicks again meanwhile.
    // Held here is the router's request for that page, so the clicks must be React's: a click
    // before hydration posts natively, and Playwright never routes the GET after its redirect.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    let secondClick: () => void = () => {};
    const clickedAgain = new Promise<void>((resolve) => {
      secondClick = resolve;
    });
    await page.route(/\/paiement-test/, async (route) => {
      // Only the page's data: the payment page's own « Payer » posts to the same address.
      if (route.request().method() === "GET") await clickedAgain;
      await route.continue();
    });
    const pay = page.getByRole("button", { name: /^Payer / });
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await pay.click();
    await posted;
    const postedAgain = page.waitForResponse((response) => response.request().method() === "POST");
    await pay.click();
    await postedAgain;
    secondClick();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiement sécurisé");
  const orderNumber = new URL(page.url()).searchParams.get("order");
  const orders = await sql(
    "SELECT order_number, status, payment_status FROM orders WHERE first_name = 'Lina' AND order_number = $1",
    [orderNumber],
  );
  expect(orders).toEqual([
    { order_number: orderNumber, status: "awaiting_payment", payment_status: "pending" },
  ]);
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CHECKOUT.fr.thanks("Lina"));
});

test("the thank-you page of an order not paid yet says so and leads to its payment", async ({ page }) => {
  await page.goto("/en/checkout?product=nadia&qty=1");
  await fillShipping(page, "en", "FR", "Jade");
  await submitCheckout(page, "en");
  const orderNumber = new URL(page.url()).searchParams.get("order");
  await page.goto(`/en/thank-you?order=${orderNumber}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jade, your order is not paid yet");
  await expect(page.getByText("Your payment is being confirmed")).toHaveCount(0);
  await expect(page.getByText("A confirmation e-mail is on its way to you.")).toHaveCount(0);
  await page.getByRole("link", { name: "Pay for my order" }).click();
  await payWithCard(page, "en", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CHECKOUT.en.thanks("Jade"));
});
