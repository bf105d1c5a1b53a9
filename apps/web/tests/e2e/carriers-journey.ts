import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { followAdminNav, logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { paidOrder } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { deliveredEmail, linkIn, trackingLinkFor } from "./mailbox";

/** Where the screens go: SCREENSHOTS_DIR to keep them (README), else the test's own output. */
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

/**
 * The owner adds a carrier of her own (« Mondial Relay », named apart for each run: the list is the
 * shop's, shared by every spec), ships a paid order with it, and the shopper's e-mail and tracking
 * page link to the parcel as its template says. A later change of the template leaves that order's
 * link as it was; retired, the carrier is no longer offered. `device` names the screenshots.
 */
export async function ownerAddsACarrierAndShipsWithIt(
  page: Page,
  request: APIRequestContext,
  device: string,
) {
  const orderNumber = await paidOrder(request);
  const suffix = randomUUID().slice(0, 6);
  const name = `Mondial Relay ${suffix}`;
  const template = `https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}&ref=${suffix}`;
  const trackingNumber = `MR ${Date.now()}`;
  const parcelLink = template.replace("{number}", encodeURIComponent(trackingNumber));

  await logInAsOwner(page);
  await followAdminNav(page, "Transporteurs");
  await expect(page.getByRole("heading", { level: 1, name: "Transporteurs" })).toBeVisible();
  const list = page.getByRole("table", { name: "Vos transporteurs" });
  await expect(list.getByRole("row").filter({ hasText: "Colissimo" })).toContainText(
    "https://www.laposte.fr/outils/suivre-vos-envois?code={number}",
  );
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);

  // A template without {number} is refused, in French, under its field.
  const form = page.getByRole("form", { name: "Ajouter un transporteur" });
  await form.getByLabel("Nom").fill(name);
  await form.getByLabel("Adresse de suivi").fill("https://www.mondialrelay.fr/suivi-de-colis/");
  await form.getByRole("button", { name: "Ajouter" }).click();
  await expect(
    form.getByText("Adresse de suivi : écrivez {number} à l'endroit du numéro du colis"),
  ).toBeVisible();
  await expect(form.getByLabel("Adresse de suivi")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await form.getByLabel("Adresse de suivi").fill(template);
  await expect(form).toContainText(template.replace("{number}", "6A12345678901"));
  await form.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} ajouté` })).toBeVisible();
  const row = list.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Proposé");
  await expect(row).toContainText(template);
  await expect(page.getByRole("table", { name: "Historique des transporteurs" })).toContainText(name);
  await expectNothingOffScreen(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: await shot(`carriers-${device}.png`), fullPage: true });

  // Shipped with it from the order's page.
  await openAdminPage(page, `/admin-orders/${orderNumber}`);
  const status = page.getByRole("region", { name: "Statut et actions" });
  await status.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill(trackingNumber);
  await status.getByLabel(`Transporteur pour ${orderNumber}`).selectOption({ label: name });
  await status.getByRole("button", { name: "Marquer comme Expédiée" }).click();
  await expect(status).toContainText("Expédiée");
  await expect(status).toContainText(name);

  // The shopper's e-mail links to the parcel as the template says, the number encoded.
  const email = await deliveredEmail(encodeURIComponent(trackingNumber), name);
  expect(linkIn(email, "mondialrelay.fr")).toBe(parcelLink);
  // And so does her tracking page.
  const trackingPage = await trackingLinkFor(orderNumber);
  await page.goto(trackingPage);
  const card = page.getByRole("region", { name: orderNumber });
  await expect(card).toContainText("Expédiée");
  const follow = card.getByRole("link", { name: `Suivre le colis chez ${name}` });
  await expect(follow).toHaveAttribute("href", parcelLink);

  // A new template is for the next parcels: this order keeps the link it left with.
  await openAdminPage(page, "/admin-transporteurs");
  await row.getByRole("button", { name: `Modifier ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Modifier ${name}` });
  await dialog.getByLabel("Adresse de suivi").fill("https://suivi.example/colis/{number}");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("https://suivi.example/colis/{number}");
  await page.goto(trackingPage);
  await expect(page.getByRole("link", { name: `Suivre le colis chez ${name}` })).toHaveAttribute(
    "href",
    parcelLink,
  );

  // Retired, it is no longer offered when shipping (and the other specs' lists stay as they were).
  await openAdminPage(page, "/admin-transporteurs");
  await row.getByRole("button", { name: `Retirer ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Retirer ${name}` });
  await confirm.getByRole("button", { name: "Retirer" }).click();
  await expect(row).toContainText("Retiré");
  await expect(row.getByRole("button", { name: `Proposer à nouveau ${name}` })).toBeVisible();
  await expectNoAxeViolations(page);
}
