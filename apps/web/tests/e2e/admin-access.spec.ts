import { randomBytes } from "node:crypto";
import { type Browser, devices, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, followAdminNav, logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { paidOrder } from "./checkout-helpers";
import { expect, test } from "./fixtures";

// Her access (decision 043), on a phone with JavaScript. Run by the `access` project, after every
// other project: changing her password ends every other session of hers — the other specs' too.
// Serial: the second test ends the first one's sessions.
test.describe.configure({ mode: "serial" });
test.use({
  viewport: { width: 390, height: 844 },
  reducedMotion: "reduce",
  // Refusals under test: a common password, and a refund the helper posts anyway.
  expectedConsoleErrors: [/status of 400 .*\/trpc\/access\.changePassword/],
});

const HELPER_PASSWORD = "des colis bien emballés le mardi";

/** Logs in through the form with a login of her own (a helper) or none (the owner). */
async function logIn(page: Page, password: string, login = "") {
  await page.goto("/admin");
  if (login) await page.getByLabel("Identifiant").fill(login);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** A second phone: its own cookies, its own client address. */
async function anotherPhone(browser: Browser, baseURL: string | undefined, address: string) {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  return { context, page: await context.newPage() };
}

test("she gives her helper an access; the helper ships an order, is offered no refund and is refused one", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const orderNumber = await paidOrder(request);
  const suffix = randomBytes(3).toString("hex");
  const login = `ines-${suffix}`;
  const name = `Inès ${suffix}`;

  await logInAsOwner(page);
  await followAdminNav(page, "Mon accès");
  await expect(page.getByRole("heading", { level: 1, name: "Mon accès" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Vos sessions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Accès de vos aides" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Her own name, the one the histories give her actions.
  await page.getByLabel("Votre nom").fill("Samia");
  await page.getByRole("button", { name: "Enregistrer le nom" }).click();
  await expect(page.getByText("Connectée en tant que Samia (Propriétaire).")).toBeVisible();

  const people = page.getByRole("region", { name: "Accès de vos aides" });
  await people.getByLabel("Nom", { exact: true }).fill(name);
  await people.getByLabel("Identifiant", { exact: true }).fill(login);
  await people.getByLabel("Mot de passe (que vous lui transmettez)").fill(HELPER_PASSWORD);
  await people.getByRole("button", { name: "Donner l'accès" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Accès donné à ${name}` })).toBeVisible();
  await expect(people.getByRole("row").filter({ hasText: login })).toBeVisible();
  const history = page.getByRole("table", { name: "Historique des accès" });
  await expect(history.getByRole("row").filter({ hasText: "Accès donné" }).first()).toContainText("Samia");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("access-phone.png"), fullPage: true });

  // Her helper, on her own phone, with her own login: her home is the orders.
  const helper = await anotherPhone(browser, baseURL, "10.250.34.5");
  // Her pages ask nothing her role lacks: no refusal in her browser's console but the page refused below.
  const refusals: string[] = [];
  helper.page.on("console", (message) => {
    if (message.type() === "error") refusals.push(`${message.text()} (${message.location().url})`);
  });
  await logIn(helper.page, HELPER_PASSWORD, login);
  await expect(helper.page.getByRole("heading", { level: 1, name: "Gestion des Commandes" })).toBeVisible();
  // The menu lists what her role opens: the orders and her access, not the owner's pages.
  await expect(helper.page.locator("html[data-hydrated]")).toHaveCount(1);
  await helper.page.getByRole("button", { name: "Menu", exact: true }).click();
  const nav = helper.page.getByRole("navigation", { name: "Navigation de l'administration" });
  await expect(nav.getByRole("link", { name: "Commandes", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Catalogue", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Réglages", exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Commandes", exact: true })).toHaveCount(1);
  // Her own access is hers: her password and sessions, not the people.
  await nav.getByRole("link", { name: "Mon accès", exact: true }).click();
  await expect(helper.page.getByRole("heading", { level: 1, name: "Mon accès" })).toBeVisible();
  await expect(helper.page.getByRole("table", { name: "Vos sessions" })).toContainText("Cette session");
  await expect(
    helper.page.getByText(`Connectée en tant que ${name} (Préparation des commandes).`),
  ).toBeVisible();
  await expect(helper.page.getByRole("heading", { name: "Accès de vos aides" })).toHaveCount(0);

  await openAdminPage(helper.page, `/admin-orders/${orderNumber}`);
  const status = helper.page.getByRole("region", { name: "Statut et actions" });
  await expect(status).toContainText("En préparation");
  await status.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill("6A12345678901");
  await status.getByLabel(`Transporteur pour ${orderNumber}`).selectOption({ label: "Colissimo" });
  await status.getByRole("button", { name: "Marquer comme Expédiée" }).click();
  await expect(status).toContainText("Expédiée");
  // No refund, no cancellation, no invoice offered to her.
  await expect(helper.page.getByRole("button", { name: "Rembourser" })).toHaveCount(0);
  await expect(helper.page.getByRole("button", { name: "Annuler la commande" })).toHaveCount(0);
  await expect(helper.page.getByRole("link", { name: /Facture/ })).toHaveCount(0);
  await expect(helper.page.getByRole("link", { name: /Bon de livraison/ })).toBeVisible();
  await expectNoAxeViolations(helper.page);

  // A refund posted anyway is refused by the server, in French.
  const refund = await helper.page.request.post("/trpc/orders.refund", {
    data: { orderNumber, requestKey: "click-e2e-helper-0001", reason: "return", amount: 10, restock: "no" },
  });
  expect(refund.status()).toBe(403);
  expect(JSON.stringify(await refund.json())).toContain("réservée à la propriétaire");
  // And an owner's page answers 403 with the same words.
  const settings = await helper.page.goto("/admin-reglages");
  expect(settings?.status()).toBe(403);
  await expect(helper.page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
  expect(refusals.filter((said) => !/status of 403 .*\/admin-reglages/.test(said))).toEqual([]);

  // The order's history names who shipped it.
  await openAdminPage(page, `/admin-orders/${orderNumber}`);
  await expect(page.getByRole("region", { name: "Statut et actions" })).toContainText("Expédiée");
  await expect(page.getByText(`par ${name}`).first()).toBeVisible();

  // She removes the access: her helper's session ends at once.
  await openAdminPage(page, "/admin-acces");
  await page.getByRole("button", { name: `Retirer l'accès de ${name}` }).click();
  const asking = page.getByRole("alertdialog", { name: "Retirer l'accès" });
  await asking.getByRole("button", { name: "Retirer l'accès" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Accès de ${name} retiré` })).toBeVisible();
  await helper.page.goto("/admin-orders");
  await expect(helper.page.getByRole("heading", { name: "Accès sécurisé" })).toBeVisible();
  await helper.context.close();
});

test("she changes her password on her phone, her other sessions end, and she logs in with the new one", async ({
  page,
  browser,
  baseURL,
}) => {
  const newPassword = `un jacquard doré pour l'hiver ${randomBytes(3).toString("hex")}`;
  // Her laptop, logged in before.
  const laptop = await anotherPhone(browser, baseURL, "10.250.34.6");
  await logInAsOwner(laptop.page);

  await logInAsOwner(page);
  await followAdminNav(page, "Mon accès");
  const sessions = page.getByRole("table", { name: "Vos sessions" });
  await expect(sessions.getByText("Cette session")).toBeVisible();
  await expect(sessions).toContainText("Android · Chrome");
  await expect(sessions).toContainText("10.250.34.0/24");

  const form = page.getByRole("group", { name: "Mot de passe" });
  // A common password is refused, in French.
  await form.getByLabel("Mot de passe actuel").fill(ADMIN_PASSWORD);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("motdepasse2024");
  await form.getByLabel("Nouveau mot de passe, une seconde fois").fill("motdepasse2024");
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /trop courant/ })).toBeVisible();

  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill(newPassword);
  await form.getByLabel("Nouveau mot de passe, une seconde fois").fill(newPassword);
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mot de passe changé" }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Her laptop's session has ended.
  await laptop.page.goto("/admin");
  await expect(laptop.page.getByRole("heading", { name: "Accès sécurisé" })).toBeVisible();
  // The old password no longer opens; the new one does.
  await logIn(laptop.page, ADMIN_PASSWORD);
  await expect(laptop.page.getByText("Mot de passe incorrect")).toBeVisible();
  await logIn(laptop.page, newPassword);
  await expect(laptop.page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await laptop.context.close();

  // Set back to the run's password through the same form (the database outlives this spec).
  await openAdminPage(page, "/admin-acces");
  await form.getByLabel("Mot de passe actuel").fill(newPassword);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill(ADMIN_PASSWORD);
  await form.getByLabel("Nouveau mot de passe, une seconde fois").fill(ADMIN_PASSWORD);
  await form.getByRole("button", { name: "Changer le mot de passe" }).click();
  // The form empties on success.
  await expect(form.getByLabel("Mot de passe actuel")).toHaveValue("");
  await expect(page.getByRole("status").filter({ hasText: "Mot de passe changé" }).first()).toBeVisible();
});
