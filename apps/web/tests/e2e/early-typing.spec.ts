import { CHECKOUT } from "./checkout-helpers";
import { expect, test } from "./fixtures";

// A first-time shopper types the moment the page shows, while its scripts arrive or React hydrates
// it. React 18, handed such an event mid-hydration, hydrates at once and fails (error #345), and
// the page never hydrates. The race is a matter of milliseconds: ten first visits, each in a new
// browser (nothing cached), each a test of its own. JavaScript on only (playwright.config.ts).
const { fields } = CHECKOUT.fr;
const typed = [
  [fields.firstName, "Camille"],
  [fields.lastName, "Martin"],
  [fields.email, "camille@example.org"],
  [fields.address, "12 rue des Martyrs"],
  [fields.postalCode, "75009"],
  [fields.city, "Paris"],
] as const;

for (let visit = 1; visit <= 10; visit++) {
  test(`what a shopper types as soon as the checkout has loaded is kept, and nothing breaks (first visit ${visit})`, async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/checkout?product=aicha&qty=1");
    for (const [label, text] of typed) await page.getByLabel(label, { exact: true }).pressSequentially(text);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    for (const [label, text] of typed)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(text);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("the checkout keeps React: its page hydrates, its scripts asked for once its content has loaded", async ({
  page,
}) => {
  const response = await page.goto("/checkout?product=aicha&qty=1");
  const html = (await response?.text()) ?? "";
  expect(html).toContain('id="page-words"');
  const modulePreloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(modulePreloads.length).toBeGreaterThan(0);
  for (const link of modulePreloads) expect(link).toContain('media="not all"');
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
});

test("a field the shopper reached from a refused form before its scripts arrived keeps the focus once React is here", async ({
  page,
}) => {
  // A slow connection: the page's scripts come once she has been told what is missing and has
  // followed the summary's link to her first name.
  let scriptsArrive: () => void = () => {};
  const slowScripts = new Promise<void>((resolve) => {
    scriptsArrive = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await slowScripts;
    await route.continue();
  });
  await page.goto("/checkout?product=aicha&qty=1");
  await page.getByRole("button", { name: /^Payer / }).click();
  const summary = page
    .getByRole("alert")
    .filter({ hasText: "Veuillez remplir tous les champs obligatoires" });
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "Prénom : Veuillez remplir ce champ." }).click();
  await expect(page.getByLabel(fields.firstName)).toBeFocused();
  await page.keyboard.type("Cam");
  scriptsArrive();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.keyboard.type("ille");
  await expect(page.getByLabel(fields.firstName)).toBeFocused();
  await expect(page.getByLabel(fields.firstName)).toHaveValue("Camille");
});
