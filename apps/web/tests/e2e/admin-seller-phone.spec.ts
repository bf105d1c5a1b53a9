import AxeBuilder from "@axe-core/playwright";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expect, sql, test } from "./fixtures";

// Issue 32: « Ma boutique » asks what her legal form needs, and the legal notice prints exactly
// that. On the phone project (the panel needs JavaScript); the seller's row is put back as it was.
// The VAT regime is left alone: it is one setting every spec's invoices read at once, so the
// franchise's « art. 293 B » mention is proven by the legal pages' snapshots (legal.test.ts).
test.use({ reducedMotion: "reduce" });
// One after the other: the first saves an individual entrepreneur for a while, and the page's
// first paint (what the second reads without JavaScript) asks what the saved legal form needs.
test.describe.configure({ mode: "serial" });

test("a micro-entrepreneur fills in her identity on her phone: no capital, no RCS, the 293 B mention on her legal notice", async ({
  page,
}) => {
  const [seller] = await sql("SELECT * FROM seller WHERE id = 1");
  try {
    await logInAsOwner(page);
    await openAdminPage(page, "/admin-boutique");
    await expect(page.getByRole("heading", { level: 1, name: "Ma boutique" })).toBeVisible();

    // An individual entrepreneur: no share capital is asked; her register is, and the RNE has no
    // registry's city.
    await page.getByLabel("Forme juridique").selectOption("ei");
    await expect(page.getByLabel("Capital social")).toHaveCount(0);
    await page.getByLabel("Registre d'immatriculation").selectOption("rne");
    await expect(page.getByLabel("Ville du greffe (RCS)")).toHaveCount(0);
    const fill = async (label: string, value: string) => {
      await page.getByLabel(label, { exact: true }).fill(value);
    };
    await fill("Dénomination sociale, ou vos nom et prénom", "Zora Benali");
    await fill("SIREN", "404 833 048");
    await fill("Numéro de TVA intracommunautaire", "");
    await fill("Directeur ou directrice de la publication", "Zora Benali");
    await fill("Adresse du siège ou de votre établissement", "8 rue de Charonne");
    await fill("Code postal", "75011");
    await fill("Ville", "Paris");
    await page.getByLabel("Pays", { exact: true }).selectOption("FR");
    await fill("E-mail de contact", "zora@souls.fr");
    await fill("Téléphone", "+33 6 12 34 56 78");
    await fill("Nom de l'hébergeur", "OVH SAS");
    await fill("Téléphone de l'hébergeur", "+33 9 72 10 10 07");
    await fill("Adresse de l'hébergeur", "2 rue Kellermann, 59100 Roubaix, France");
    await fill("Nom du médiateur", "CM2C");
    await fill("Site web du médiateur", "https://www.cm2c.net");
    // Nothing runs off her phone's screen (a select is as wide as its longest choice).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Boutique enregistrée")).toBeVisible();
    await expect(page.getByText("Toutes les informations exigées par la loi sont renseignées")).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/mentions-legales");
    const notice = page.locator("main");
    await expect(notice).toContainText(
      "est édité par Zora Benali EI, entrepreneur individuel, dont l’adresse professionnelle est 8 rue de Charonne, 75011 Paris, France.",
    );
    await expect(notice).toContainText(
      "Immatriculation au registre national des entreprises (RNE) sous le numéro SIREN 404 833 048.",
    );
    const text = (await notice.textContent()) ?? "";
    expect(text).not.toMatch(/capital|RCS|registre du commerce|intracommunautaire|siège social|exemple\)/);
    expect(text).not.toContain("ne sont pas encore renseignées");
    // Nothing runs off a 390 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("legal-notice-micro-phone.png") });
  } finally {
    const columns = Object.keys(seller ?? {}).filter((column) => column !== "id");
    await sql(
      `UPDATE seller SET (${columns.join(", ")}) = (SELECT ${columns.join(", ")} FROM json_populate_record(NULL::seller, $1::json)) WHERE id = 1`,
      [JSON.stringify(seller)],
    );
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused save shows each field's French message and keeps what she typed, saving nothing", async ({
    page,
  }) => {
    await logInAsOwner(page, { scripted: false });
    await page.goto("/admin-boutique");
    await expect(page.getByRole("heading", { level: 1, name: "Ma boutique" })).toBeVisible();
    // The page's first paint has the form: she chooses EI and keeps a share capital.
    await page.getByLabel("Forme juridique").selectOption("ei");
    await page.getByLabel("Capital social").fill("1 000 €");
    await page.getByLabel("SIREN", { exact: true }).fill("123 456 789");
    await page.getByLabel("Dénomination sociale, ou vos nom et prénom").fill("Nadia Refusée");
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(
      page.getByText("Un entrepreneur individuel n'a pas de capital social : laissez ce champ vide"),
    ).toBeVisible();
    await expect(page.getByText("SIREN : 9 chiffres, dont le dernier est une clé de contrôle")).toBeVisible();
    await expect(page.getByLabel("Dénomination sociale, ou vos nom et prénom")).toHaveValue("Nadia Refusée");
    await expect(page.getByLabel("Capital social")).toHaveValue("1 000 €");
    // Nothing was written (the other test of this file may save its own seller meanwhile).
    expect(await sql("SELECT 1 FROM seller WHERE company_name = 'Nadia Refusée'")).toEqual([]);
  });
});
