/**
 * A series' launch as shoppers live it (decision 039), with the shop's clock moved by the test:
 * before the opening a stranger reads when it opens and can hold nothing (page, cart, buy-now,
 * checkout); in the head start a subscriber opens her own link and buys, the stranger still
 * cannot; at the opening the stranger buys the last piece and the page says it is gone.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, checkoutForm, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, javaScriptOff, sql, test } from "./fixtures";
import { seriesWithOneModel, subscriberLink } from "./launch-helpers";
import { moveShopClockTo, withShopClock } from "./shop-clock";

const MINUTE = 60_000;

// The refusals under test answer 403 (a checkout before the opening, a tampered link).
test.use({ expectedConsoleErrors: [/status of 403/] });

test("a series opens by itself: the list buys first, then everyone, and nothing before", async ({
  page,
  browser,
}, testInfo) => {
  // Three phases of a launch and two purchases.
  test.slow();
  const noScript = javaScriptOff(testInfo);
  // Friday 4 December 2026, 18:00 in Paris, moved a year on per project so the two never meet.
  const opensAt = new Date(Date.UTC(2027 + (noScript ? 1 : 0), 11, 3, 17, 0));
  const model = await seriesWithOneModel(testInfo.project.name, {
    opensAt,
    earlyAccessMinutes: 60,
    stock: 2,
  });
  const email = `lea-${Date.now()}-${testInfo.project.name}@example.org`;
  const link = await subscriberLink(model.seriesId, email);

  await withShopClock(async () => {
    // Before: the page, the opening as she reads it, and nothing to hold.
    await moveShopClockTo(new Date(opensAt.getTime() - 3 * 60 * MINUTE));
    await page.goto(model.paths.fr);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(model.name);
    const when = page.locator("#purchase").getByText(/^Ouverture le \w+ \d+ décembre à 18 h$/);
    await expect(when).toBeVisible();
    await expect(page.getByRole("button", { name: "Ajouter au panier" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Acheter maintenant" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Être prévenu(e) de l'ouverture" })).toBeVisible();
    if (!noScript) await expectNoAxeViolations(page);
    await page.goto(model.paths.en);
    await expect(page.locator("#purchase").getByText(/^Opens \w+ \d+ December at 6 pm$/)).toBeVisible();

    // Whatever the browser sends: a forged « add », buy-now's checkout, a forged order.
    const added = await page.request.post(model.paths.fr, { form: { intent: "add", model: model.slug } });
    expect(added.status()).toBe(409);
    expect(await added.text()).toContain("sera en vente le");
    const buyNow = await page.request.get(`/checkout?product=${model.slug}&qty=1`);
    expect(buyNow.status()).toBe(403);
    expect(await buyNow.text()).toContain("pas encore en vente");
    await page.goto(`/checkout?product=${model.slug}&qty=1`);
    await expect(page.getByText(`${model.name} n'est pas encore en vente : ouverture le`)).toBeVisible();
    if (!noScript) await expectNoAxeViolations(page);
    const forged = await page.request.post("/checkout", {
      form: { ...checkoutForm(`product=${model.slug}&qty=1`), expectedTotal: "16900" },
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("pas encore en vente");
    const [held] = await sql<{ reserved: number }>("SELECT reserved FROM products WHERE slug = $1", [
      model.slug,
    ]);
    expect(held?.reserved).toBe(0);

    // The head start: her own link gives her browser the pass, and she buys to her address.
    await moveShopClockTo(new Date(opensAt.getTime() - 30 * MINUTE));
    const subscriber = await browser.newContext({
      javaScriptEnabled: !noScript,
      extraHTTPHeaders: { "X-Forwarded-For": "10.250.1.1" },
    });
    const her = await subscriber.newPage();
    await her.goto(link);
    await expect(her).toHaveURL(new RegExp(`${model.paths.fr}$`));
    await expect(her.getByText("Votre accès anticipé est ouvert")).toBeVisible();
    await her.getByRole("link", { name: "Acheter maintenant" }).first().click();
    await fillAndPay(her, email);
    await expect(her.getByRole("heading", { level: 1 })).toContainText("Merci Léa");

    // The stranger still reads the opening; the head start is said.
    await page.goto(model.paths.fr);
    await expect(page.locator("#purchase").getByText(/^Ouverture le/)).toBeVisible();
    await expect(
      page.locator("#purchase").getByText("Les inscrits à l'avant-première commandent déjà"),
    ).toBeVisible();
    // Her link after the public opening: just the page, no privilege.
    await moveShopClockTo(new Date(opensAt.getTime() + MINUTE));
    const late = await browser.newContext({ javaScriptEnabled: !noScript });
    const latePage = await late.newPage();
    await latePage.goto(link);
    await expect(latePage.getByText("La série est ouverte à tous")).toBeVisible();
    await late.close();
    // A tampered link: a clear refusal.
    const tampered = await page.request.get(`${link.slice(0, -3)}xyz`);
    expect(tampered.status()).toBe(403);
    expect(await tampered.text()).toContain("accès anticipé non valide");
    await page.goto(`${link.slice(0, -3)}xyz`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Lien d'accès anticipé non valide" }),
    ).toBeVisible();
    if (!noScript) await expectNoAxeViolations(page);

    // The opening: the stranger buys the last piece; the page then says it is gone.
    // Another shopper has the checkout open meanwhile: her « Payer » brings her back to the
    // model's page, which says why (the page kept for everyone, its note shown by the address).
    const other = await browser.newContext({
      javaScriptEnabled: !noScript,
      extraHTTPHeaders: { "X-Forwarded-For": "10.250.2.2" },
    });
    const otherPage = await other.newPage();
    await otherPage.goto(`/checkout?product=${model.slug}&qty=1`);
    await fillShipping(otherPage, "fr", "FR", "Nora");
    await otherPage.getByLabel("E-mail").fill(`nora-${Date.now()}@example.org`);
    await page.goto(model.paths.fr);
    await page.getByRole("link", { name: "Acheter maintenant" }).first().click();
    await fillAndPay(page, `stranger-${Date.now()}@example.org`, "Inès");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci Inès");
    await her.goto(model.paths.fr);
    await expect(her.getByRole("button", { name: "Produit épuisé" }).first()).toBeVisible();
    await expect(her.getByText("Le temps de votre clic")).toBeHidden();
    await otherPage.getByRole("button", { name: CHECKOUT.fr.pay }).click();
    await expect(otherPage).toHaveURL(new RegExp(`${model.paths.fr}#gone-meanwhile$`));
    await expect(
      otherPage.getByText(`Le temps de votre clic, toutes les pièces de ${model.name} ont été prises`),
    ).toBeVisible();
    if (!noScript) await expectNoAxeViolations(otherPage);
    await other.close();
    await subscriber.close();
  });
});

/** The checkout's form to her address, and the shop's own test payment page (the offline gateway). */
async function fillAndPay(page: Page, email: string, firstName = "Léa") {
  await expect(page).toHaveURL(/\/checkout\?/);
  await fillShipping(page, "fr", "FR", firstName);
  await page.getByLabel("E-mail").fill(email);
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242424242424242");
}
