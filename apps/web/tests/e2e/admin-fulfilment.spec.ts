import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { pdfText } from "@souls/papers/testing";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { trackingLinkFor } from "./mailbox";

// Fulfilment follows refunds (issue 32): a bag refunded before the parcel leaves is no longer to
// pack, and the packing slip, the orders list, the home page's waiting parcels and the shopper's
// tracking page say so alike. The test places its own order under its own e-mail address (other
// specs buy the same models at the same time) and counts nothing global.
test.use({ reducedMotion: "reduce" });
// The panel runs with JavaScript only (the js-off project leaves out every admin*.spec.ts).

/** A purchase of Aicha and Nadia through the shop's pages with the test card; its order number. */
async function buyTwoBags(page: Page, email: string): Promise<string> {
  await page.goto(`${CHECKOUT.fr.checkout}?product=aicha&qty=1&product2=nadia&qty2=1`);
  await fillShipping(page, "fr", "FR");
  await page.getByLabel(CHECKOUT.fr.fields.email).fill(email);
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const text = await page.getByText(CHECKOUT.fr.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.fr.orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number on the thank-you page");
  return orderNumber;
}

/** The packing slip's PDF, as its reader's software reads it, line by line. */
async function slipLines(page: Page, href: string): Promise<string[]> {
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  return (await pdfText(new Uint8Array(await answer.body()))).lines;
}

const ordersList = (page: Page) => page.getByRole("table", { name: "Commandes, les plus récentes d'abord" });

test("the owner refunds one of two bags before shipping: the slip, « à préparer » and the tracking page agree", async ({
  page,
}) => {
  const email = `fulfil-${randomUUID().slice(0, 8)}@example.org`;
  const orderNumber = await buyTwoBags(page, email);
  const trackingLink = await trackingLinkFor(orderNumber);

  // From her orders page: the order's detail, the refund of Nadia, put back on the shelf.
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-orders");
  await page.getByLabel("Rechercher").fill(orderNumber);
  const row = ordersList(page).getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("1 × Nadia");
  await row.getByRole("button", { name: `Détail de la commande ${orderNumber}` }).click();
  const detail = page.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await detail.getByRole("button", { name: "Rembourser" }).click();
  const form = page.getByRole("dialog", { name: `Rembourser la commande ${orderNumber}` });
  await form.getByLabel("Quantité à rembourser : Nadia").selectOption("1");
  await expect(form.getByLabel("Remettre en stock maintenant")).toBeChecked();
  await form.getByRole("button", { name: /^Rembourser 169,00/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer le remboursement" });
  await confirm.getByRole("button", { name: /^Rembourser 169,00/ }).click();
  await expect(form).toBeHidden();

  // Still to prepare, with one bag: the order says which piece was refunded before it left.
  await expect(detail.getByText(/169,00\s€ remboursés sur la commande/)).toBeVisible();
  await expect(detail).toContainText("En préparation");
  await expect(detail.getByRole("table", { name: /Articles/ })).toContainText(
    "1 × Nadia remboursé avant l'envoi",
  );
  const stored = await sql<{ status: string; payment_status: string }>(
    "SELECT status, payment_status FROM orders WHERE order_number = $1",
    [orderNumber],
  );
  expect(stored).toEqual([{ status: "pending_preparation", payment_status: "partially_refunded" }]);

  // The packing slip: Aicha to pack, Nadia named as refunded, not in the parcel.
  const slipHref = await detail.getByRole("link", { name: /Bon de livraison/ }).getAttribute("href");
  const slip = await slipLines(page, slipHref ?? "");
  expect(slip).toContain("Sac banane Aicha Aicha-01 1 ☐");
  expect(slip.some((line) => line.includes("Nadia-01") && line.includes("☐"))).toBe(false);
  expect(slip.join(" ")).toContain(
    "Remboursé avant l'envoi, pas dans ce colis : Sac banane Nadia (Nadia-01) × 1.",
  );
  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();

  // Her home page's waiting parcels lead to « En préparation », where the order waits with one bag.
  await page.goto("/admin");
  await page.getByRole("link", { name: /\d+ colis à préparer/ }).click();
  await expect(page.getByLabel("Statut")).toHaveValue("pending_preparation");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Rechercher").fill(orderNumber);
  const waiting = ordersList(page).getByRole("row").filter({ hasText: orderNumber });
  await expect(waiting).toContainText("1 × Aicha");
  await expect(waiting).toContainText("1 × Nadia remboursé avant l'envoi");
  await expect(waiting.getByLabel(`Numéro de suivi pour ${orderNumber}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The shopper's tracking page: Aicha will be shipped, Nadia was refunded.
  await page.goto(trackingLink);
  const card = page.getByRole("region", { name: orderNumber });
  await expect(card).toContainText("En préparation");
  const parcel = card.getByRole("list").filter({ hasText: "sera expédié" });
  await expect(parcel.getByRole("listitem")).toHaveText([
    "1 × Aicha : sera expédié",
    "1 × Nadia : remboursé avant l'envoi, ne sera pas expédié",
  ]);
  await expectNoAxeViolations(page);

  // She ships what is left; the tracking page then says what left.
  await openAdminPage(page, "/admin-orders?statut=pending_preparation");
  await page.getByLabel("Rechercher").fill(orderNumber);
  const toShip = ordersList(page).getByRole("row").filter({ hasText: orderNumber });
  await toShip.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill(`6A${Date.now()}`);
  await toShip.getByLabel(`Transporteur pour ${orderNumber}`).selectOption("colissimo");
  await toShip.getByRole("button", { name: "Marquer comme Expédiée" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Commande expédiée" })).toBeVisible();
  await page.goto(trackingLink);
  await expect(
    page.getByRole("region", { name: orderNumber }).getByRole("listitem").filter({ hasText: "Aicha" }),
  ).toHaveText("1 × Aicha : expédié");
});
