/**
 * A model of a series opening later, on a phone (decision 039): its page reads like the shop's,
 * the opening said where the buttons were, the form to hear of it just below.
 */
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { seriesWithOneModel } from "./launch-helpers";

test("a coming series' model page on a phone: the opening in place of the buttons, and the form to hear of it", async ({
  page,
}, testInfo) => {
  // Friday 15 June 2035, 18:00 in Paris: later than any time the launch specs move the clock to.
  const opensAt = new Date(Date.UTC(2035, 5, 15, 16, 0));
  const model = await seriesWithOneModel(testInfo.project.name, { opensAt, earlyAccessMinutes: 0, stock: 3 });
  await page.goto(model.paths.fr);
  await expect(page.locator("#purchase").getByText("Ouverture le vendredi 15 juin à 18 h")).toBeVisible();
  await expect(page.getByRole("button", { name: "Ajouter au panier" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Être prévenu(e) de l'ouverture" })).toBeVisible();
  await page.locator("#purchase").screenshot({ path: testInfo.outputPath("opening-phone.png") });
  await page.screenshot({ path: testInfo.outputPath("product-before-opening-phone.png"), fullPage: true });
  await expectNoAxeViolations(page);
});
