import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, type Lang, submitCheckout } from "./checkout-helpers";
import { expect, javaScriptOff, sql, test } from "./fixtures";

// Issue 35, point 3 (decision 048): the owner creates a code in « Codes de réduction » (the panel
// needs JavaScript: her browser has it, whatever the shopper's project), and a shopper uses it at
// checkout, with and without JavaScript, in French and in English; a code the shop does not know
// is refused with its reason. Each test has its own code: nothing another spec reads changes.
test.use({ reducedMotion: "reduce" });

const WORDS = {
  fr: {
    label: "Code de réduction",
    apply: "Appliquer",
    applied: (code: string) => `Code ${code} appliqué : −16,90 €.`,
    unknown: "Ce code n'existe pas. Vérifiez son orthographe.",
    discountLine: (code: string) => `Réduction (code ${code})`,
  },
  en: {
    label: "Discount code",
    apply: "Apply",
    applied: (code: string) => `Code ${code} applied: −€16.90.`,
    unknown: "This code does not exist. Please check its spelling.",
    discountLine: (code: string) => `Discount (code ${code})`,
  },
} as const;

/** The owner, in a browser of her own with JavaScript, creates a 10 % code on the panel. */
async function ownerCreatesCode(
  browser: Browser,
  baseURL: string,
  code: string,
  shots: (name: string) => string,
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: true,
    reducedMotion: "reduce",
    extraHTTPHeaders: { "X-Forwarded-For": `10.200.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
  });
  const owner = await context.newPage();
  try {
    await logInAsOwner(owner);
    await followAdminNav(owner, "Codes de réduction");
    await expect(owner.getByRole("heading", { level: 1, name: "Codes de réduction" })).toBeVisible();
    await owner.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await owner.getByLabel("Pourcentage").check();
    await owner.getByLabel("Valeur").fill("10");
    await owner.getByLabel("Nombre total d'utilisations").fill("50");
    await owner.getByRole("button", { name: "Créer le code" }).click();
    const item = owner.getByRole("listitem").filter({ hasText: code });
    await expect(item.getByText("En cours", { exact: true })).toBeVisible();
    await expect(item.getByText("0 / 50")).toBeVisible();
    await expectNoAxeViolations(owner);
    await owner.screenshot({ path: shots("panel-laptop.png"), fullPage: true });
    await owner.setViewportSize({ width: 412, height: 915 });
    await owner.screenshot({ path: shots("panel-phone.png"), fullPage: true });
  } finally {
    await context.close();
  }
}

async function typeCode(page: Page, lang: Lang, code: string) {
  await page.getByLabel(WORDS[lang].label).fill(code);
  await page.getByRole("button", { name: WORDS[lang].apply, exact: true }).click();
}

for (const lang of ["fr", "en"] as const) {
  test(`the owner creates a code and a shopper pays with it (${lang}); an unknown code is refused with its reason`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const code = `E2E-${lang.toUpperCase()}-${randomBytes(3).toString("hex").toUpperCase()}`;
    await ownerCreatesCode(browser, baseURL ?? "", code, (name) => testInfo.outputPath(`${lang}-${name}`));

    await page.goto(`${CHECKOUT[lang].checkout}?product=aicha&qty=1`);
    await fillShipping(page, lang, "FR");
    // A code the shop does not know: refused, and why.
    await typeCode(page, lang, `NOPE${randomBytes(2).toString("hex")}`);
    await expect(page.getByText(WORDS[lang].unknown)).toBeVisible();
    // Hers: 10 % of 169 € off, shown on the summary, the total and the button.
    await typeCode(page, lang, code.toLowerCase());
    await expect(page.getByText(WORDS[lang].applied(code))).toBeVisible();
    await expect(page.getByText(WORDS[lang].discountLine(code))).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText(lang === "fr" ? "152,10 €" : "€152.10");
    // Axe runs in the page: once, with JavaScript (the markup is the same without).
    if (!javaScriptOff(testInfo)) await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${lang}-checkout.png`), fullPage: true });
    // Without JavaScript, « Appliquer » posted the whole form: what she typed is still there.
    await expect(page.getByLabel(CHECKOUT[lang].fields.city)).toHaveValue("Paris");
    await submitCheckout(page, lang);

    const [order] = await sql<{ discount_cents: number; total_cents: number; subtotal_cents: number }>(
      "SELECT discount_cents, total_cents, subtotal_cents FROM orders WHERE discount_code = $1",
      [code],
    );
    expect(order).toEqual({ discount_cents: 1690, subtotal_cents: 16900, total_cents: 15210 });
  });
}
