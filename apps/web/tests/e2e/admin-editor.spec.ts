import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, sql, test } from "./fixtures";

// The model editor keeps her words (issue 32): one « Enregistrer » for the whole model, a warning
// before leaving with words not saved, a refused save listing each field once with a link to it,
// « Publier » saying what is missing before it is pressed, and « Dupliquer ». Each test makes its
// own model (a name of its own) and touches no other. The panel runs with JavaScript (js-on).
test.use({
  reducedMotion: "reduce",
  // A refused save is the answer under test: its 400 is said in the console.
  expectedConsoleErrors: [/status of 400 .*\/trpc\/catalogue\.save/],
});

const PHONE = { width: 390, height: 844 };

/** A new draft of her own, from the catalogue's « Nouveau modèle »; its editor open. */
async function newModel(page: Page, prefix: string): Promise<{ name: string; id: number }> {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  await logInAsOwner(page);
  await followAdminNav(page, "Catalogue");
  await page.getByRole("button", { name: "Nouveau modèle" }).click();
  await page.getByLabel("Nom du modèle", { exact: true }).fill(name);
  await page.getByLabel("Prix (€)", { exact: true }).fill("159");
  await page.getByLabel("Pièces en stock", { exact: true }).fill("2");
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin-catalogue\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: `Modèle : ${name}` })).toBeVisible();
  return { name, id: Number(new URL(page.url()).pathname.split("/").pop()) };
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
  });
  return { context, page: await context.newPage() };
}

test("the editor asks before her unsaved words are lost, by a link of the panel or by closing the tab", async ({
  page,
}) => {
  const { name, id } = await newModel(page, "Lina");
  const tagline = page.getByRole("tabpanel").getByLabel("Accroche", { exact: true });
  await tagline.fill("Lin naturel, fil d'or");
  await expect(page.getByText("Modifications non enregistrées.")).toBeVisible();

  // « Retour au catalogue »: she is asked, and staying keeps every word.
  await page.getByRole("link", { name: "Retour au catalogue" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Vos modifications de ${name} ne sont pas enregistrées.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Rester sur la page" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin-catalogue/${id}$`));
  await expect(tagline).toHaveValue("Lin naturel, fil d'or");

  // Closing the tab: the browser asks first (beforeunload); she stays.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const unload = await asked;
  expect(unload.type()).toBe("beforeunload");
  await unload.dismiss();
  await expect(tagline).toHaveValue("Lin naturel, fil d'or");

  // Saved, she leaves without a question; the words are there when she comes back.
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle enregistré" })).toBeVisible();
  await expect(page.getByText("Tout est enregistré.")).toBeVisible();
  await page.getByRole("link", { name: "Retour au catalogue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  await page.getByRole("link", { name: `Modifier le modèle ${name}` }).click();
  await expect(page.getByRole("tabpanel").getByLabel("Accroche", { exact: true })).toHaveValue(
    "Lin naturel, fil d'or",
  );

  // Leaving anyway: asked, then gone, and what was not saved is not saved.
  await page.getByRole("tabpanel").getByLabel("Accroche", { exact: true }).fill("Une accroche abandonnée");
  await page.getByRole("link", { name: "Retour au catalogue" }).click();
  await page.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
  expect(
    await sql("SELECT tagline FROM product_texts WHERE product_id = $1 AND locale = 'fr'", [id]),
  ).toEqual([{ tagline: "Lin naturel, fil d'or" }]);
});

for (const screen of ["laptop", "phone"] as const) {
  test(`a refused save lists each field once, each a link to its field, and keeps what she typed (${screen})`, async ({
    page: laptopPage,
    browser,
  }) => {
    const phone = screen === "phone" ? await phonePage(browser) : null;
    const page = phone?.page ?? laptopPage;
    const { name, id } = await newModel(page, "Mina");

    // « Publier » says what is missing before she presses it, each piece a link to its field.
    const publish = page.getByRole("button", { name: "Publier", exact: true });
    await expect(publish).toHaveAttribute("aria-disabled", "true");
    await expect(publish).toHaveAccessibleDescription(/Complétez d'abord ce qui manque/);
    await page.getByRole("link", { name: "Accroche (anglais)", exact: true }).click();
    await expect(page.getByRole("tab", { name: "English" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByLabel("Accroche", { exact: true })).toBeFocused();

    // Three fields wrong at once, one of them in the other language's tab.
    await page.getByRole("tabpanel").getByLabel("Fin de l'adresse (anglais)").fill("Pas Une Adresse");
    await page.getByRole("tab", { name: "Français" }).click();
    await page.getByRole("tabpanel").getByLabel("Accroche", { exact: true }).fill("Des mots à garder");
    await page.getByLabel("Nom", { exact: true }).fill("");
    await page.getByLabel("Référence", { exact: true }).fill("");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();

    const summary = page.getByRole("alert").filter({ hasText: "L'enregistrement a été refusé" });
    await expect(summary).toBeFocused();
    const links = summary.getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toHaveText("Nom : Champ obligatoire");
    await expect(links.nth(1)).toHaveText("Référence : Champ obligatoire");
    await expect(links.nth(2)).toHaveText(/^Fin de l'adresse \(anglais\) : Lettres minuscules/);
    // Listed once: no second list, banner or notice repeats them.
    await expect(page.getByText("Fin de l'adresse (anglais) : Lettres minuscules")).toHaveCount(1);
    await expect(page.getByRole("alert")).toHaveCount(1);

    // Each field is marked and says why; what she typed is still there.
    const nameField = page.getByLabel("Nom", { exact: true });
    await expect(nameField).toHaveAttribute("aria-invalid", "true");
    await expect(nameField).toHaveAccessibleDescription("Champ obligatoire");
    await expect(page.getByRole("tabpanel").getByLabel("Accroche", { exact: true })).toHaveValue(
      "Des mots à garder",
    );
    if (phone) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      // The draft's « Brouillon créé » notice gone first (it leaves by itself): the picture shows the refusal.
      await expect(page.getByText("Brouillon créé")).toBeHidden();
      await page.screenshot({ path: test.info().outputPath("editor-refusal-phone.png") });
    }
    await expectNoAxeViolations(page);

    // The link opens the other language's tab and focuses the field.
    await links.nth(2).click();
    await expect(page.getByRole("tab", { name: "English" })).toHaveAttribute("aria-selected", "true");
    const segment = page.getByRole("tabpanel").getByLabel("Fin de l'adresse (anglais)");
    await expect(segment).toBeFocused();
    await expect(segment).toHaveAttribute("aria-invalid", "true");
    await expect(segment).toHaveValue("Pas Une Adresse");

    // Nothing was written: all or nothing.
    expect(await sql("SELECT name FROM products WHERE id = $1", [id])).toEqual([{ name }]);
    expect(
      await sql("SELECT tagline FROM product_texts WHERE product_id = $1 AND locale = 'fr'", [id]),
    ).toEqual([{ tagline: "" }]);

    // Corrected, one « Enregistrer » saves it all.
    await segment.fill(`${name.toLowerCase().replace(/\s+/g, "-")}-fanny-pack`);
    await page.getByLabel("Nom", { exact: true }).fill(name);
    await page.getByLabel("Référence", { exact: true }).fill(`MINA-${id}`);
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Tout est enregistré.")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(
      await sql("SELECT tagline FROM product_texts WHERE product_id = $1 AND locale = 'fr'", [id]),
    ).toEqual([{ tagline: "Des mots à garder" }]);
    await phone?.context.close();
  });
}

test("without JavaScript, a refused save comes back with every word she typed and its refusals; corrected, it is saved", async ({
  page,
  browser,
}) => {
  const { name, id } = await newModel(page, "Nora");
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
  });
  const plain = await context.newPage();
  await logInAsOwner(plain, { scripted: false });
  await plain.goto(`/admin-catalogue/${id}`);
  await expect(plain.getByRole("heading", { level: 2, name: `Modèle : ${name}` })).toBeVisible();
  // Both languages show, one after the other; the photos' words are part of the same form.
  await plain.locator("#model-texts-fr-tagline").fill("Des mots écrits sans script");
  await plain.locator("#model-texts-en-tagline").fill("Words typed without a script");
  await plain.getByLabel("Nom", { exact: true }).fill("");
  await plain.getByRole("button", { name: "Enregistrer", exact: true }).click();

  const summary = plain.getByRole("alert").filter({ hasText: "L'enregistrement a été refusé" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link")).toHaveCount(1);
  await expect(summary.getByRole("link", { name: "Nom : Champ obligatoire" })).toHaveAttribute(
    "href",
    "#model-name",
  );
  await expect(plain.getByLabel("Nom", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(plain.locator("#model-texts-fr-tagline")).toHaveValue("Des mots écrits sans script");
  await expect(plain.locator("#model-texts-en-tagline")).toHaveValue("Words typed without a script");
  expect(await sql("SELECT tagline FROM product_texts WHERE product_id = $1 ORDER BY locale", [id])).toEqual([
    { tagline: "" },
    { tagline: "" },
  ]);

  await plain.getByLabel("Nom", { exact: true }).fill(name);
  await plain.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(plain.getByRole("alert")).toHaveCount(0);
  await expect(plain.locator("#model-texts-en-tagline")).toHaveValue("Words typed without a script");
  expect(
    await sql("SELECT locale, tagline FROM product_texts WHERE product_id = $1 ORDER BY locale", [id]),
  ).toEqual([
    { locale: "en", tagline: "Words typed without a script" },
    { locale: "fr", tagline: "Des mots écrits sans script" },
  ]);
  await context.close();
});

test("« Dupliquer » starts a new draft from her model's words, materials and questions, without photos or stock", async ({
  page,
}) => {
  const { name, id } = await newModel(page, "Sana");
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Accroche", { exact: true }).fill("Velours côtelé prune");
  await panel.getByLabel("Tissu", { exact: true }).fill("Velours de coton");
  await panel.getByRole("button", { name: "Ajouter une question" }).click();
  await panel.getByLabel("Question 1", { exact: true }).fill("Est-il lavable ?");
  await panel.getByLabel("Réponse 1", { exact: true }).fill("À la main, à froid.");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Tout est enregistré.")).toBeVisible();

  await page.getByRole("button", { name: "Dupliquer" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Modèle : Copie de ${name}` })).toBeVisible();
  const copyId = Number(new URL(page.url()).pathname.split("/").pop());
  expect(copyId).not.toBe(id);
  const copied = page.getByRole("tabpanel");
  await expect(copied.getByLabel("Accroche", { exact: true })).toHaveValue("Velours côtelé prune");
  await expect(copied.getByLabel("Tissu", { exact: true })).toHaveValue("Velours de coton");
  await expect(copied.getByLabel("Question 1", { exact: true })).toHaveValue("Est-il lavable ?");
  await expect(copied.getByLabel("Réponse 1", { exact: true })).toHaveValue("À la main, à froid.");
  await expect(page.getByText("0 pièce en stock")).toBeVisible();
  await expect(page.getByText("Aucune photo pour le moment")).toBeVisible();
  await expect(page.getByText("Brouillon : seule votre session voit sa page")).toBeVisible();
  await expect(page.getByText(`${name} (`)).toBeVisible();
  expect(
    await sql("SELECT stock, published_at, reference FROM products WHERE id = $1", [copyId]),
  ).toMatchObject([{ stock: 0, published_at: null }]);
  await expectNoAxeViolations(page);
});
