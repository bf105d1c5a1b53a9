import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { logInAsOwner } from "../admin-helpers";
import { deliveredEmail } from "../mailbox";
import { webDir } from "../servers";
import { expect, orderOf, payByCard, sql, test } from "./stripe-shop";

// The owner's refunds reach Stripe once; a refund made in Stripe's dashboard reaches the shop once.

test.use({ reducedMotion: "reduce" });

/** Two pieces bought by card (Aicha and Nadia, 338 € to France). */
async function boughtByCard(page: Page) {
  const email = await payByCard(page, "product=aicha&qty=1&product2=nadia&qty2=1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Merci Camille ! Votre commande est confirmée",
  );
  return orderOf(email).then((order) => ({ ...order, email }));
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto("/admin-orders");
  await page.getByLabel("Rechercher").fill(orderNumber);
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await row.getByRole("button", { name: `Détail de la commande ${orderNumber}` }).click();
  const detail = page.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await expect(detail.getByRole("heading", { name: "Paiement et remboursements" })).toBeVisible();
  return detail;
}

test("the owner refunds a line from the panel: one refund at Stripe under the click's key, the refund e-mail", async ({
  page,
  stripeShop,
}) => {
  const order = await boughtByCard(page);
  await logInAsOwner(page);
  const detail = await openOrder(page, order.order_number);
  await detail.getByRole("button", { name: "Rembourser" }).click();
  const form = page.getByRole("dialog", { name: `Rembourser la commande ${order.order_number}` });
  await form.getByLabel("Quantité à rembourser : Nadia").selectOption("1");
  await form.getByRole("button", { name: /^Rembourser 169,00/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Confirmer le remboursement" });
  // A double click is one refund.
  await confirm.getByRole("button", { name: /^Rembourser 169,00/ }).dblclick();
  await expect(detail.getByText(/169,00\s€ remboursés sur la commande/)).toBeVisible();

  const atStripe = stripeShop.standIn.refunds.filter(
    (refund) => refund.payment_intent === order.payment_reference,
  );
  expect(atStripe.map((refund) => refund.amount)).toEqual([16900]);
  const asked = stripeShop.standIn.requests.filter(
    (request) =>
      request.path === "/v1/refunds" &&
      request.method === "POST" &&
      request.form.get("payment_intent") === order.payment_reference,
  );
  // The SDK may retry, always under the same key; the key is the shop's, made from the click.
  expect(new Set(asked.map((request) => request.idempotencyKey)).size).toBe(1);
  expect(asked[0]?.idempotencyKey).toMatch(/^refund-/);
  const [stored] = await sql<{ provider_refund_id: string; status: string }>(
    "SELECT provider_refund_id, status FROM refunds WHERE order_id = $1",
    [order.id],
  );
  expect(stored).toEqual({ provider_refund_id: atStripe[0]?.id, status: "succeeded" });
  // Stripe's own news of it (charge.refunded) is recognised as the shop's refund: still one.
  await stripeShop.standIn.webhooks.settled();
  expect(await sql("SELECT id FROM refunds WHERE order_id = $1", [order.id])).toHaveLength(1);
  const mail = await deliveredEmail(order.email, "Remboursement");
  expect(mail).toContain("Nadia");
});

test("a refund made in Stripe's dashboard is shown once in the panel, however often Stripe says so", async ({
  page,
  stripeShop,
}) => {
  const order = await boughtByCard(page);
  stripeShop.standIn.webhooks.mode = "twice";
  stripeShop.standIn.dashboardRefund(order.payment_reference ?? "", 5000);
  await stripeShop.standIn.webhooks.settled();
  await logInAsOwner(page);
  const detail = await openOrder(page, order.order_number);
  const refunds = detail.getByRole("table", { name: "Remboursements" });
  await expect(refunds.getByRole("row").filter({ hasText: /50,00\s€/ })).toHaveCount(1);
  await expect(refunds).toContainText("Stripe");
  await expect(detail).toContainText("Partiellement remboursée");
});

test("nothing of the Stripe stand-in reaches the production build", async () => {
  const build = join(webDir, "build");
  const files = (await readdir(build, { recursive: true })).filter((name) =>
    /\.(m?js|html|json)$/.test(name),
  );
  expect(files.length).toBeGreaterThan(5);
  for (const name of files) {
    const text = await readFile(join(build, name), "utf8");
    expect(text, name).not.toMatch(/stand-in|startStripeStandIn|elements-inner-payment/i);
  }
});
