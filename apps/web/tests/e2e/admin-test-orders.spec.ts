import { randomUUID } from "node:crypto";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, trackingLinkFor } from "./mailbox";

// Issue 32: the owner's test order touches nothing real, « Test DB » asks and cleans up after
// itself, and the home page's figures are net beside gross with every order that needs her. The
// panel runs with JavaScript only (the js-off project leaves out every admin*.spec.ts).
test.use({ reducedMotion: "reduce" });

const ORDER_NUMBER = /SOULS-[0-9A-Z]{10}/;

test("« Test Commande » asks first and places an order marked as a test that holds no piece and counts nowhere", async ({
  page,
}) => {
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-orders");
  await expect(page.getByRole("heading", { level: 1, name: "Gestion des Commandes" })).toBeVisible();

  // It asks first; « Annuler » places nothing.
  const testButton = page.getByRole("button", { name: "Test Commande" });
  await testButton.click();
  const dialog = page.getByRole("alertdialog", { name: "Passer une commande de test ?" });
  await expect(dialog).toContainText("ne réserve ni ne vend aucune pièce");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(testButton).toBeFocused();

  await testButton.click();
  await dialog.getByRole("button", { name: "Passer la commande de test" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Commande test créée" });
  await expect(toast).toContainText(ORDER_NUMBER);
  const orderNumber = (await toast.textContent())?.match(ORDER_NUMBER)?.[0] as string;
  await expect(dialog).toBeHidden();

  // In the database: a test order, whose line took no piece and whose invoice is in the test series.
  const [order] = await sql<{ id: number; is_test: boolean }>(
    "SELECT id, is_test FROM orders WHERE order_number = $1",
    [orderNumber],
  );
  expect(order?.is_test).toBe(true);
  const [invoice] = await sql<{ number: string }>("SELECT number FROM invoices WHERE order_id = $1", [
    order?.id,
  ]);
  expect(invoice?.number).toMatch(/^TEST-F-/);
  const [counted] = await sql<{ n: number }>(
    "SELECT count(*)::int AS n FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1 AND i.number LIKE 'F-%'",
    [orderNumber],
  );
  expect(counted?.n).toBe(0);

  // In the list and in its detail, it says it is a test.
  await page.getByLabel("Rechercher", { exact: true }).fill(orderNumber);
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(row.locator(".admin-badge").filter({ hasText: /^Test$/ })).toBeVisible();
  await row.getByRole("button", { name: orderNumber }).click();
  const detail = page.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await expect(detail).toContainText("Commande de test : elle ne réserve aucune pièce");
  await expectNoAxeViolations(page);

  // Its e-mail says so in its subject, and its tracking page too.
  // (The owner's own notice of the order names it too: the confirmation is the one that says this.)
  const confirmation = await deliveredEmail(orderNumber, "Commande de test passée par la boutique");
  expect(confirmation).toContain("Merci, votre commande est confirmée");
  const [queued] = await sql<{ subject: string }>(
    "SELECT subject FROM email_queue WHERE order_id = $1 AND type = 'order_confirmation'",
    [order?.id],
  );
  expect(queued?.subject).toMatch(/^\[TEST\] /);
  await page.goto(await trackingLinkFor(orderNumber));
  await expect(page.getByText("Commande de test passée par la boutique")).toBeVisible();

  // The tests page asks too; « Annuler » runs nothing.
  await openAdminPage(page, "/admin-tests");
  await page.getByRole("button", { name: "Test Commande" }).click();
  const asked = page.getByRole("alertdialog", { name: "Passer une commande de test ?" });
  await expect(asked).toBeVisible();
  await expectNoAxeViolations(page);
  await asked.getByRole("button", { name: "Annuler" }).click();
  await expect(asked).toBeHidden();
  await expect(page.getByText("Aucun test lancé pour le moment.")).toBeVisible();
});

test("« Test DB » asks before adding its draft, names it a test and removes it in one click", async ({
  page,
}) => {
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-stock");
  await expect(page.getByRole("heading", { level: 1, name: "Gestion des Stocks" })).toBeVisible();
  await page.getByRole("button", { name: "Test DB" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Ajouter un produit test ?" });
  await expect(dialog).toContainText("Produit test");
  await dialog.getByRole("button", { name: "Ajouter le produit test" }).click();
  await expect(dialog).toBeHidden();

  const notice = page.locator(".admin-sample");
  await expect(notice).toContainText(/Produit test \(TEST-[0-9A-Z]{6}\) : brouillon de test/);
  const reference = (await notice.textContent())?.match(/TEST-[0-9A-Z]{6}/)?.[0] as string;
  await page.getByRole("searchbox", { name: "Rechercher un modèle" }).fill(reference);
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row.locator(".admin-badge").filter({ hasText: /^Test$/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await notice.getByRole("button", { name: "Supprimer le produit test" }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Produit test supprimé" })).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await sql("SELECT id FROM products WHERE reference = $1", [reference])).toEqual([]);
});

test("the home page shows net sales beside gross and the withdrawn order to refund with its deadline", async ({
  page,
}) => {
  // A shopper buys, then withdraws from the contract before it left.
  const shopper = `net-${randomUUID().slice(0, 8)}@example.org`;
  await page.goto(`${CHECKOUT.fr.checkout}?product=nadia&qty=1`);
  await fillShipping(page, "fr", "FR", "Emma");
  await page.getByLabel(CHECKOUT.fr.fields.email).fill(shopper);
  await submitCheckout(page, "fr");
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  const text = await page.getByText(CHECKOUT.fr.orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT.fr.orderNumber)?.[1] as string;
  await page.goto(await trackingLinkFor(orderNumber));
  await page.getByRole("button", { name: "Se rétracter du contrat ici" }).click();
  await page.getByRole("button", { name: "Confirmer la rétractation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /Votre rétractation a été enregistrée/ }),
  ).toBeVisible();
  const [deadline] = await sql<{ day: string }>(
    `SELECT to_char((withdrawn_at + interval '14 days') AT TIME ZONE 'Europe/Paris', 'DD/MM/YYYY') AS day
     FROM orders WHERE order_number = $1`,
    [orderNumber],
  );

  await logInAsOwner(page);
  const waiting = page.getByRole("region", { name: "Ce qui vous attend" });
  const toRefund = waiting.getByRole("link", { name: new RegExp(`^${orderNumber} — Emma `) });
  await expect(toRefund).toContainText(`à rembourser avant le ${deadline?.day}`);
  await expect(
    waiting.getByRole("link", { name: /remboursements? à faire après rétractation/ }),
  ).toBeVisible();

  // Gross and net, for today, this week and this month; what the net leaves out is said once.
  // (The shop's other tests share the database: its amounts are theirs too, only their words are asserted.)
  const periods = page.getByRole("region", { name: "Chiffre d'affaires" });
  await expect(periods).toContainText("Net : le brut moins les remboursements");
  for (const period of ["Aujourd'hui", "Cette semaine", "Ce mois-ci"]) {
    const card = periods.getByRole("listitem").filter({ has: page.getByRole("heading", { name: period }) });
    await expect(card).toContainText("Brut TTC");
    await expect(card).toContainText(/Net : .*\d,\d\d\s€/);
  }
  // The withdrawal not refunded yet is out of the net, and said (in this month's card at least).
  await expect(periods).toContainText(/Rétractations à rembourser : .*\d,\d\d\s€/);
  await expectNoAxeViolations(page);

  // The link opens the order.
  await toRefund.click();
  await expect(page.getByRole("dialog", { name: `Commande ${orderNumber}` })).toBeVisible();
});
