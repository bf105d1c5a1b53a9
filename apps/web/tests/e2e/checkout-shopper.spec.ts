import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, javaScriptOff, sql, test } from "./fixtures";

// The checkout's details a shopper relies on (issue 26), with and without JavaScript.

test("switching language keeps every field she typed, and the lines", async ({ page }) => {
  await page.goto("/checkout?product=nadia&qty=1");
  await fillShipping(page, "fr", "BE", "Inès");
  await page.getByLabel("Téléphone (facultatif)").fill("+32 470 12 34 56");
  await page.getByLabel("Complément d'adresse (facultatif)").fill("Boîte 3");
  await page.getByLabel("Instructions de livraison (facultatif)").fill("Sonner deux fois");
  await page.getByLabel("View this page in English").click();
  await expect(page).toHaveURL(/\/en\/checkout\?product=nadia&qty=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByLabel("First name")).toHaveValue("Inès");
  await expect(page.getByLabel("E-mail")).toHaveValue("camille@example.org");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("+32 470 12 34 56");
  await expect(page.getByLabel("Address line 2 (optional)")).toHaveValue("Boîte 3");
  await expect(page.getByLabel("Delivery country")).toHaveValue("BE");
  await expect(page.getByLabel("Delivery instructions (optional)")).toHaveValue("Sonner deux fois");
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Nadia");
});

test("the English shop asks for the country; import duties are said for Switzerland, not for Germany", async ({
  page,
}, testInfo) => {
  await page.goto("/en/checkout?product=aicha&qty=1");
  await expect(page.getByLabel("Delivery country")).toHaveValue("");
  const summary = page.getByRole("region", { name: "Summary" });
  const duties = summary.getByText(/import duties and taxes may be charged on delivery/);
  await fillShipping(page, "en", "CH");
  if (javaScriptOff(testInfo)) await page.getByRole("button", { name: /^Pay / }).click();
  await expect(duties).toContainText("Switzerland");
  await page.getByLabel("Delivery country").selectOption("DE");
  if (javaScriptOff(testInfo)) await page.getByRole("button", { name: /^Pay / }).click();
  await expect(summary).toContainText(/Shipping\s*€12\.00/);
  await expect(duties).toHaveCount(0);
});

test("the phone and the second line are stored with the order and shown in the panel", async ({
  page,
  browser,
}) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await fillShipping(page, "fr", "FR", "Nour");
  await page.getByLabel("Téléphone (facultatif)").fill("06 12 34 56 78");
  await page.getByLabel("Complément d'adresse (facultatif)").fill("Bâtiment B, 3e étage");
  await submitCheckout(page, "fr");
  const orderNumber = new URL(page.url()).searchParams.get("order");
  expect(await sql("SELECT phone, address_line2 FROM orders WHERE order_number = $1", [orderNumber])).toEqual(
    [{ phone: "06 12 34 56 78", address_line2: "Bâtiment B, 3e étage" }],
  );
  // Paid: the panel's list shows the orders to ship, not checkouts never paid.
  await payWithCard(page, "fr", "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(CHECKOUT.fr.thanks("Nour"));
  // The owner's panel needs JavaScript, whatever the shopper's browser did.
  const owner = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: true,
  });
  const panel = await owner.newPage();
  await logInAsOwner(panel);
  await openAdminPage(panel, "/admin-orders");
  await panel.getByLabel("Rechercher").fill(orderNumber ?? "");
  await panel
    .getByRole("row")
    .filter({ hasText: orderNumber ?? "" })
    .getByRole("button", { name: `Détail de la commande ${orderNumber}` })
    .click();
  const detail = panel.getByRole("dialog", { name: `Commande ${orderNumber}` });
  await expect(detail).toContainText("Bâtiment B, 3e étage");
  await expect(detail.getByRole("link", { name: "06 12 34 56 78" })).toHaveAttribute(
    "href",
    "tel:0612345678",
  );
  await owner.close();
});

test("a refused checkout says what to correct at the top, each field linked, what was typed kept", async ({
  page,
}) => {
  await page.goto("/checkout?product=aicha&qty=1");
  await page.getByLabel(CHECKOUT.fr.fields.firstName).fill("Camille");
  await page.getByLabel(CHECKOUT.fr.fields.email).fill("pas-une-adresse");
  await page.getByLabel("Téléphone (facultatif)").fill("appelez-moi");
  await page.getByRole("button", { name: /^Payer / }).click();
  const summary = page
    .getByRole("alert")
    .filter({ hasText: "Veuillez remplir tous les champs obligatoires" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "Nom : Veuillez remplir ce champ.",
    "E-mail : Cette adresse e-mail n'est pas valide.",
    "Téléphone (facultatif) : Ce numéro de téléphone n'est pas valide.",
    "Adresse : Veuillez remplir ce champ.",
    "Code postal : Veuillez remplir ce champ.",
    "Ville : Veuillez remplir ce champ.",
  ]);
  await expect(page.getByLabel("Téléphone (facultatif)")).toHaveValue("appelez-moi");
  await expect(summary.getByRole("link", { name: /^E-mail/ })).toHaveAttribute("href", "#field-email");
});
