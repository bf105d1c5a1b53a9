import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import {
  CHECKOUT,
  checkoutForm,
  fillShipping,
  type Lang,
  payWithCard,
  submitCheckout,
} from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";

// Issue 34, delivery as data (decision 049): the owner sets free delivery above 300 € to the
// European Union from « Livraison », and a shopper in Germany sees it, in both languages, with
// JavaScript and without; a country she stops serving leaves the checkout, and an old form naming
// it is answered in the shopper's language. Its own project (`delivery`), after the shopper
// projects: the zones are the whole shop's, and every other spec's totals read them.
test.use({ reducedMotion: "reduce" });
test.describe.configure({ mode: "serial" });

const EU = "Union européenne";
let kept: { free_from_cents: number | null; countries: string[] } | undefined;

test.beforeAll(async () => {
  [kept] = await sql<{ free_from_cents: number | null; countries: string[] }>(
    "SELECT free_from_cents, countries FROM delivery_zones WHERE name = $1",
    [EU],
  );
});

test.afterAll(async () => {
  // The launch's zone again, for the projects that follow.
  await sql("UPDATE delivery_zones SET free_from_cents = $1, countries = $2 WHERE name = $3", [
    kept?.free_from_cents ?? null,
    kept?.countries,
    EU,
  ]);
});

const euros = (amount: string) => new RegExp(amount.replace(/[ ,.]/g, (c) => (c === " " ? "\\s" : `\\${c}`)));

test("the owner sets free delivery above 300 € to the European Union", async ({ page }, testInfo) => {
  await logInAsOwner(page);
  await followAdminNav(page, "Livraison");
  await expect(page.getByRole("heading", { level: 1, name: "Livraison" })).toBeVisible();
  const zone = page.getByRole("article", { name: EU });
  await expect(zone).toContainText(/Livraison : 12,00\s€/);
  await expect(zone).toContainText(
    "5 à 7 jours ouvrés (Union européenne) / 5 to 7 business days (European Union)",
  );
  await expectNoAxeViolations(page);

  await zone.getByRole("button", { name: `Modifier la zone « ${EU} »` }).click();
  const form = page.getByRole("form", { name: `Zone « ${EU} »` });
  // An amount that is not one is said under its field, and nothing is sent.
  await form.getByLabel("Livraison offerte à partir de (€)").fill("trois cents");
  await form.getByRole("button", { name: "Enregistrer la zone" }).click();
  await expect(form.getByText("Montant en euros attendu, par exemple 12 ou 12,50")).toBeVisible();
  await form.getByLabel("Livraison offerte à partir de (€)").fill("300");
  await expect(form.getByRole("checkbox", { name: "Allemagne" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /^France/ })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("delivery-form.png"), fullPage: true });
  await form.getByRole("button", { name: "Enregistrer la zone" }).click();
  await expect(page.getByText("Zone enregistrée", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: EU })).toContainText(
    /Livraison : 12,00\s€, offerte dès 300,00\s€ d'articles/,
  );
  await expect(page.getByRole("region", { name: "Historique" }).getByRole("listitem").first()).toContainText(
    /zone « Union européenne » : offerte dès 300,00\s€/,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("delivery-zones.png"), fullPage: true });
  expect((await sql("SELECT free_from_cents FROM delivery_zones WHERE name = $1", [EU]))[0]).toEqual({
    free_from_cents: 30000,
  });
  // The terms of sale state the charges the checkout takes, zone by zone, in both languages.
  await page.goto("/cgv");
  await expect(page.locator("main")).toContainText(
    /Union européenne : 12\s€, livraison offerte à partir de 300\s€ d’achats ;/,
  );
  await expect(page.locator("main")).toContainText("France : 3 à 5 jours ouvrés ;");
  await page.goto("/en/terms-of-sale");
  await expect(page.locator("main")).toContainText(
    "European Union: €12, free delivery from €300 of purchases;",
  );
});

const WORDS = {
  fr: {
    product: "/produit/sac-banane-aicha",
    rates: /Union européenne : 12\s€, offerte dès 300\s€ d’achats, 5 à 7 jours ouvrés/,
    summary: "Récapitulatif",
    shipping: "Livraison",
    free: "Offerte",
    one: euros("181,00 €"),
    two: euros("338,00 €"),
    delivery: "5 à 7 jours ouvrés (Union européenne)",
  },
  en: {
    product: "/en/product/aicha-fanny-pack",
    rates: /European Union: €12, free from €300 of purchases, 5 to 7 business days/,
    summary: "Summary",
    shipping: "Shipping",
    free: "Free",
    one: "€181.00",
    two: "€338.00",
    delivery: "5 to 7 business days (European Union)",
  },
} as const;

for (const javaScriptEnabled of [true, false]) {
  for (const lang of ["fr", "en"] as Lang[]) {
    test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test(`a shopper in Germany sees free delivery from 300 € (${lang})`, async ({ page }, testInfo) => {
        const words = WORDS[lang];
        const pay = page.getByRole("button", { name: CHECKOUT[lang].pay });
        const summary = page.getByRole("region", { name: words.summary });
        // The product page says it, zone by zone.
        await page.goto(words.product);
        await expect(page.locator(".service__rates")).toContainText(words.rates);
        await page
          .locator(".service")
          .screenshot({ path: testInfo.outputPath(`product-delivery-${lang}.png`) });

        // One piece (169 €): 12 € to Germany.
        await page.goto(`${CHECKOUT[lang].checkout}?product=aicha&qty=1`);
        await fillShipping(page, lang, "DE", "Lena");
        if (!javaScriptEnabled) await pay.click();
        await expect(page.getByTestId("checkout-total")).toHaveText(words.one);

        // Two (338 €): delivery is free.
        await page.goto(`${CHECKOUT[lang].checkout}?product=aicha&qty=2`);
        await fillShipping(page, lang, "DE", "Lena");
        if (!javaScriptEnabled) await pay.click();
        await expect(summary.getByRole("definition").first()).toHaveText(words.free);
        await expect(page.getByTestId("checkout-total")).toHaveText(words.two);
        await submitCheckout(page, lang);
        await payWithCard(page, lang, "4242 4242 4242 4242");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(CHECKOUT[lang].thanks("Lena"));
        await expect(page.locator("main")).toContainText(words.delivery);
        const orderNumber = new URL(page.url()).searchParams.get("order");
        const [order] = await sql(
          "SELECT country, shipping_cents, total_cents, delivery->'times'->>$2 AS times FROM orders WHERE order_number = $1",
          [orderNumber, lang],
        );
        expect(order).toEqual({
          country: "DE",
          shipping_cents: 0,
          total_cents: 33800,
          times: words.delivery.replace(/ \(.*\)$/, ""),
        });
      });
    });
  }
}

test("a country the owner stops serving leaves the checkout; an old form naming it is told why", async ({
  page,
}) => {
  await logInAsOwner(page);
  await followAdminNav(page, "Livraison");
  await page.getByRole("button", { name: `Modifier la zone « ${EU} »` }).click();
  const form = page.getByRole("form", { name: `Zone « ${EU} »` });
  await form.getByLabel("Chercher un pays").fill("autri");
  await form.getByRole("checkbox", { name: "Autriche" }).uncheck();
  await form.getByRole("button", { name: "Enregistrer la zone" }).click();
  await expect(page.getByText("Zone enregistrée", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Historique" }).getByRole("listitem").first()).toContainText(
    "pays retirés : Autriche",
  );

  for (const lang of ["fr", "en"] as Lang[]) {
    await page.goto(`${CHECKOUT[lang].checkout}?product=aicha&qty=1`);
    const countries = page.getByLabel(CHECKOUT[lang].fields.country);
    await expect(countries.locator("option[value='DE']")).toHaveCount(1);
    await expect(countries.locator("option[value='AT']")).toHaveCount(0);
    // A form kept open since, or posted by a script: 400, in her language, nothing ordered.
    const before = await sql("SELECT count(*)::int AS n FROM orders WHERE country = 'AT'");
    const answer = await page.request.post(CHECKOUT[lang].checkout, {
      form: checkoutForm("product=aicha&qty=1", {
        firstName: "Anna",
        lastName: "Gruber",
        email: "anna@example.org",
        address: "Mariahilfer Straße 1",
        postalCode: "1060",
        city: "Wien",
        country: "AT",
      }),
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain(
      lang === "fr"
        ? "Nous ne livrons pas (ou plus) dans ce pays. Veuillez choisir un autre pays de livraison dans la liste."
        : "We do not (or no longer) deliver to this country. Please choose another delivery country from the list.",
    );
    expect(await sql("SELECT count(*)::int AS n FROM orders WHERE country = 'AT'")).toEqual(before);
  }
});
