import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { logInAsOwner } from "./admin-helpers";

/** A model's page reached from an Instagram link tagged with a campaign of its own. */
export const MODEL_PAGE = "/produit/sac-banane-aicha";

/**
 * A shopper opens a model's page from an Instagram post's link (utm_source=Instagram, a campaign
 * of this test's own): the page answers without setting any cookie. Returns the campaign's name
 * as the panel shows it (normalized: lower case).
 */
export async function visitFromInstagram(page: Page): Promise<string> {
  const campaign = `Post-${randomUUID().slice(0, 8)}`;
  const answer = await page.goto(
    `${MODEL_PAGE}?utm_source=Instagram&utm_medium=social&utm_campaign=${campaign}`,
    { referer: "https://l.instagram.com/" },
  );
  expect(answer?.status()).toBe(200);
  // Counted without a cookie: none set by the page, none in the browser.
  expect(answer?.headers()["set-cookie"]).toBeUndefined();
  expect(await page.context().cookies()).toEqual([]);
  return campaign.toLowerCase();
}

/**
 * The owner's home page shows the visit in today's sources once the web server has written its
 * counts (every 10 seconds): she reloads until it is there, as she would. Each reload is given time
 * to show its tables on a busy machine (their data comes once the page's script runs).
 */
export async function ownerSeesSource(page: Page, campaign: string) {
  await logInAsOwner(page);
  const sources = page.getByRole("table", { name: "D'où viennent les visites aujourd'hui" });
  await expect(async () => {
    await page.reload();
    await expect(sources.getByRole("row", { name: new RegExp(`instagram\\.com.*${campaign}`) })).toBeVisible({
      timeout: 10_000,
    });
  }).toPass();
  const row = sources.getByRole("row", { name: new RegExp(campaign) });
  await expect(row.getByRole("rowheader")).toHaveText("instagram.com");
  await expect(row.getByRole("cell").nth(0)).toHaveText("instagram");
  await expect(row.getByRole("cell").nth(1)).toHaveText("social");
  await expect(page.getByRole("heading", { level: 2, name: "Visites des 30 derniers jours" })).toBeVisible();
  return row;
}
