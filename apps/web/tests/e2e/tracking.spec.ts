import type { Page } from "@playwright/test";
import { CHECKOUT, fillShipping, type Lang, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { trackingLinkFor } from "./mailbox";

const COPY = {
  fr: {
    page: "/suivi-commande",
    token: "Token d'accès",
    submit: "Suivre ma commande",
    another: "Suivre une autre commande",
    preparing: "En préparation",
    withdraw: "Se rétracter du contrat ici",
    confirm: "Confirmer la rétractation",
    withdrawn: "Rétractée",
    recorded: /Votre rétractation a été enregistrée le \d+ /,
    periodOver: "Le délai de rétractation de 14 jours est écoulé",
    errors: {
      required: "Veuillez saisir votre token d'accès",
      malformed: "Format de token invalide. Vérifiez que vous avez copié le token complet.",
      unknown: "Aucune commande trouvée avec ce token",
      expired: "Token invalide ou expiré. Vérifiez votre email de confirmation de commande.",
      blocked:
        "Trop de tentatives échouées. Accès temporairement bloqué pour votre sécurité. Réessayez dans 1 heure.",
    },
  },
  en: {
    page: "/en/track-order",
    token: "Access token",
    submit: "Track my order",
    another: "Track another order",
    preparing: "Being prepared",
    withdraw: "Withdraw from the contract here",
    confirm: "Confirm withdrawal",
    withdrawn: "Withdrawn",
    recorded: /Your withdrawal was recorded on \d+ /,
    periodOver: "The 14-day withdrawal period for this order is over",
    errors: {
      required: "Please enter your access token",
      malformed: "Invalid token format. Check that you copied the whole token.",
      unknown: "No order found with this token",
      expired: "Invalid or expired token. Check your order confirmation e-mail.",
      blocked:
        "Too many failed attempts. Access is temporarily blocked for your security. Try again in 1 hour.",
    },
  },
} as const;

/** A purchase through the shop's pages with the test card; returns the order number. */
async function purchase(page: Page, lang: Lang): Promise<string> {
  await page.goto(`${CHECKOUT[lang].checkout}?product=nadia&qty=1`);
  await fillShipping(page, lang, "FR");
  await submitCheckout(page, lang);
  await payWithCard(page, lang, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(CHECKOUT[lang].thanks("Camille"));
  const text = await page.getByText(CHECKOUT[lang].orderNumber).textContent();
  const orderNumber = text?.match(CHECKOUT[lang].orderNumber)?.[1];
  if (!orderNumber) throw new Error("no order number on the thank-you page");
  return orderNumber;
}

/**
 * Sends the form and waits for its answer and the form ready again: a next attempt never
 * interrupts this one's navigation.
 */
async function track(page: Page, lang: Lang, token: string) {
  await page.getByLabel(COPY[lang].token).fill(token);
  const answered = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: COPY[lang].submit }).click();
  await answered;
  await expect(page.getByRole("button", { name: COPY[lang].submit })).toBeEnabled();
}

for (const lang of ["fr", "en"] as const) {
  const copy = COPY[lang];

  test(`the confirmation e-mail's link opens the order, and the shopper withdraws (${lang})`, async ({
    page,
  }) => {
    const orderNumber = await purchase(page, lang);
    const link = await trackingLinkFor(orderNumber);
    expect(new URL(link).pathname).toBe(copy.page);

    const response = await page.goto(link);
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const card = page.getByRole("region", { name: orderNumber });
    await expect(card).toContainText(copy.preparing);
    await expect(card).toContainText("Camille Martin");
    await expect(card).toContainText(lang === "fr" ? "169,00 €" : "€169.00");
    await expect(card.getByRole("listitem")).toHaveCount(3); // one line, two steps of the timeline

    await page.getByRole("button", { name: copy.withdraw }).click();
    // A confirmation step: nothing is recorded yet.
    const [before] = await sql("SELECT status FROM orders WHERE order_number = $1", [orderNumber]);
    expect(before?.status).toBe("pending_preparation");
    await page.getByRole("button", { name: copy.confirm }).click();
    await expect(page.getByRole("status").filter({ hasText: copy.recorded })).toBeVisible();
    await expect(card).toContainText(copy.withdrawn);
    await expect(page.getByRole("button", { name: copy.withdraw })).toHaveCount(0);

    const [order] = await sql("SELECT id, status, withdrawn_at FROM orders WHERE order_number = $1", [
      orderNumber,
    ]);
    expect(order?.status).toBe("withdrawn");
    const acknowledgement = await sql(
      "SELECT locale FROM email_queue WHERE order_id = $1 AND type = 'withdrawal_acknowledgement'",
      [order?.id],
    );
    expect(acknowledgement).toEqual([{ locale: lang }]);
    // Every access is logged, and the token is in no row of the log.
    const token = new URL(link).searchParams.get("token") as string;
    const log = await sql(
      "SELECT row_to_json(l)::text AS row FROM tracking_access_log l WHERE order_id = $1",
      [order?.id],
    );
    expect(log.length).toBeGreaterThanOrEqual(3);
    for (const { row } of log) expect(row).not.toContain(token);

    await page.getByRole("link", { name: copy.another }).click();
    await expect(page).toHaveURL(copy.page);
    await expect(page.getByLabel(copy.token)).toHaveValue("");
  });

  test(`wrong, short and expired tokens get their messages; the 11th failure is blocked (${lang})`, async ({
    page,
  }) => {
    const orderNumber = await purchase(page, lang);
    const token = new URL(await trackingLinkFor(orderNumber)).searchParams.get("token") as string;
    await page.goto(copy.page);

    await track(page, lang, "   ");
    await expect(page.getByText(copy.errors.required)).toBeVisible();
    await track(page, lang, "abc123");
    await expect(page.getByText(copy.errors.malformed)).toBeVisible();
    const wrong = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    await track(page, lang, wrong);
    await expect(page.getByRole("alert")).toHaveText(copy.errors.unknown);

    await sql(
      "UPDATE tracking_tokens SET expires_at = now() - interval '1 day' WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)",
      [orderNumber],
    );
    await track(page, lang, token);
    await expect(page.getByRole("alert")).toHaveText(copy.errors.expired);
    await sql(
      "UPDATE tracking_tokens SET expires_at = now() + interval '90 days' WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)",
      [orderNumber],
    );

    // Three failures so far (short, wrong, expired): seven more make ten in the hour.
    for (let i = 0; i < 7; i++) {
      await track(page, lang, `${wrong}${i}`);
      await expect(page.getByRole("alert")).toHaveText(copy.errors.unknown);
    }
    // The eleventh attempt is blocked, even with the right token.
    await track(page, lang, token);
    await expect(page.getByRole("alert")).toHaveText(copy.errors.blocked);
  });

  test(`after the withdrawal period the button is gone and a forged request is refused (${lang})`, async ({
    page,
  }) => {
    const orderNumber = await purchase(page, lang);
    const link = await trackingLinkFor(orderNumber);
    await sql(
      "UPDATE orders SET status = 'delivered', delivered_at = now() - interval '15 days' WHERE order_number = $1",
      [orderNumber],
    );
    await page.goto(link);
    await expect(page.getByRole("region", { name: orderNumber })).toContainText(
      lang === "fr" ? "Livrée" : "Delivered",
    );
    await expect(page.getByRole("button", { name: copy.withdraw })).toHaveCount(0);

    const token = new URL(link).searchParams.get("token") as string;
    const forged = await page.request.post(copy.page, { form: { intent: "confirm-withdrawal", token } });
    expect(forged.status()).toBe(409);
    expect(await forged.text()).toContain(copy.periodOver);
    const [order] = await sql("SELECT status FROM orders WHERE order_number = $1", [orderNumber]);
    expect(order?.status).toBe("delivered");
  });
}
