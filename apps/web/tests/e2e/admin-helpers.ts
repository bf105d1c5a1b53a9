import { expect, type Page } from "@playwright/test";
import { ADMIN_PASSWORD } from "../../playwright.config";

export { ADMIN_PASSWORD };

/** Logs the owner in through the login form, as she would (`scripted`: in a browser running JavaScript). */
export async function logInAsOwner(page: Page, { scripted = true } = {}) {
  await page.goto("/admin");
  await page.getByLabel("Mot de passe").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  // She lands on her home page (decision 026), and the panel's script runs: a click on one of
  // its buttons before hydration is lost on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord" })).toBeVisible();
  if (scripted) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Opens a page of the panel and waits for its script: the panel's buttons and filters are React's,
 * and a click or a keystroke before hydration is lost on a busy machine.
 */
export async function openAdminPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/**
 * Follows the panel's navigation to one of its pages, as she would: on a phone the pages are
 * folded behind « Menu » once the page's script runs, so that script is waited for and the menu
 * opened when it is shown.
 */
export async function followAdminNav(page: Page, name: string) {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name, exact: true }).click();
}
