import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, checkoutForm, paidOrder } from "./checkout-helpers";
import { expect, test } from "./fixtures";

// The phone project (a Pixel 7's browser) at the size of the most common phone screen: the owner
// at the post office opens the compact menu, finds an order, opens its own page and ships it.
// The panel runs with JavaScript only (the js-off project leaves out every admin*.spec.ts).
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

/** Where the closing note's phone screenshots of an order's page go. */
/** Where the phone screens go: SCREENSHOTS_DIR to keep them (README), else the test's own output. */
async function shot(name: string): Promise<string> {
  const folder = process.env.SCREENSHOTS_DIR;
  if (!folder) return test.info().outputPath(name);
  await mkdir(folder, { recursive: true });
  return join(folder, name);
}

/** Nothing runs off the screen: no sideways scrolling of the page. */
async function expectNothingOffScreen(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${page.url()} is ${scrollWidth}px wide on a ${innerWidth}px screen`,
  ).toBeLessThanOrEqual(innerWidth);
}

test("on her phone the owner opens the menu, opens an order's own page from the list and ships it from there", async ({
  page,
  request,
}) => {
  const orderNumber = await paidOrder(request);
  expect(orderNumber).toMatch(/^SOULS-/);
  await logInAsOwner(page);

  // The compact menu: one button, the panel's pages folded behind it.
  const menu = page.getByRole("button", { name: "Menu" });
  const nav = page.getByRole("navigation", { name: "Navigation de l'administration" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  await expectNothingOffScreen(page);
  // Keyboard: opened with Enter, closed with Escape, focus back on the button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Commandes" })).toBeVisible();
  await expectNothingOffScreen(page);
  await page.screenshot({ path: await shot("admin-menu-phone.png") });
  await nav.getByRole("link", { name: "Commandes" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(nav).toBeHidden();
  // Opened again with a tap, a page chosen: the menu folds on the new page.
  await menu.click();
  await nav.getByRole("link", { name: "Commandes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gestion des Commandes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  // The list leads to the order's own page, an address she can keep or send.
  await page.getByLabel("Rechercher").fill(orderNumber);
  const list = page.getByRole("table", { name: "Commandes, les plus récentes d'abord" });
  const row = list.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toBeVisible();
  await expectNothingOffScreen(page);
  await row.getByRole("link", { name: `Page de la commande ${orderNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-orders/${orderNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${orderNumber}` })).toBeVisible();
  const status = page.getByRole("region", { name: "Statut et actions" });
  await expect(status).toContainText("En préparation");

  // Every action is here, and none runs off the screen: cancel, refund, papers, address, e-mails.
  const cancel = page.getByRole("button", { name: "Annuler la commande" });
  await expect(cancel).toBeVisible();
  const box = await cancel.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Rembourser" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Corriger l'adresse" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Bon de livraison/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "E-mails de la commande" })).toBeVisible();
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: await shot("order-page-phone.png"), fullPage: true });
  // Its dialogs fit the screen too: « Annuler la commande » asked, then kept.
  await cancel.click();
  const asking = page.getByRole("alertdialog", { name: "Annuler la commande" });
  await expect(asking).toBeVisible();
  for (const button of await asking.getByRole("button").all()) {
    const edge = await button.boundingBox();
    expect((edge?.x ?? 0) + (edge?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await asking.getByRole("button", { name: "Garder la commande" }).click();
  await expect(asking).toBeHidden();

  // Shipped from the order's page: carrier and tracking number, as the list's row does.
  await status.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill("6A12345678901");
  await status.getByLabel(`Transporteur pour ${orderNumber}`).selectOption({ label: "Colissimo" });
  await status.getByRole("button", { name: "Marquer comme Expédiée" }).click();
  await expect(status).toContainText("Expédiée");
  await expect(page.getByText("6A12345678901").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Marquer comme Livrée" })).toBeVisible();
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: await shot("order-page-phone-shipped.png"), fullPage: true });

  // The address is the order's: opened again from scratch, the page shows the same order.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Statut et actions" })).toContainText("Expédiée");
  // Her new-order e-mail's link (the list with the order open) leads a phone to the same page.
  await page.goto(`/admin-orders?commande=${orderNumber}`);
  await expect(page).toHaveURL(new RegExp(`/admin-orders/${orderNumber}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${orderNumber}` })).toBeVisible();
});

test("a checkout left unpaid, released from its page, reads « Paiement abandonné », never « Échouée »", async ({
  page,
  request,
}) => {
  // Placed, never paid: nobody tried a card.
  const placed = await request.post(CHECKOUT.fr.checkout, {
    form: checkoutForm("product=nadia&qty=1"),
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(303);
  const orderNumber = new URL(placed.headers().location ?? "", "http://x").searchParams.get("order") ?? "";
  expect(orderNumber).toMatch(/^SOULS-/);
  await logInAsOwner(page);
  await openAdminPage(page, `/admin-orders/${orderNumber}`);
  const status = page.getByRole("region", { name: "Statut et actions" });
  await expect(status).toContainText("En attente de paiement");
  await status.getByRole("button", { name: "Libérer la réservation" }).click();
  const asking = page.getByRole("alertdialog", { name: "Libérer la réservation" });
  await asking.getByRole("button", { name: "Libérer la réservation" }).click();
  await expect(status).toContainText("Annulée");
  await expect(status).toContainText("Paiement abandonné");
  await expect(status).not.toContainText("Échouée");
  await expectNothingOffScreen(page);
  // The list says the same, among the abandoned checkouts she asks to see.
  await openAdminPage(page, "/admin-orders");
  await page.getByLabel("Afficher les paniers abandonnés").check();
  await page.getByLabel("Rechercher").fill(orderNumber);
  const row = page
    .getByRole("table", { name: "Commandes, les plus récentes d'abord" })
    .getByRole("row")
    .filter({ hasText: orderNumber });
  await expect(row).toContainText("Paiement abandonné");
  await expectNothingOffScreen(page);
});

test("an order number that is none says so; an address of another shape is not found", async ({ page }) => {
  await logInAsOwner(page);
  const answer = await page.goto("/admin-orders/SOULS-NOT-AN-ORDER");
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole("alert")).toBeVisible();
  const malformed = await page.goto("/admin-orders/%3Cscript%3E");
  expect(malformed?.status()).toBe(404);
});

test("no page of the panel runs off a 390px screen, the menu folded on each", async ({ page }) => {
  await logInAsOwner(page);
  for (const path of [
    "/admin",
    "/admin-orders",
    "/admin-email",
    "/admin-stock",
    "/admin-catalogue",
    "/admin-avis",
    "/admin-inscriptions",
    "/admin-boutique",
    "/admin-reglages",
    "/admin-tests",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNothingOffScreen(page);
  }
});
