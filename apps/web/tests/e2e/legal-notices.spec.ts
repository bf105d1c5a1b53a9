import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

// Issue 35: the notice on the legal guarantee of conformity where a shopper buys (a product page,
// the checkout), in the page's language, and a way to withdraw from a contract from every page's
// footer. Plain HTML: run with and without JavaScript. The owner may have uploaded the
// Commission's file meanwhile (admin-guarantee-notice.spec.ts): its words are then the image's.
test.use({ reducedMotion: "reduce" });

const WORDS = {
  fr: {
    home: "/",
    product: "/produit/sac-banane-aicha",
    checkout: "/checkout?product=aicha&qty=1",
    title: "Garantie légale de conformité",
    text: /garantie légale de conformité d'au moins deux ans à compter de la livraison.*Le vendeur est responsable.*réparation ou au remplacement.*réduction du prix ou à la résolution du contrat/,
    eu: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_fr.htm",
    euLink: /Vos droits sur le site de l'Union européenne/,
    withdraw: "Se rétracter / renoncer au contrat",
    tracking: "/suivi-commande",
    trackingTitle: "Suivi de commande",
    trackingIntro:
      /C'est aussi ici que vous pouvez vous rétracter d'un achat.*« Se rétracter du contrat ici »/,
  },
  en: {
    home: "/en",
    product: "/en/product/nadia-fanny-pack",
    checkout: "/en/checkout?product=nadia&qty=1",
    title: "Legal guarantee of conformity",
    text: /legal guarantee of conformity of at least two years from the delivery.*The seller is liable.*repaired or replaced.*price reduction or to terminate the contract/,
    eu: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_en.htm",
    euLink: /Your rights on the European Union's website/,
    withdraw: "Withdraw from a contract",
    tracking: "/en/track-order",
    trackingTitle: "Order tracking",
    trackingIntro: /This is also where you withdraw from a purchase.*“Withdraw from the contract here”/,
  },
} as const;

for (const lang of ["fr", "en"] as const) {
  const words = WORDS[lang];

  test(`the notice on the legal guarantee on a product page and at checkout (${lang})`, async ({ page }) => {
    for (const path of [words.product, words.checkout]) {
      await page.goto(path);
      const notice = page.getByRole("region", { name: words.title });
      await expect(notice).toBeVisible();
      // Its sentence, or the Commission's graphic with the sentence as its text.
      await expect(
        notice.getByText(words.text).or(notice.getByRole("img", { name: words.text })),
      ).toBeVisible();
      await expect(notice.getByRole("link", { name: words.euLink })).toHaveAttribute("href", words.eu);
    }
    if (test.info().project.use.javaScriptEnabled) {
      // The notice's block on the checkout (the page's others are a11y.spec.ts's).
      const axe = await new AxeBuilder({ page }).include("[data-guarantee-notice]").analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    }
  });

  test(`every page's footer leads to withdrawing from a contract: the find-my-order page (${lang})`, async ({
    page,
  }) => {
    for (const path of [words.home, words.product]) {
      await page.goto(path);
      const link = page.getByRole("contentinfo").getByRole("link", { name: words.withdraw, exact: true });
      await expect(link).toHaveAttribute("href", words.tracking);
    }
    await page.getByRole("contentinfo").getByRole("link", { name: words.withdraw, exact: true }).click();
    await expect(page).toHaveURL(words.tracking);
    await expect(page.getByRole("heading", { level: 1, name: words.trackingTitle })).toBeVisible();
    await expect(page.getByText(words.trackingIntro)).toBeVisible();
  });
}
