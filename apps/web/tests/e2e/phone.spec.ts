import { expect, test } from "./fixtures";
import { PAGES } from "./pages";

// On a phone nothing may scroll sideways, and the header keeps the cart and language in reach.
for (const page of PAGES) {
  test(`${page.name} fits a phone screen`, async ({ page: browser }) => {
    await browser.goto(page.fr.path);
    const overflow = await browser.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(browser.getByRole("link", { name: /^Panier, \d+ article/ })).toBeVisible();
    await expect(browser.getByRole("link", { name: "View this page in English" })).toBeVisible();
  });
}
