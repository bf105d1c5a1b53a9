import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, sql, test } from "./fixtures";

// Issue 34, delivery as data (decision 049): « Livraison » on the owner's phone. She adds a zone
// for a country no other spec delivers to (Iceland), sees it offered at the checkout, and removes
// it; the launch's zones are left as they were.
test.use({
  reducedMotion: "reduce",
  // The empty form is refused by the panel's API (400): that refusal is under test.
  expectedConsoleErrors: [/status of 400 .*\/trpc\/delivery\.saveZone/],
});

test("on her phone, the owner adds a delivery zone for Iceland, then removes it", async ({
  page,
}, testInfo) => {
  await sql("DELETE FROM delivery_zones WHERE name = 'Islande'");
  await logInAsOwner(page);
  await followAdminNav(page, "Livraison");
  await expect(page.getByRole("heading", { level: 1, name: "Livraison" })).toBeVisible();
  await expect(page.getByRole("article", { name: "France" })).toContainText("Livraison offerte");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("delivery-phone.png"), fullPage: true });

  await page.getByRole("button", { name: "Ajouter une zone" }).click();
  const form = page.getByRole("form", { name: "Nouvelle zone" });
  // Nothing filled in: each field says what it needs.
  await form.getByLabel("Prix de la livraison (€)").fill("30");
  await form.getByRole("button", { name: "Enregistrer la zone" }).click();
  await expect(form.getByText("Champ obligatoire").first()).toBeVisible();

  await form.getByLabel("Nom de la zone").fill("Islande");
  await form.getByLabel("Délai montré aux clients (français)").fill("8 à 12 jours ouvrés");
  await form.getByLabel("Délai montré aux clients (anglais)").fill("8 to 12 business days");
  await form.getByLabel("Nom montré aux clients (français)").fill("Islande");
  await form.getByLabel("Nom montré aux clients (anglais)").fill("Iceland");
  await form.getByLabel("Délai le plus court (jours ouvrés)").fill("8");
  await form.getByLabel("Délai le plus long (jours ouvrés)").fill("12");
  await form.getByLabel("Chercher un pays").fill("islande");
  await form.getByRole("checkbox", { name: "Islande" }).check();
  // Nothing runs off her phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("delivery-phone-form.png"), fullPage: true });
  await form.getByRole("button", { name: "Enregistrer la zone" }).click();
  await expect(page.getByText("Zone enregistrée", { exact: true })).toBeVisible();
  const iceland = page.getByRole("article", { name: "Islande" });
  await expect(iceland).toContainText(/Livraison : 30,00\s€/);
  await expect(iceland).toContainText("8 à 12 jours ouvrés (Islande) / 8 to 12 business days (Iceland)");

  // Offered at the checkout at once, priced by the server.
  const shop = await page.context().newPage();
  await shop.goto("/en/checkout?product=aicha&qty=1");
  await expect(shop.getByLabel("Delivery country").locator("option[value='IS']")).toHaveText("Iceland");
  await shop.close();

  await iceland.getByRole("button", { name: "Supprimer la zone « Islande »" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Supprimer la zone « Islande » ? Ses pays ne seront plus proposés à la commande.",
  );
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Zone supprimée", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Islande" })).toHaveCount(0);
  const history = page.getByRole("region", { name: "Historique" }).getByRole("listitem");
  await expect(history.first()).toContainText("zone « Islande » : zone supprimée (pays : Islande)");
  await expect(history.nth(1)).toContainText(/zone créée, livraison 30,00\s€, 1 pays/);
  expect(await sql("SELECT 1 FROM delivery_zones WHERE 'IS' = ANY(countries)")).toEqual([]);
});
