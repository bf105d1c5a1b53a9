import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { pdfText } from "@souls/papers/testing";
import { logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, linkIn } from "./mailbox";

// The owner's day (issue 27): she hears of each order, sees her business at a glance, prints her
// papers, corrects an address, sends an e-mail again, reads her month's export and her sign-up
// lists. The panel runs with JavaScript only (the js-off project leaves out every admin*.spec.ts).
test.use({ reducedMotion: "reduce" });

/** A purchase through the shop's pages with the test card; returns the order number. */
async function buy(page: Page, email: string, country = "FR", product = "aicha"): Promise<string> {
  await page.goto(`${CHECKOUT.fr.checkout}?product=${product}&qty=1`);
  await fillShipping(page, "fr", country);
  await page.getByLabel(CHECKOUT.fr.fields.email).fill(email);
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const text = await page.getByText(CHECKOUT.fr.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.fr.orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number on the thank-you page");
  return orderNumber;
}

/** A PDF the panel links to, read back as its reader's software reads it. */
async function paperText(page: Page, href: string) {
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  return (await pdfText(new Uint8Array(await answer.body()))).text;
}

test("the owner hears of a paid order, sees it waiting, prints its papers, corrects its address and sends its confirmation again", async ({
  page,
}) => {
  const owner = `atelier-${randomUUID().slice(0, 8)}@souls.example`;
  const shopper = `day-${randomUUID().slice(0, 8)}@example.org`;
  await logInAsOwner(page);
  await page.getByRole("link", { name: "Réglages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Réglages" })).toBeVisible();
  await page.getByLabel("Votre adresse e-mail").fill(owner);
  await expect(page.getByLabel("Recevoir un e-mail à chaque commande payée")).toBeChecked();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Réglages enregistrés")).toBeVisible();
  await expectNoAxeViolations(page);

  // A shopper pays; the owner's e-mail arrives with the order and the link that opens it.
  const orderNumber = await buy(page, shopper);
  const notice = await deliveredEmail(owner, orderNumber);
  expect(notice).toContain("Nouvelle commande");
  expect(notice).toContain("Sac banane Aicha");
  expect(notice).toContain("75009 Paris, France");
  const orderLink = new URL(linkIn(notice, "/admin-orders?commande="));
  expect(orderLink.searchParams.get("commande")).toBe(orderNumber);

  // Her home page: today's sales and the order waiting to be prepared.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Aujourd'hui", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /\d+ colis à préparer/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Passer une commande de test" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The e-mail's link opens the order, its total with the shipping line.
  await page.goto(`${orderLink.pathname}${orderLink.search}`);
  const detail = page.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await expect(detail.getByRole("heading", { name: "Documents" })).toBeVisible();
  await expect(detail.getByRole("row", { name: /Livraison/ })).toContainText("Offerte");
  await expectNoAxeViolations(page);

  // Her papers: the packing slip and the invoice, as PDFs she prints.
  const slipHref = await detail.getByRole("link", { name: /Bon de livraison/ }).getAttribute("href");
  const slip = await paperText(page, slipHref ?? "");
  expect(slip).toContain("Bon de livraison");
  expect(slip).toContain(orderNumber);
  expect(slip).toContain("12 rue des Martyrs");
  const invoiceLink = detail.getByRole("link", { name: /^Facture TEST-F-\d{6}/ });
  const invoiceNumber = ((await invoiceLink.textContent()) ?? "").match(/TEST-F-\d{6}/)?.[0] ?? "";
  const invoice = await paperText(page, (await invoiceLink.getAttribute("href")) ?? "");
  expect(invoice).toContain(`Facture n° ${invoiceNumber}`);
  expect(invoice).toContain("Sac banane Aicha");
  expect(invoice).toMatch(/Total TTC 169,00\s€/);
  expect(invoice).toContain("TVA française au taux de 20 %");

  // The street was wrong: corrected before the parcel leaves, the shopper told.
  await detail.getByRole("button", { name: "Corriger l'adresse" }).click();
  const form = page.getByRole("dialog", { name: "Corriger l'adresse de livraison" });
  await form.getByLabel("Adresse", { exact: true }).fill("42 rue des Martyrs");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Enregistrer et prévenir le client" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Adresse corrigée" })).toBeVisible();
  await expect(detail.getByRole("group").or(detail.locator("address"))).toContainText("42 rue des Martyrs");
  await expect(detail.getByRole("list").filter({ hasText: "Adresse de livraison corrigée" })).toContainText(
    "Avant : Camille Martin, 12 rue des Martyrs",
  );
  await deliveredEmail(shopper, "42 rue des Martyrs");
  // The invoice keeps the address it was issued with: printed again, the same paper.
  expect(await paperText(page, (await invoiceLink.getAttribute("href")) ?? "")).toBe(invoice);

  // Once the confirmation is sent, she sends it again: the shopper gets it with the new address.
  await expect(async () => {
    await page.reload();
    const row = page
      .getByRole("dialog", { name: `Commande ${orderNumber}` })
      .getByRole("row", { name: /Confirmation de commande/ });
    await expect(row).toContainText("Envoyé", { timeout: 10_000 });
  }).toPass();
  const again = page
    .getByRole("dialog", { name: `Commande ${orderNumber}` })
    .getByRole("button", { name: "Renvoyer l'e-mail « Confirmation de commande »" });
  await again.click();
  await expect(page.getByText("E-mail remis en file d'envoi")).toBeVisible();
  // The confirmation, not the address correction's e-mail (which shows the new street too).
  const resent = await deliveredEmail("42 rue des Martyrs", "Merci, votre commande est confirmée");
  expect(resent).toContain(orderNumber);
  await expect(
    page
      .getByRole("dialog", { name: `Commande ${orderNumber}` })
      .getByRole("list")
      .filter({ hasText: "renvoyé" }),
  ).toContainText("« Confirmation de commande » renvoyé");
});

test("the accountant's export of a month reads back with a subtotal per country and rate adding up to the total", async ({
  page,
}) => {
  const email = `export-${randomUUID().slice(0, 8)}@example.org`;
  // A sale to Switzerland: an export, without VAT.
  const orderNumber = await buy(page, email, "CH", "nadia");
  await logInAsOwner(page);
  const month = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
  })
    .format(new Date())
    .slice(0, 7);
  const answer = await page.request.get(`/admin-orders/export-comptable?from=${month}&to=${month}`);
  expect(answer.status()).toBe(200);
  const rows = (await answer.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));
  const [header, ...lines] = rows;
  expect(header?.slice(8, 14)).toEqual([
    "Régime de TVA",
    "Taux de TVA",
    "Montant HT",
    "TVA",
    "Montant TTC",
    "dont livraison TTC",
  ]);
  const swiss = lines.find((fields) => fields[2] === orderNumber);
  expect(swiss?.slice(6, 13)).toEqual([
    "Suisse",
    "CH",
    "Exportation, exonérée (CGI art. 262 I)",
    "0 %",
    "181,00",
    "0,00",
    "181,00",
  ]);
  // Each subtotal is its country's and rate's rows added up; together they make the month's total.
  const cents = (amount = "") => Math.round(Number(amount.replace(",", ".")) * 100);
  const entries = lines.filter((fields) => fields[0] === "Vente" || fields[0] === "Remboursement");
  const subtotals = lines.filter((fields) => fields[0]?.startsWith("Sous-total "));
  const total = lines.find((fields) => fields[0]?.startsWith("Total "));
  expect(subtotals.length).toBeGreaterThan(0);
  for (const subtotal of subtotals) {
    const own = entries.filter(
      (fields) => fields[7] === subtotal[7] && fields[8] === subtotal[8] && fields[9] === subtotal[9],
    );
    expect(cents(subtotal[12]), subtotal.join(";")).toBe(
      own.reduce((sum, fields) => sum + cents(fields[12]), 0),
    );
  }
  expect(cents(total?.[12])).toBe(subtotals.reduce((sum, fields) => sum + cents(fields[12]), 0));
  expect(subtotals.map((fields) => fields[7])).toContain("CH");
});

test("the owner sees, searches, exports and deletes on request her sign-up lists", async ({ page }) => {
  const address = `liste-${randomUUID().slice(0, 8)}@example.org`;
  await sql(
    "INSERT INTO signups (email, locale, source, confirmed_at) VALUES ($1, 'fr', 'newsletter', '2026-11-20T08:00:00Z')",
    [address],
  );
  await logInAsOwner(page);
  await page.getByRole("link", { name: "Inscriptions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inscriptions" })).toBeVisible();
  await page.getByLabel("Rechercher une adresse").fill(address);
  // Her own list, in her own panel: the address in full (decision 027).
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Confirmé le 20/11/2026");
  await expectNoAxeViolations(page);
  // The export of the confirmed addresses, with the proof of consent.
  const csv = await (await page.request.get("/admin-inscriptions/export?list=newsletter")).text();
  expect(csv).toContain(`${address};;Newsletter;;Français;`);
  expect(csv).toContain(";20/11/2026 09:00:00;");
  // Deleted on request: the dialog names the address in full.
  await row.getByRole("button", { name: /Supprimer l'adresse/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer une adresse" });
  await expect(confirm).toContainText(`Supprimer ${address} de toutes les listes ?`);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Adresse supprimée")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await sql("SELECT 1 FROM signups WHERE email = $1", [address])).toEqual([]);
});

test("the owner's new screens have no accessibility violation on a phone", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await logInAsOwner(page);
  for (const [path, heading] of [
    ["/admin", "Tableau de bord"],
    ["/admin-orders", "Gestion des Commandes"],
    ["/admin-reglages", "Réglages"],
    ["/admin-inscriptions", "Inscriptions"],
    ["/admin-email", "File des e-mails"],
    ["/admin-tests", "Administration - Tests"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: testInfo.outputPath(`phone${path.replace(/\//g, "-")}.png`),
      fullPage: true,
    });
  }
  await context.close();
});

test("the owner's home page on a laptop", async ({ page }, testInfo) => {
  await logInAsOwner(page);
  await expect(page.getByRole("heading", { level: 2, name: "Ventes des 90 derniers jours" })).toBeVisible();
  await page.getByText("Ventes par jour (tableau)").click();
  await expect(page.getByRole("columnheader", { name: "Ventes TTC" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("laptop-admin.png"), fullPage: true });
});
