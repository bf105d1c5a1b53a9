import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expect, sql, test } from "./fixtures";

// Issue 33: « Annonces » on the owner's phone — a draft from a series, its preview at a phone's
// width, nothing wider than her screen. The series is this spec's own.
test.use({ reducedMotion: "reduce" });

test("on her phone, the owner drafts a series' announcement and previews it at her screen's width", async ({
  page,
}) => {
  const mark = randomBytes(4).toString("hex");
  const title = `Série Rif ${mark}`;
  const [series] = await sql<{ id: number }>(
    `INSERT INTO series (title_fr, title_en, opens_at, early_access_minutes)
     VALUES ($1, $2, now() + interval '7 days', 60) RETURNING id`,
    [title, `Rif series ${mark}`],
  );
  await logInAsOwner(page);
  await followAdminNav(page, "Annonces");
  await page.getByLabel("Série", { exact: true }).selectOption(String(series?.id));
  await page.getByRole("button", { name: "Préparer l'annonce" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(
    page.frameLocator("iframe.admin-announcement__frame").getByRole("heading", { name: title }),
  ).toBeVisible();
  // Nothing runs off her phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  // The screen; the e-mail in its sandboxed frame (which runs no script, axe's included) is
  // checked on its own.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const screen = await new AxeBuilder({ page }).exclude("iframe.admin-announcement__frame").analyze();
  expect(screen.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await page.getByRole("button", { name: "Supprimer le brouillon" }).click();
  await expect(page.getByText("Brouillon supprimé.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Vos annonces" })).toBeVisible();
});
