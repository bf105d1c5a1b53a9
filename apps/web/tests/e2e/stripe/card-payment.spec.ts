import { TEST_CARDS } from "@souls/stripe-stand-in";
import { deliveredEmail } from "../mailbox";
import { cardFrame, expect, orderOf, paidRecord, test, typeCard, uniqueEmail } from "./stripe-shop";

// The card payment shoppers really use: Stripe's Payment Element with JavaScript, Stripe's own page
// without, against the production build and the Stripe stand-in (issue 24).

const COPY = {
  fr: {
    checkout: "/checkout",
    pay: /^Payer /,
    country: "Pays de livraison",
    thanks: (name: string) => `Merci ${name} ! Votre commande est confirmée`,
  },
  en: {
    checkout: "/en/checkout",
    pay: /^Pay /,
    country: "Delivery country",
    thanks: (name: string) => `Thank you ${name}! Your order is confirmed`,
  },
} as const;
type Lang = keyof typeof COPY;

/** The checkout of one piece, filled in and sent: the card step appears (JavaScript) or Stripe's page. */
async function checkout(
  page: import("@playwright/test").Page,
  lang: Lang,
  { model = "bilin", country = "FR", name = "Camille", javaScript = true } = {},
) {
  const email = uniqueEmail();
  await page.goto(`${COPY[lang].checkout}?product=${model}&qty=1`);
  const labels =
    lang === "fr"
      ? ["Prénom", "Nom", "E-mail", "Adresse", "Code postal", "Ville"]
      : ["First name", "Last name", "E-mail", "Address", "Postal code", "City"];
  const values = [name, "Martin", email, "12 rue des Martyrs", "75009", "Paris"];
  for (const [index, label] of labels.entries()) {
    await page.getByLabel(label, { exact: true }).fill(values[index] ?? "");
  }
  await page.getByLabel(COPY[lang].country).selectOption(country);
  // With JavaScript, the button opens the Payment Element once React owns the page; a click
  // before is the form's plain post, the journey without JavaScript (Stripe's own page).
  if (javaScript) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("button", { name: COPY[lang].pay }).click();
  return email;
}

/** The pay button of the card step, once Stripe.js is ready. */
const payButton = (page: import("@playwright/test").Page, lang: Lang) =>
  page
    .getByRole("region", { name: lang === "fr" ? "Paiement par carte" : "Card payment" })
    .getByRole("button", {
      name: COPY[lang].pay,
    });

test.describe("with JavaScript: the Payment Element", () => {
  test("paid by card (fr): the thank-you page says paid, one confirmation e-mail, the piece sold once", async ({
    page,
    stripeShop,
  }) => {
    const email = await checkout(page, "fr", { name: "Inès" });
    await expect(cardFrame(page, "fr").getByText("Montant : 169,00 €")).toBeVisible();
    await typeCard(page, "fr", "4242 4242 4242 4242");
    await payButton(page, "fr").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.fr.thanks("Inès"));
    await expect(page).toHaveURL(/\/merci\?order=SOULS-.*&payment_intent=pi_.*&redirect_status=succeeded/);

    const order = await orderOf(email);
    expect(order).toMatchObject({
      status: "pending_preparation",
      payment_status: "paid",
      total_cents: 16900,
    });
    expect(stripeShop.standIn.intents.get(order.payment_reference ?? "")).toMatchObject({
      amount_received: 16900,
      status: "succeeded",
    });
    await deliveredEmail(email, order.order_number);
    await stripeShop.standIn.webhooks.settled();
    expect(await paidRecord(order.id)).toMatchObject({ paid_steps: 1, confirmations: 1 });
  });

  test("declined, then insufficient funds (en): Stripe's message under the button, then another card in the same checkout", async ({
    page,
  }) => {
    const email = await checkout(page, "en");
    const alert = page.getByRole("region", { name: "Card payment" }).getByRole("alert");
    await typeCard(page, "en", TEST_CARDS.declined);
    await payButton(page, "en").click();
    await expect(alert).toHaveText("Your card was declined.");
    await typeCard(page, "en", TEST_CARDS.insufficientFunds);
    await payButton(page, "en").click();
    await expect(alert).toHaveText("Your card has insufficient funds.");
    await typeCard(page, "en", TEST_CARDS.succeeds);
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.en.thanks("Camille"));
    const order = await orderOf(email);
    expect(order).toMatchObject({ payment_status: "paid" });
    expect(await paidRecord(order.id)).toMatchObject({ paid_steps: 1, confirmations: 1 });
  });

  test("an incomplete card is refused by the element before anything is sent", async ({
    page,
    stripeShop,
  }) => {
    await checkout(page, "fr");
    const asked = stripeShop.standIn.requests.length;
    await payButton(page, "fr").click();
    await expect(page.getByRole("region", { name: "Paiement par carte" }).getByRole("alert")).toHaveText(
      "Le numéro de votre carte est incomplet.",
    );
    await expect(cardFrame(page, "fr").getByText("Le numéro de votre carte est incomplet.")).toBeVisible();
    expect(
      stripeShop.standIn.requests.slice(asked).filter((request) => request.path.endsWith("/confirm")),
    ).toEqual([]);
  });

  test("3-D Secure passed (fr): the bank's step, then paid", async ({ page }) => {
    const email = await checkout(page, "fr");
    await typeCard(page, "fr", "4000 0027 6000 3184");
    await payButton(page, "fr").click();
    await page
      .frameLocator('iframe[title="Authentification 3-D Secure"]')
      .getByRole("button", { name: "Réussir l'authentification" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.fr.thanks("Camille"));
    expect(await orderOf(email)).toMatchObject({ payment_status: "paid" });
  });

  test("3-D Secure refused (en): Stripe's message, nothing paid, and another card pays", async ({ page }) => {
    const email = await checkout(page, "en");
    await typeCard(page, "en", TEST_CARDS.threeDSecure);
    await payButton(page, "en").click();
    await page
      .frameLocator('iframe[title="3-D Secure authentication"]')
      .getByRole("button", { name: "Fail authentication" })
      .click();
    await expect(page.getByRole("region", { name: "Card payment" }).getByRole("alert")).toHaveText(
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    );
    expect(await orderOf(email)).toMatchObject({ status: "awaiting_payment" });
    await typeCard(page, "en", TEST_CARDS.succeeds);
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.en.thanks("Camille"));
  });

  test("the country changed to Germany once the element is there: the button, the element and the intent carry 181 €", async ({
    page,
    stripeShop,
  }) => {
    const email = await checkout(page, "fr");
    await expect(cardFrame(page, "fr").getByText("Montant : 169,00 €")).toBeVisible();
    await page.getByLabel(COPY.fr.country).selectOption("DE");
    await expect(payButton(page, "fr")).toHaveText("Payer 181,00 EUR");
    // The element reads the intent again (elements.fetchUpdates()): it shows what Stripe will take.
    await expect(cardFrame(page, "fr").getByText("Montant : 181,00 €")).toBeVisible();
    const placed = await orderOf(email);
    expect(stripeShop.standIn.intents.get(placed.payment_reference ?? "")?.amount).toBe(18100);
    await typeCard(page, "fr", TEST_CARDS.succeeds);
    await payButton(page, "fr").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.fr.thanks("Camille"));
    expect(await orderOf(email)).toMatchObject({ total_cents: 18100, payment_status: "paid" });
    expect(stripeShop.standIn.intents.get(placed.payment_reference ?? "")?.amount_received).toBe(18100);
  });

  test("a reload once the card step is there opens the payment of the same order", async ({
    page,
    stripeShop,
  }) => {
    const email = await checkout(page, "en");
    await expect(cardFrame(page, "en").getByText("Amount: €169.00")).toBeVisible();
    const placed = await orderOf(email);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete your payment");
    // A click before the page's scripts run is a plain form post: Stripe's hosted page, the
    // journey without JavaScript. This one is the Payment Element's.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("button", { name: COPY.en.pay }).click();
    await typeCard(page, "en", TEST_CARDS.succeeds);
    await payButton(page, "en").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.en.thanks("Camille"));
    const paid = await orderOf(email);
    expect(paid.order_number).toBe(placed.order_number);
    // The same payment all along: one intent for the order.
    const intents = [...stripeShop.standIn.intents.values()].filter(
      (intent) => intent.metadata.order_number === placed.order_number,
    );
    expect(intents).toHaveLength(1);
  });
});

test.describe("with JavaScript: Stripe.js cannot load", () => {
  test.use({
    stripeJs: "unreachable",
    expectedConsoleErrors: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/],
  });

  test("the spec's message and a way to the order's payment, never a dead button", async ({ page }) => {
    await checkout(page, "fr");
    const card = page.getByRole("region", { name: "Paiement par carte" });
    await expect(card.getByRole("alert")).toHaveText(
      "Stripe n'est pas initialisé. Veuillez recharger la page.",
    );
    await expect(card.getByRole("button")).toHaveCount(0);
    await card.getByRole("link", { name: "Recharger la page" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Finaliser le paiement");
  });
});

test.describe("without JavaScript: Stripe's own page", () => {
  test.use({ javaScriptEnabled: false });

  test("paid on Stripe's page (fr) after a declined card, back to the thank-you page, paid", async ({
    page,
    stripeShop,
  }) => {
    const email = await checkout(page, "fr", { javaScript: false });
    await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const pay = async (number: string) => {
      await page.getByLabel("Numéro de carte").fill(number);
      await page.getByLabel("Date d'expiration (MM / AA)").fill("12 / 34");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Payer/ }).click();
    };
    await pay(TEST_CARDS.declined);
    await expect(page.getByRole("alert")).toHaveText("Votre carte a été refusée.");
    await pay(TEST_CARDS.succeeds);
    await expect(page).toHaveURL(new RegExp(`^${stripeShop.origin}/merci\\?order=SOULS-`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.fr.thanks("Camille"));
    const order = await orderOf(email);
    expect(order).toMatchObject({ payment_status: "paid", total_cents: 16900 });
    await deliveredEmail(email, order.order_number);
    await stripeShop.standIn.webhooks.settled();
    expect(await paidRecord(order.id)).toMatchObject({ paid_steps: 1, confirmations: 1 });
  });

  test("3-D Secure on Stripe's page (en), then paid", async ({ page }) => {
    const email = await checkout(page, "en", { country: "US", javaScript: false });
    // Without JavaScript the total with the US shipping is shown before paying.
    await expect(page.getByRole("status").filter({ hasText: "Check the total" })).toBeVisible();
    await page.getByRole("button", { name: COPY.en.pay }).click();
    await page.getByLabel("Card number").fill(TEST_CARDS.threeDSecure);
    await page.getByLabel("Expiration (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay €194.00" }).click();
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COPY.en.thanks("Camille"));
    expect(await orderOf(email)).toMatchObject({ payment_status: "paid", total_cents: 19400 });
  });

  test("the form posted twice goes to Stripe's page of the same order, never to a thank-you", async ({
    page,
    stripeShop,
  }) => {
    await page.goto(`${COPY.fr.checkout}?product=nadia&qty=1`);
    const form = {
      intent: "pay",
      items: "product=nadia&qty=1",
      checkoutKey: await page.locator('input[name="checkoutKey"]').inputValue(),
      expectedTotal: "16900",
      firstName: "Camille",
      lastName: "Martin",
      email: uniqueEmail(),
      address: "12 rue des Martyrs",
      postalCode: "75009",
      city: "Paris",
      country: "FR",
    };
    // Two posts of one form, as a double click sends them, with the browser's cookies.
    const post = () => page.request.post("/checkout", { form, maxRedirects: 0 });
    const [first, second] = [await post(), await post()];
    expect([first.status(), second.status()]).toEqual([303, 303]);
    expect(second.headers().location).toBe(first.headers().location);
    expect(first.headers().location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const order = await orderOf(form.email);
    expect(order).toMatchObject({ status: "awaiting_payment", payment_status: "pending" });
    await page.goto(first.headers().location ?? "");
    await expect(page.getByTestId("amount")).toHaveText("169,00 €");
    expect(stripeShop.standIn.account.sessions.size).toBeGreaterThan(0);
  });
});
