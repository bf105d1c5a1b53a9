import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { paidOrder } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail, linkIn } from "./mailbox";

// The phone project (a Pixel 7's browser) at the size of the most common phone screen: the
// shopper who lost her confirmation e-mail finds her order from the tracking page.
test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });

const COPY = {
  fr: {
    page: "/suivi-commande",
    orderNumber: "Numéro de commande",
    email: "Adresse e-mail",
    submit: "Recevoir le lien de suivi",
    sent: "Si une commande correspond à ce numéro et à cette adresse, nous venons d'y envoyer le lien de son suivi.",
    linkEmail: "Votre lien de suivi",
    summaryTitle: "Vérifiez ces informations",
    numberError: "Ce numéro ne ressemble pas aux nôtres",
    preparing: "En préparation",
  },
  en: {
    page: "/en/track-order",
    orderNumber: "Order number",
    email: "E-mail address",
    submit: "Send me the tracking link",
    sent: "If an order matches this number and address, we have just sent its tracking link there.",
    linkEmail: "Your tracking link",
    summaryTitle: "Please check these details",
    numberError: "This does not look like one of our order numbers",
    preparing: "Being prepared",
  },
} as const;

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** With SCREENSHOTS_DIR set, the screen as the shopper sees it, for the closing note. */
async function keepScreenshot(page: Page, name: string, fullPage = false) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

for (const lang of ["fr", "en"] as const) {
  const copy = COPY[lang];

  test(`on a phone, a shopper finds her order by its number and e-mail address (${lang})`, async ({
    page,
  }) => {
    const orderNumber = await paidOrder(page.request, { lang });
    await page.goto(copy.page);
    await expect(page.getByLabel(copy.orderNumber)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `tracking-form-phone-${lang}`);

    // A mistyped number: the summary at the form's top takes the focus and leads to the field.
    await page.getByLabel(copy.orderNumber).fill("SOULS-1234");
    await page.getByLabel(copy.email).fill("camille@example.org");
    await page.getByRole("button", { name: copy.submit }).click();
    const summary = page.getByRole("alert").filter({ hasText: copy.summaryTitle });
    await expect(summary).toBeFocused();
    await summary.getByRole("link", { name: new RegExp(copy.numberError) }).click();
    await expect(page.getByLabel(copy.orderNumber)).toBeFocused();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `tracking-form-errors-phone-${lang}`);

    await page.getByLabel(copy.orderNumber).fill(orderNumber);
    await page.getByRole("button", { name: copy.submit }).click();
    const sent = page.getByRole("status").filter({ hasText: copy.sent });
    await expect(sent).toBeVisible();
    await expect(sent).toBeInViewport();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `tracking-sent-phone-${lang}`);

    // A wrong pair: the same answer, and nothing queued for it.
    await page.goto(copy.page);
    await page.getByLabel(copy.orderNumber).fill(orderNumber);
    await page.getByLabel(copy.email).fill("not-her@example.org");
    await page.getByRole("button", { name: copy.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: copy.sent })).toBeVisible();
    const queued = await sql(
      "SELECT q.recipient FROM email_queue q JOIN orders o ON o.id = q.order_id WHERE o.order_number = $1 AND q.type = 'tracking_link'",
      [orderNumber],
    );
    expect(queued).toEqual([{ recipient: "camille@example.org" }]);

    // Her e-mail's link opens the order on the phone.
    await page.goto(linkIn(await deliveredEmail(orderNumber, copy.linkEmail), "token="));
    await expect(page.getByRole("region", { name: orderNumber })).toContainText(copy.preparing);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `tracking-order-phone-${lang}`, true);
  });
}
