import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, trackingLinkFor } from "./mailbox";

// The owner's refunds, cancellations, returns, prices and export (issue 12). Every test places its
// own order under its own e-mail address: other specs buy the same models at the same time.
// Axe measures a settled page: no transition caught half-way (reduced motion), nothing loading.
test.use({ reducedMotion: "reduce" });
// The panel is an application for the owner: it runs with JavaScript only (the js-off project
// leaves out every admin*.spec.ts).

const uniqueEmail = () => `refund-${randomUUID().slice(0, 8)}@example.org`;

/** "169,00 €" as Intl writes it (a narrow no-break space before the sign), for any space. */
const euros = (amount: string) => new RegExp(`${amount.replace(/[.,]/g, "[.,]")}\\s€`);

/** E-mail HTML with its spaces plain, so amounts read as typed. */
const plainSpaces = (html: string) => html.replace(/&nbsp;|&#160;|&#xA0;|\u00a0|\u202f/gi, " ");

/** A purchase through the shop's pages with the test card; returns the order number. */
async function buy(page: Page, query: string, email: string, country = "FR"): Promise<string> {
  await page.goto(`${CHECKOUT.fr.checkout}?${query}`);
  await fillShipping(page, "fr", country);
  await page.getByLabel(CHECKOUT.fr.fields.email).fill(email);
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const text = await page.getByText(CHECKOUT.fr.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.fr.orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number on the thank-you page");
  return orderNumber;
}

/** The orders page, searched for one order, with its detail open. */
const ordersList = (page: Page) => page.getByRole("table", { name: "Commandes, les plus récentes d'abord" });

async function openOrder(page: Page, orderNumber: string) {
  await openAdminPage(page, "/admin-orders");
  await page.getByLabel("Rechercher").fill(orderNumber);
  // The list of every order (an order to attend to is also in the table above it).
  const row = ordersList(page).getByRole("row").filter({ hasText: orderNumber });
  await row.getByRole("button", { name: `Détail de la commande ${orderNumber}` }).click();
  const detail = page.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await expect(detail.getByRole("heading", { name: "Paiement et remboursements" })).toBeVisible();
  return { row, detail };
}

/**
 * A model's pieces on the shelf plus those the other paid orders took and kept: parallel tests
 * buy the same models, and only pieces of `orderNumber` coming back move this figure.
 */
async function shelfOf(slug: string, orderNumber: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT (p.stock + coalesce((
        SELECT sum(oi.quantity - oi.restocked_quantity) FROM order_items oi
        JOIN orders o ON o.id = oi.order_id
        WHERE oi.product_id = p.id AND o.paid_at IS NOT NULL AND o.order_number <> $2), 0))::int AS n
     FROM products p WHERE p.slug = $1`,
    [slug, orderNumber],
  );
  return row?.n ?? Number.NaN;
}

test("the owner refunds one piece of a paid order; the shopper is told by e-mail and on the tracking page", async ({
  page,
}) => {
  const email = uniqueEmail();
  // Belgium: 12 € of delivery on top of the two pieces.
  const orderNumber = await buy(page, "product=aicha&qty=1&product2=nadia&qty2=1", email, "BE");
  const trackingLink = await trackingLinkFor(orderNumber);

  await logInAsOwner(page);
  const { row, detail } = await openOrder(page, orderNumber);
  await expect(
    detail
      .getByRole("definition")
      .filter({ hasText: euros("350,00") })
      .first(),
  ).toBeVisible();
  await expect(detail).toContainText("Aucun remboursement pour le moment.");

  await detail.getByRole("button", { name: "Rembourser" }).click();
  const form = page.getByRole("dialog", { name: `Rembourser la commande ${orderNumber}` });
  await expect(form).toContainText(/Reste à rembourser : 350,00\s€, dont 12,00\s€ de livraison/);
  // Nothing chosen yet: the form says what is missing.
  await form.getByRole("button", { name: "Rembourser", exact: true }).click();
  await expect(form.getByText("Choisissez au moins une pièce à rembourser")).toBeVisible();

  await form.getByLabel("Quantité à rembourser : Nadia").selectOption("1");
  await expect(form.getByRole("status", { name: "Total à rembourser" })).toHaveText(euros("169,00"));
  await form.getByLabel("Rembourser aussi la livraison").check();
  await expect(form.getByRole("status", { name: "Total à rembourser" })).toHaveText(euros("181,00"));
  await form.getByLabel("Rembourser aussi la livraison").uncheck();
  // An order still in the workshop: a gesture, the piece back on the shelf at once.
  await expect(form.getByLabel("Motif")).toHaveValue("goodwill");
  await expect(form.getByLabel("Remettre en stock maintenant")).toBeChecked();
  await form.getByLabel("Note interne (facultative)").fill("La cliente garde seulement Aicha.");
  await expectNoAxeViolations(page);

  await form.getByRole("button", { name: /^Rembourser 169,00/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer le remboursement" });
  await expect(confirm).toContainText(/Rembourser 169,00\s€ à Camille Martin \?/);
  await expect(confirm).toContainText("remises en stock tout de suite");
  // A double click is still one refund (the button waits, the click's key is sent once).
  await confirm.getByRole("button", { name: /^Rembourser 169,00/ }).dblclick();

  await expect(form).toBeHidden();
  await expect(detail.getByText(/169,00\s€ remboursés sur la commande/)).toBeFocused();
  await expect(detail).toContainText("Partiellement remboursée");
  const refunds = detail.getByRole("table", { name: "Remboursements" });
  const refund = refunds.getByRole("row").filter({ hasText: "1 × Nadia" });
  await expect(refund).toContainText(euros("169,00"));
  await expect(refund).toContainText("Geste commercial");
  await expect(refund).toContainText("La cliente garde seulement Aicha.");
  await expect(refund).toContainText("Panneau");
  await expect(refund).toContainText("Effectué");
  await expect(detail).toContainText(/Reste remboursable\s*181,00\s€/);
  await expect(detail).toContainText("1 remise en stock");

  const stored = await sql(
    `SELECT r.amount_cents, r.status, oi.name, oi.restocked_quantity FROM refunds r
     JOIN orders o ON o.id = r.order_id JOIN order_items oi ON oi.order_id = o.id AND oi.name = 'Nadia'
     WHERE o.order_number = $1`,
    [orderNumber],
  );
  expect(stored).toEqual([
    { amount_cents: 16900, status: "succeeded", name: "Nadia", restocked_quantity: 1 },
  ]);

  await page.keyboard.press("Escape");
  await expect(detail).toBeHidden();
  await expect(row).toContainText("Partiellement remboursée");

  const mail = plainSpaces(await deliveredEmail(email, "Remboursement"));
  expect(mail).toContain("169,00 €");
  expect(mail).toContain("Nadia");
  expect(mail).toContain("Votre commande est partiellement remboursée.");

  await page.goto(trackingLink);
  await expect(page.getByRole("region", { name: orderNumber })).toContainText("Partiellement remboursée");
});

test("the owner cancels a paid order before it leaves: refunded in full, pieces back, the shopper told", async ({
  page,
}) => {
  const email = uniqueEmail();
  const orderNumber = await buy(page, "product=aicha&qty=1", email);
  await logInAsOwner(page);
  const { row, detail } = await openOrder(page, orderNumber);
  const shelfBefore = await shelfOf("aicha", orderNumber);

  await detail.getByRole("button", { name: "Annuler la commande" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Annuler la commande" });
  await expect(confirm).toContainText(
    new RegExp(`Annuler la commande ${orderNumber} et rembourser 169,00\\s€ à Camille Martin \\?`),
  );
  await expect(confirm.getByLabel("Remettre les pièces en stock")).toBeChecked();
  // Focus starts on the safe choice, which is not called « Annuler » here.
  await expect(confirm.getByRole("button", { name: "Garder la commande" })).toBeFocused();
  await confirm.getByRole("button", { name: "Annuler et rembourser" }).click();

  await expect(confirm).toBeHidden();
  await expect(detail.getByText(/169,00\s€ remboursés, le client est prévenu/)).toBeFocused();
  await expect(detail.getByText("Annulée", { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole("button", { name: "Rembourser" })).toHaveCount(0);
  expect(await shelfOf("aicha", orderNumber)).toBe(shelfBefore + 1);
  await page.keyboard.press("Escape");
  await expect(row).toContainText("Annulée");

  const mail = plainSpaces(await deliveredEmail(email, "Remboursement"));
  expect(mail).toContain(`Nous avons dû annuler votre commande`);
  expect(mail).toContain(orderNumber);
  expect(mail).toContain("169,00 €");
});

test("the owner downloads the month's CSV for the accountant, a refund as a negative line", async ({
  page,
}) => {
  const orderNumber = await buy(page, "product=nadia&qty=1", uniqueEmail());
  await logInAsOwner(page);
  const { detail } = await openOrder(page, orderNumber);
  // A gesture of an amount: nothing goes back on the shelf.
  await detail.getByRole("button", { name: "Rembourser" }).click();
  const form = page.getByRole("dialog", { name: `Rembourser la commande ${orderNumber}` });
  await form.getByLabel("Un montant").check();
  await form.getByLabel("Montant (€)").fill("200");
  await form.getByRole("button", { name: /^Rembourser 200,00/ }).click();
  await expect(form.getByLabel("Montant (€)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/c'est ce qui reste à rembourser/)).toBeVisible();
  await form.getByLabel("Montant (€)").fill("20,5");
  await form.getByRole("button", { name: /^Rembourser 20,50/ }).click();
  await page
    .getByRole("alertdialog", { name: "Confirmer le remboursement" })
    .getByRole("button", { name: /^Rembourser 20,50/ })
    .click();
  await expect(detail.getByText(/20,50\s€ remboursés sur la commande/)).toBeVisible();
  await page.keyboard.press("Escape");

  const exportForm = page.getByRole("region", { name: "Export comptable" });
  const month = await exportForm.getByLabel("Du mois").inputValue();
  expect(month).toMatch(/^\d{4}-\d{2}$/);
  await expect(exportForm.getByLabel("Au mois")).toHaveValue(month);
  const downloading = page.waitForEvent("download");
  await exportForm.getByRole("button", { name: "Télécharger le CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`souls-comptabilite-${month}.csv`);
  await expect(
    page.getByRole("status").filter({ hasText: /\d+ ventes?, \d+ remboursements?/ }),
  ).toBeVisible();

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n").filter(Boolean);
  expect(lines[0]).toBe(
    "Type;N° de pièce;N° de commande;Date de commande;Date de l'opération;Client;Pays;Code pays;Régime de TVA;Taux de TVA;Montant HT;TVA;Montant TTC;dont livraison TTC;Référence de paiement;dont remise TTC (code de réduction);Code de réduction",
  );
  const ours = lines.filter((line) => line.split(";")[2] === orderNumber).map((line) => line.split(";"));
  // Each line its paper, in the test series (the offline gateway took no money): the sale's
  // invoice, the refund's credit note.
  expect(ours.map((fields) => [fields[0], fields[1]?.replace(/\d+$/, "…"), fields[12]])).toEqual([
    ["Vente", "TEST-F-…", "169,00"],
    ["Remboursement", "TEST-AV-…", "-20,50"],
  ]);
  expect(lines.at(-1)).toMatch(/^Total [a-zéû]+ \d{4};/);
});

test("a refund the bank did not answer waits with its error, and « Réessayer » completes it", async ({
  page,
}) => {
  const orderNumber = await buy(page, "product=nadia&qty=1", uniqueEmail());
  // As orders.refund leaves it when the gateway times out (packages/api refunds tests).
  await sql(
    `INSERT INTO refunds (order_id, provider, amount_cents, reason, request_key, source, restock, last_error)
     SELECT id, payment_provider, 1000, 'goodwill', $2, 'admin', 'no', 'ETIMEDOUT' FROM orders WHERE order_number = $1`,
    [orderNumber, `e2e-${randomUUID()}`],
  );
  await logInAsOwner(page);
  const { detail } = await openOrder(page, orderNumber);
  const pending = detail.getByRole("row").filter({ hasText: "En attente de la banque" });
  await expect(pending).toContainText("Dernière erreur : ETIMEDOUT");
  await expect(detail.getByRole("definition").filter({ hasText: euros("159,00") })).toBeVisible();

  await pending.getByRole("button", { name: /^Réessayer le remboursement de 10,00/ }).click();
  await expect(detail.getByText(/10,00\s€ remboursés sur la commande/)).toBeFocused();
  await expect(detail.getByRole("row").filter({ hasText: "Effectué" })).toContainText(euros("10,00"));
  await expect(detail).not.toContainText("ETIMEDOUT");
  await expect(detail).toContainText("Partiellement remboursée");
});

test("a withdrawn parcel: late refund flagged on the list, return received, refunded as a withdrawal", async ({
  page,
}) => {
  const orderNumber = await buy(page, "product=nadia&qty=1", uniqueEmail());
  // Shipped, then withdrawn 16 days ago: the 14 days of L221-24 ran out 2 days ago.
  await sql(
    `UPDATE orders SET status = 'withdrawn', carrier = 'colissimo', tracking_number = 'E2E-RETOUR',
       shipped_at = now() - interval '20 days', withdrawn_at = now() - interval '16 days'
     WHERE order_number = $1`,
    [orderNumber],
  );
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-orders");
  await page.getByLabel("Rechercher").fill(orderNumber);
  const row = ordersList(page).getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Retour attendu");
  await expect(row).toContainText("En retard");
  await expect(row).toContainText("Remboursement en retard de 2 jours");

  const { detail } = await openOrder(page, orderNumber);
  await expect(detail).toContainText("En retard de 2 jours");
  await detail.getByRole("button", { name: "Marquer le retour reçu" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Retour reçu" });
  await expect(confirm.getByLabel("Remettre les pièces en stock")).toBeChecked();
  await confirm.getByRole("button", { name: "Marquer le retour reçu" }).click();
  await expect(detail.getByText("le colis est revenu")).toBeFocused();
  await expect(detail).toContainText(/Retour reçu le \d{2}\/\d{2}\/\d{4}/);
  await expect(detail.getByRole("button", { name: "Marquer le retour reçu" })).toHaveCount(0);

  await detail.getByRole("button", { name: "Rembourser" }).click();
  const form = page.getByRole("dialog", { name: `Rembourser la commande ${orderNumber}` });
  await expect(form.getByLabel("Motif")).toHaveValue("withdrawal");
  await expect(form.getByLabel("À réception du retour")).toBeChecked();
  await form.getByLabel("Quantité à rembourser : Nadia").selectOption("1");
  await form.getByRole("button", { name: /^Rembourser 169,00/ }).click();
  await page
    .getByRole("alertdialog", { name: "Confirmer le remboursement" })
    .getByRole("button", { name: /^Rembourser 169,00/ })
    .click();
  await expect(detail.getByText(/169,00\s€ remboursés sur la commande/)).toBeFocused();
  await expect(detail).toContainText("Remboursée");
  await expect(detail).not.toContainText("En retard");
});

test("the owner changes a model's price, reads it in its history, sets it back and restores an archived one", async ({
  page,
}) => {
  const reference = `E2E-${randomUUID().slice(0, 8)}`;
  const name = `Pochette ${reference}`;
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-stock");
  await page.getByRole("button", { name: "Nouveau modèle" }).click();
  const add = page.getByRole("dialog", { name: "Nouveau modèle" });
  await add.getByLabel("Référence").fill(reference);
  await add.getByLabel("Nom").fill(name);
  await add.getByLabel("Prix (€)").fill("49.90");
  await add.getByLabel("Stock initial").fill("2");
  await add.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brouillon créé" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-catalogue\/\d+$/);
  await page.getByRole("link", { name: "Stock", exact: true }).click();
  await page.getByLabel("Rechercher un modèle").fill(reference);
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(euros("49,90"));

  await row.getByRole("button", { name: `Modifier le prix : ${name}` }).click();
  const priceDialog = page.getByRole("dialog", { name: "Modifier le prix" });
  await expect(priceDialog).toContainText("Les commandes déjà passées gardent leur prix");
  const price = priceDialog.getByLabel("Nouveau prix (€)");
  await expect(price).toBeFocused();
  await price.fill("0");
  await priceDialog.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(priceDialog.getByText("Le prix doit être supérieur à 0")).toBeVisible();
  await price.fill("39,90");
  await priceDialog.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Prix modifié" })).toBeVisible();
  await expect(row).toContainText(euros("39,90"));

  await row.getByRole("button", { name: `Historique : ${name}` }).click();
  const history = page.getByRole("dialog", { name: `Historique : ${name}` });
  await expect(history.getByRole("listitem").first()).toContainText(/Prix modifié : 49,90\s€ → 39,90\s€/);
  await expect(history.getByRole("listitem").last()).toContainText(/Produit créé au prix de 49,90\s€/);
  await expectNoAxeViolations(page);
  await history.getByRole("button", { name: "Fermer" }).click();
  await expect(row.getByRole("button", { name: `Historique : ${name}` })).toBeFocused();

  await row.getByRole("button", { name: `Modifier le prix : ${name}` }).click();
  await price.fill("49.90");
  await priceDialog.getByRole("button", { name: "Enregistrer le prix" }).click();
  await expect(row).toContainText(euros("49,90"));
  const [stored] = await sql("SELECT price_cents FROM products WHERE reference = $1", [reference]);
  expect(stored?.price_cents).toBe(4990);

  // Archived as a product once ordered would be: « Rétablir » brings it back to the shop.
  await sql("UPDATE products SET archived_at = now() WHERE reference = $1", [reference]);
  await page.reload();
  await page.getByLabel("Rechercher un modèle").fill(reference);
  await expect(row).toContainText("Archivé");
  await row.getByRole("button", { name: `Rétablir ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle rétabli" })).toBeVisible();
  await expect(row).not.toContainText("Archivé");
  await row.getByRole("button", { name: `Historique : ${name}` }).click();
  await expect(history.getByRole("listitem")).toHaveText([
    /Rétabli dans la boutique/,
    /Prix modifié : 39,90\s€ → 49,90\s€/,
    /Prix modifié : 49,90\s€ → 39,90\s€/,
    /Produit créé au prix de 49,90\s€/,
  ]);
  await sql("DELETE FROM products WHERE reference = $1", [reference]);
});
