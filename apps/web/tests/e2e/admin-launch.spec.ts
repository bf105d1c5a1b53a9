/**
 * The owner schedules a series' opening from her panel (decision 039): the day and hour in Paris
 * time with an early access for her list; a moment already past is refused in French; she moves
 * the opening, then cancels it.
 */
import { fromWallTime, wallTimeOf } from "@souls/core/format";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, sql, test } from "./fixtures";

const DAY = 24 * 3600_000;

// The opening refused on purpose answers 400: that answer is under test.
test.use({ expectedConsoleErrors: [/status of 400 .*\/trpc\/catalogue\.updateSeries/] });

test("the owner schedules a series with early access, then moves and cancels its opening", async ({
  page,
}) => {
  const title = `Série programmée ${Date.now()}`;
  const opensOn = wallTimeOf(new Date(Date.now() + 3 * DAY)).date;
  const movedTo = wallTimeOf(new Date(Date.now() + 4 * DAY)).date;
  const yesterday = wallTimeOf(new Date(Date.now() - DAY)).date;
  const stored = async () =>
    (
      await sql<{ opens_at: Date | null; early_access_minutes: number; launch_limit_pieces: number }>(
        "SELECT opens_at, early_access_minutes, launch_limit_pieces FROM series WHERE title_fr = $1",
        [title],
      )
    )[0];

  await logInAsOwner(page);
  await openAdminPage(page, "/admin-catalogue");
  await page.getByRole("button", { name: "Nouvelle série" }).click();
  await page.getByLabel("Titre (français)", { exact: true }).fill(title);
  await page.getByLabel("Titre (anglais)", { exact: true }).fill("Scheduled series");
  await page.getByLabel("Jour d'ouverture", { exact: true }).fill(opensOn);
  await page.getByLabel("Heure d'ouverture (heure de Paris)", { exact: true }).fill("18:00");
  await page.getByLabel("Accès anticipé pour les inscrits à l'avant-première").selectOption("60");
  await page.getByLabel("Limite de lancement : pièces d'un modèle par client").fill("2");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Créer la série" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série créée" })).toBeVisible();
  expect(await stored()).toEqual({
    opens_at: fromWallTime(opensOn, "18:00"),
    early_access_minutes: 60,
    launch_limit_pieces: 2,
  });
  const section = page.getByRole("region", { name: title });
  await expect(
    section.getByText(/^Ouverture programmée : \d\d\/\d\d\/\d{4} 18:00 \(heure de Paris\)/),
  ).toBeVisible();

  // A moment already past: refused, in French, and nothing changes.
  const edit = page.getByRole("button", { name: `Modifier la série « ${title} »` });
  await edit.click();
  await page.getByLabel("Jour d'ouverture", { exact: true }).fill(yesterday);
  await page.getByRole("button", { name: "Enregistrer la série" }).click();
  await expect(
    page
      .getByRole("dialog")
      .getByRole("alert")
      .filter({ hasText: "Cette heure d'ouverture est déjà passée" }),
  ).toBeVisible();
  expect((await stored())?.opens_at).toEqual(fromWallTime(opensOn, "18:00"));

  // Moved a day later.
  await page.getByLabel("Jour d'ouverture", { exact: true }).fill(movedTo);
  await page.getByRole("button", { name: "Enregistrer la série" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série enregistrée" })).toBeVisible();
  expect((await stored())?.opens_at).toEqual(fromWallTime(movedTo, "18:00"));

  // Cancelled: on sale once published, as before.
  await edit.click();
  await page.getByRole("button", { name: "Annuler l'ouverture programmée" }).click();
  await page.getByRole("button", { name: "Enregistrer la série" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série enregistrée" }).last()).toBeVisible();
  await expect.poll(async () => (await stored())?.opens_at).toBeNull();
});
