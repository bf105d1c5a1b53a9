import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** What a shopper reads and types on the checkout and payment pages, per language. */
export const CHECKOUT = {
  fr: {
    checkout: "/checkout",
    fields: {
      firstName: "Prénom",
      lastName: "Nom",
      email: "E-mail",
      address: "Adresse",
      postalCode: "Code postal",
      city: "Ville",
      country: "Pays de livraison",
    },
    pay: /^Payer /,
    card: "Numéro de carte",
    expiry: "Date d'expiration (MM/AA)",
    cvc: "Cryptogramme (CVC)",
    thanks: (name: string) => `Merci ${name} ! Votre commande est confirmée`,
    orderNumber: /Numéro de commande : (SOULS-\d{6}[A-Z0-9]{4})/,
    declined: "Votre carte a été refusée.",
    insufficient: "Les fonds de votre carte sont insuffisants.",
    thankYouPath: "/merci",
  },
  en: {
    checkout: "/en/checkout",
    fields: {
      firstName: "First name",
      lastName: "Last name",
      email: "E-mail",
      address: "Address",
      postalCode: "Postal code",
      city: "City",
      country: "Delivery country",
    },
    pay: /^Pay /,
    card: "Card number",
    expiry: "Expiry date (MM/YY)",
    cvc: "Security code (CVC)",
    thanks: (name: string) => `Thank you ${name}! Your order is confirmed`,
    orderNumber: /Order number: (SOULS-\d{6}[A-Z0-9]{4})/,
    declined: "Your card was declined.",
    insufficient: "Your card has insufficient funds.",
    thankYouPath: "/en/thank-you",
  },
} as const;

export type Lang = keyof typeof CHECKOUT;

export async function fillShipping(page: Page, lang: Lang, country: string, firstName = "Camille") {
  const { fields } = CHECKOUT[lang];
  await page.getByLabel(fields.firstName).fill(firstName);
  await page.getByLabel(fields.lastName, { exact: true }).fill("Martin");
  await page.getByLabel(fields.email).fill("camille@example.org");
  await page.getByLabel(fields.address, { exact: true }).fill("12 rue des Martyrs");
  await page.getByLabel(fields.postalCode).fill("75009");
  await page.getByLabel(fields.city).fill("Paris");
  await page.getByLabel(fields.country).selectOption(country);
}

/**
 * Submits the checkout. Without JavaScript, a total changed by the country's shipping is shown
 * once for review (`expectReview`) and paid with a second click. With JavaScript, so is a click
 * sent while the new country's total was on its way (the server compares the total shown with
 * its own): the shopper then clicks again, as this does.
 */
export async function submitCheckout(page: Page, lang: Lang, { expectReview = false } = {}) {
  const pay = page.getByRole("button", { name: CHECKOUT[lang].pay });
  const review = page
    .getByRole("status")
    .filter({ hasText: lang === "fr" ? "Vérifiez le total" : "Check the total" });
  const paymentPage = /paiement-test|test-payment/;
  await expect(pay).toBeEnabled();
  await pay.click();
  if (expectReview) {
    await expect(review).toBeVisible();
    await pay.click();
  } else {
    await expect.poll(async () => paymentPage.test(page.url()) || (await review.isVisible())).toBe(true);
    if (!paymentPage.test(page.url())) await pay.click();
  }
  await expect(page).toHaveURL(paymentPage);
}

export async function payWithCard(page: Page, lang: Lang, card: string) {
  const copy = CHECKOUT[lang];
  await page.getByLabel(copy.card).fill(card);
  await page.getByLabel(copy.expiry).fill("12/34");
  await page.getByLabel(copy.cvc).fill("123");
  await page.getByRole("button", { name: copy.pay }).click();
}

/** A shopper's French address, as a script posts it. */
export const SHIPPING = {
  firstName: "Camille",
  lastName: "Martin",
  email: "camille@example.org",
  address: "12 rue des Martyrs",
  postalCode: "75009",
  city: "Paris",
  country: "FR",
};

/** The checkout's form as a script posts it (no JavaScript): the lines, the total seen, the address. */
export const checkoutForm = (items: string, shipping: Record<string, string> = SHIPPING) => ({
  intent: "pay",
  items,
  checkoutKey: `script-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  expectedTotal: String(16900 * Number(new URLSearchParams(items).get("qty") ?? 1)),
  ...shipping,
});

/**
 * An order of Aicha placed and paid with the test card through the shop's own forms, as a browser
 * without JavaScript posts them; its number.
 */
export async function paidOrder(
  request: APIRequestContext,
  { lang = "fr", shipping = SHIPPING }: { lang?: Lang; shipping?: Record<string, string> } = {},
): Promise<string> {
  const placed = await request.post(CHECKOUT[lang].checkout, {
    form: checkoutForm("product=aicha&qty=1", shipping),
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(303);
  const payment = placed.headers().location ?? "";
  const paid = await request.post(payment, {
    form: { intent: "pay", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return new URL(payment, "http://x").searchParams.get("order") ?? "";
}
