import { ownerSeesSource, visitFromInstagram } from "./audience";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Audience measurement without consent (decision 047): a visit from an Instagram link is counted
// on the server, without a cookie, and the owner sees where it came from and the model's path.
test.use({ reducedMotion: "reduce" });

test("a visit from an Instagram link shows in the owner's sources and the model's path, with no cookie", async ({
  page,
}) => {
  const campaign = await visitFromInstagram(page);
  // The shopper adds the model to her cart: the path's second step, under the visit's source.
  await page.getByRole("button", { name: "Ajouter au panier" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Produit ajouté" })).toContainText("Aicha");

  await ownerSeesSource(page, campaign);
  const path = page.getByRole("table", { name: "Du modèle au paiement, sur 30 jours" });
  const line = path.getByRole("row", { name: /Aicha instagram/ });
  // At least this test's page view and addition (others' visits may add to the same line); the
  // addition may reach the database in the web server's next batch (every 10 s): she reloads.
  await expect(async () => {
    await page.reload();
    await expect(line).toBeVisible({ timeout: 10_000 });
    for (const column of [1, 2]) {
      expect(Number(await line.getByRole("cell").nth(column).textContent())).toBeGreaterThanOrEqual(1);
    }
  }).toPass();
  await page.getByText("Visites par jour (tableau)").click();
  await expect(page.getByRole("table", { name: "Visites des 30 derniers jours" })).toBeVisible();
  await expectNoAxeViolations(page);
});
