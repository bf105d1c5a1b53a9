import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, trackingLinkFor } from "./mailbox";

// The admin panel is an application for the owner: it runs with JavaScript (js-on project only).
// Axe measures a settled page: no transition caught half-way (reduced motion), nothing loading.
test.use({ reducedMotion: "reduce" });

async function buy(page: Page): Promise<string> {
  await page.goto("/checkout?product=nadia&qty=1");
  await fillShipping(page, "fr", "FR");
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const text = await page.getByText(CHECKOUT.fr.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.fr.orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number");
  return orderNumber;
}

test("the owner ships the order a shopper just paid for; the shopper sees it shipped", async ({ page }) => {
  const orderNumber = await buy(page);
  const trackingNumber = `6A${Date.now()}`;

  await logInAsOwner(page);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Commandes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des Commandes");
  await page.getByLabel("Rechercher").fill(orderNumber);
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("En préparation");
  await expectNoAxeViolations(page);

  const ship = row.getByRole("button", { name: "Marquer comme Expédiée" });
  await expect(ship).toBeDisabled();
  await row.getByLabel(`Numéro de suivi pour ${orderNumber}`).fill(trackingNumber);
  await row.getByLabel(`Transporteur pour ${orderNumber}`).selectOption("colissimo");
  await ship.click();
  await expect(page.getByRole("status").filter({ hasText: "Commande expédiée" })).toBeVisible();
  await expect(row).toContainText("Expédiée");
  await expect(row).toContainText(trackingNumber);

  const shippingEmail = await deliveredEmail(trackingNumber);
  expect(shippingEmail).toContain(`laposte.fr/outils/suivre-vos-envois?code=${trackingNumber}`);
  const emails = await sql(
    "SELECT count(*)::int AS n FROM email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1 AND q.type = 'shipping_notification'",
    [orderNumber],
  );
  expect(emails[0]?.n).toBe(1);

  // The customer's tracking page shows it shipped, with the carrier's link.
  await page.goto(await trackingLinkFor(orderNumber));
  const card = page.getByRole("region", { name: orderNumber });
  await expect(card).toContainText("Expédiée");
  await expect(card.getByRole("link", { name: /Suivre le colis chez Colissimo/ })).toHaveAttribute(
    "href",
    `https://www.laposte.fr/outils/suivre-vos-envois?code=${trackingNumber}`,
  );
});

test("the owner adds, adjusts, finds and deletes a product; another open page follows live", async ({
  page,
  context,
}) => {
  const reference = `E2E-${randomUUID().slice(0, 8)}`;
  await logInAsOwner(page);
  await page.getByRole("link", { name: "Stock" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des Stocks");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Nouveau modèle" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau modèle" });
  await dialog.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(dialog.getByText(/Erreur de validation|obligatoire|Veuillez/).first()).toBeVisible();
  await dialog.getByLabel("Référence").fill(reference);
  await dialog.getByLabel("Nom").fill("Pochette d'essai");
  await dialog.getByLabel("Prix (€)").fill("49.90");
  await dialog.getByLabel("Stock initial").fill("2");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Créer le brouillon" }).click();
  // A draft of the catalogue: the owner lands in its editor, then comes back to the stock.
  await expect(page.getByRole("status").filter({ hasText: "Brouillon créé" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-catalogue\/\d+$/);
  await expect(page.getByRole("heading", { name: "Modèle : Pochette d'essai" })).toBeVisible();
  await page.getByRole("link", { name: "Stock", exact: true }).click();

  const search = page.getByLabel("Rechercher un modèle");
  await search.fill(reference);
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("49,90");

  // A second page, open on the same list, follows changes without reload.
  const other = await context.newPage();
  await other.goto("/admin-stock");
  await expect(other.getByText("En direct")).toBeVisible();
  await other.getByLabel("Rechercher un modèle").fill(reference);
  const otherRow = other.getByRole("row").filter({ hasText: reference });
  await expect(otherRow).toContainText("2");

  await row.getByRole("button", { name: "Ajouter une unité de Pochette d'essai" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Stock mis à jour" })).toBeVisible();
  await expect(otherRow).toContainText("3");
  const [stored] = await sql("SELECT stock FROM products WHERE reference = $1", [reference]);
  expect(stored?.stock).toBe(3);
  await other.close();

  await row.getByRole("button", { name: "Supprimer Pochette d'essai" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer le modèle" });
  await expect(confirm).toContainText(`Êtes-vous sûr de vouloir supprimer "Pochette d'essai" ?`);
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle supprimé" })).toBeVisible();
  expect(await sql("SELECT 1 FROM products WHERE reference = $1", [reference])).toHaveLength(0);
});

test("the owner sees the e-mail queue with masked recipients, and the access is logged", async ({ page }) => {
  // A message of its own in the queue, whatever else ran before.
  const [queued] = await sql<{ id: number }>(
    `INSERT INTO email_queue (recipient, locale, type, subject, payload, priority, status)
     VALUES ('camille@example.org', 'fr', 'back_in_stock', 'Nadia est de retour', $1, 1, 'sent') RETURNING id`,
    [JSON.stringify({ model: "nadia", productName: "Nadia", unsubscribeToken: `u.1.0.${"x".repeat(43)}` })],
  );
  await logInAsOwner(page);
  const [before] = await sql("SELECT count(*)::int AS n FROM email_access_log");
  await page.getByRole("link", { name: "E-mails" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("File des e-mails");
  for (const label of ["Total", "En attente", "Envoyés", "Échoués", "Destinataires uniques"]) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("cell", { name: "camille@example.org" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const [after] = await sql(
    "SELECT count(*)::int AS n FROM email_access_log WHERE access_method = 'admin_dashboard'",
  );
  expect(after?.n).toBeGreaterThan(before?.n ?? 0);

  // A message as the customer received it: its HTML in a sandboxed frame of its own address,
  // whose policy alone allows the e-mail's inline styles (the page's own has no 'unsafe-inline').
  await page.getByRole("button", { name: `Voir l'e-mail n° ${queued?.id}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.frameLocator("iframe").getByRole("heading", { name: "Nadia est de retour" }),
  ).toBeVisible();
  const pagePolicy = (await page.request.get("/admin-email")).headers()["content-security-policy"] ?? "";
  expect(pagePolicy).not.toContain("unsafe-inline");
  const src = await dialog.locator("iframe").getAttribute("src");
  const preview = await page.request.get(src ?? "");
  expect(preview.headers()["content-security-policy"]).toContain("sandbox");
  expect(preview.headers()["cache-control"]).toBe("no-store");
  expect(await sql("SELECT 1 FROM email_access_log WHERE access_method = 'admin_preview'")).not.toHaveLength(
    0,
  );
});

test("a stock change made through one web server reaches a page served by another", async ({
  page,
  context,
}) => {
  // A second server on the same database, as in the compose file's two replicas.
  const port = Number(new URL(test.info().project.use.baseURL ?? "http://x:3210").port) + 1;
  const second = spawn("node", ["server.mjs"], {
    cwd: join(import.meta.dirname, "../.."),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" },
    stdio: "ignore",
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    const reference = `E2E-${randomUUID().slice(0, 8)}`;
    await logInAsOwner(page);
    await openAdminPage(page, "/admin-stock");
    await page.getByRole("button", { name: "Nouveau modèle" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau modèle" });
    await dialog.getByLabel("Référence").fill(reference);
    await dialog.getByLabel("Nom").fill("Pochette répliquée");
    await dialog.getByLabel("Prix (€)").fill("20");
    await dialog.getByLabel("Stock initial").fill("5");
    await dialog.getByRole("button", { name: "Créer le brouillon" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Brouillon créé" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin-catalogue\/\d+$/);
    await page.getByRole("link", { name: "Stock", exact: true }).click();

    // The owner's session cookie is valid on every server: sessions live in the database.
    const other = await context.newPage();
    await other.goto(`http://127.0.0.1:${port}/admin-stock`);
    await expect(other.getByText("En direct")).toBeVisible();
    await other.getByLabel("Rechercher un modèle").fill(reference);
    const otherRow = other.getByRole("row").filter({ hasText: reference });
    await expect(otherRow.getByRole("cell").nth(1)).toHaveText(/^5/);

    await page.getByLabel("Rechercher un modèle").fill(reference);
    await page
      .getByRole("row")
      .filter({ hasText: reference })
      .getByRole("button", { name: "Retirer une unité de Pochette répliquée" })
      .click();
    await expect(otherRow.getByRole("cell").nth(1)).toHaveText(/^4/);
    await other.close();
  } finally {
    second.kill("SIGTERM");
  }
});
