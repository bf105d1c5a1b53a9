import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_PASSWORD } from "./admin-helpers";
import {
  CHECKOUT,
  fillShipping,
  type Lang,
  paidOrder,
  payWithCard,
  submitCheckout,
} from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, linkIn, trackingLinkFor } from "./mailbox";

const COPY = {
  fr: {
    page: "/suivi-commande",
    token: "Code de suivi",
    codeToggle: "J'ai un code de suivi",
    submit: "Suivre ma commande",
    another: "Suivre une autre commande",
    preparing: "En préparation",
    shipped: "Expédiée",
    withdraw: "Se rétracter du contrat ici",
    confirm: "Confirmer la rétractation",
    withdrawn: "Rétractée",
    recorded: /Votre rétractation a été enregistrée le \d+ /,
    periodOver: "Le délai de rétractation de 14 jours est écoulé",
    summary: "Récapitulatif",
    piece: "Sac banane Nadia",
    shipping: /Livraison\s*Offerte/,
    total: /Total TTC\s*169,00\s€/,
    /** A time of the timeline, in Paris time, without a zone code. */
    time: /^\d{1,2} \S+ \d{4} à \d{2}:\d{2}$/,
    find: {
      orderNumber: "Numéro de commande",
      email: "Adresse e-mail",
      submit: "Recevoir le lien de suivi",
      sent: "Si une commande correspond à ce numéro et à cette adresse, nous venons d'y envoyer le lien de son suivi.",
      linkEmail: "Votre lien de suivi",
    },
    errors: {
      required: "Veuillez saisir votre code de suivi",
      malformed: "Ce code est incomplet : copiez tout ce qui suit « token= » dans le lien de votre e-mail.",
      unknown:
        "Aucune commande ne correspond à ce code. Recevez son lien par e-mail avec votre numéro de commande et votre adresse.",
      expired:
        "Ce lien de suivi a expiré (un lien reste valable 90 jours). Recevez-en un nouveau avec votre numéro de commande et votre adresse e-mail.",
      blocked:
        "Trop de codes erronés depuis cette connexion : le suivi par code reprendra dans une heure. Vous pouvez dès maintenant recevoir le lien par e-mail avec votre numéro de commande et votre adresse.",
    },
  },
  en: {
    page: "/en/track-order",
    token: "Tracking code",
    codeToggle: "I have a tracking code",
    submit: "Track my order",
    another: "Track another order",
    preparing: "Being prepared",
    shipped: "Shipped",
    withdraw: "Withdraw from the contract here",
    confirm: "Confirm withdrawal",
    withdrawn: "Withdrawn",
    recorded: /Your withdrawal was recorded on \d+ /,
    periodOver: "The 14-day withdrawal period for this order is over",
    summary: "Summary",
    piece: "Nadia fanny pack",
    shipping: /Shipping\s*Free/,
    total: /Total incl\. VAT\s*€169\.00/,
    time: /^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/,
    find: {
      orderNumber: "Order number",
      email: "E-mail address",
      submit: "Send me the tracking link",
      sent: "If an order matches this number and address, we have just sent its tracking link there.",
      linkEmail: "Your tracking link",
    },
    errors: {
      required: "Please enter your tracking code",
      malformed: "This code is incomplete: copy everything after “token=” in the link of your e-mail.",
      unknown:
        "No order matches this code. Get its link by e-mail with your order number and e-mail address.",
      expired:
        "This tracking link has expired (a link stays valid for 90 days). Get a new one with your order number and e-mail address.",
      blocked:
        "Too many wrong codes from this connection: tracking by code resumes in an hour. You can get the link by e-mail right now with your order number and e-mail address.",
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

/** The owner marks the order shipped (her panel's procedure, with her session): the shipping e-mail. */
async function shipAsOwner(request: APIRequestContext, orderNumber: string, trackingNumber: string) {
  const login = await request.post("/admin", {
    form: { intent: "login", password: ADMIN_PASSWORD },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(303);
  const shipped = await request.post("/trpc/orders.markShipped", {
    data: { orderNumber, carrier: "colissimo", trackingNumber },
  });
  expect(shipped.status()).toBe(200);
}

/**
 * Sends the form and waits for its answer and the form ready again: a next attempt never
 * interrupts this one's navigation.
 */
async function track(page: Page, lang: Lang, token: string) {
  const field = page.getByLabel(COPY[lang].token);
  // The code's form is folded under the find-my-order form until a code was sent.
  if (!(await field.isVisible())) await page.locator("summary", { hasText: COPY[lang].codeToggle }).click();
  await field.fill(token);
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
    await expect(card.getByRole("listitem")).toHaveCount(2); // two steps of the timeline
    for (const time of await card.locator("time").allTextContents()) {
      expect(time.replace(/[\u00a0\u202f]/g, " ")).toMatch(copy.time);
    }
    // The piece named as the shop names it, the free shipping and the total.
    const summary = page.getByRole("region", { name: copy.summary });
    await expect(summary).toContainText(copy.piece);
    await expect(summary).toContainText(copy.shipping);
    await expect(summary).toContainText(copy.total);

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

  test(`an order found by its number and e-mail address, a wrong pair answered alike; the shipping e-mail opens it too (${lang})`, async ({
    page,
  }) => {
    const orderNumber = await paidOrder(page.request, { lang });
    await page.goto(copy.page);
    // The page leads with the find form; the code's form is folded.
    await expect(page.getByLabel(copy.find.orderNumber)).toBeVisible();
    await expect(page.getByLabel(copy.token)).toBeHidden();

    const ask = async (number: string, email: string) => {
      await page.goto(copy.page);
      await page.getByLabel(copy.find.orderNumber).fill(number);
      await page.getByLabel(copy.find.email).fill(email);
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: copy.find.submit }).click();
      const response = await answered;
      await expect(page.getByRole("status").filter({ hasText: copy.find.sent })).toBeVisible();
      return { status: response.status(), page: await page.getByRole("main").innerText() };
    };
    const wrong = await ask(orderNumber, "someone-else@example.org");
    const right = await ask(orderNumber.toLowerCase().replace("souls-", ""), "Camille@Example.ORG");
    expect(right.status).toBe(200);
    expect(wrong).toEqual(right);

    // One link, queued for the order's own address, none for the wrong pair.
    const links = await sql(
      "SELECT q.recipient, q.locale FROM email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1 AND q.type = 'tracking_link'",
      [orderNumber],
    );
    expect(links).toEqual([{ recipient: "camille@example.org", locale: lang }]);
    expect(await sql("SELECT id FROM email_queue WHERE recipient = 'someone-else@example.org'")).toEqual([]);

    // The e-mail the worker delivered opens the order.
    const linkEmail = await deliveredEmail(orderNumber, copy.find.linkEmail);
    const link = linkIn(linkEmail, "token=");
    expect(new URL(link).pathname).toBe(copy.page);
    await page.goto(link);
    await expect(page.getByRole("region", { name: orderNumber })).toContainText(copy.preparing);

    // Shipped: the shipping e-mail carries a link of its own, which opens the order too.
    const trackingNumber = `6A${Date.now()}${lang}`;
    await shipAsOwner(page.request, orderNumber, trackingNumber);
    const shipping = linkIn(await deliveredEmail(trackingNumber), "token=");
    expect(shipping).not.toBe(link);
    await page.goto(shipping);
    const card = page.getByRole("region", { name: orderNumber });
    await expect(card).toContainText(copy.shipped);
    await expect(card).toContainText(trackingNumber);
  });
}
