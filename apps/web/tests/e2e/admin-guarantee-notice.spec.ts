import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, sql, test } from "./fixtures";

// Issue 35: the owner uploads the Commission's notice on the legal guarantee in « Ma boutique »;
// the product pages show it at once (the kept pages emptied). The panel needs JavaScript (js-on);
// the notice is removed at the end, so other specs read the shop as it was (legal-notices.spec.ts
// takes either).
test.use({
  reducedMotion: "reduce",
  // The SVG refused on purpose: its 415 is the answer under test.
  expectedConsoleErrors: [/status of 415 .*\/admin-garantie/],
});

/** Stands for the Commission's file (a PNG of the notice's size), which cannot be fetched here. */
const png = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: "#1f4e9c" } })
    .png()
    .toBuffer();

test("the owner uploads the notice on the legal guarantee, and the product page shows it", async ({
  page,
}) => {
  const PNG = await png();
  try {
    await logInAsOwner(page);
    await openAdminPage(page, "/admin-boutique");
    const section = page.getByRole("region", { name: "Avis sur la garantie légale de conformité" });
    await expect(section).toBeVisible();

    // Garbage first: an SVG is refused in French, nothing changes.
    await section.getByLabel("Fichier officiel (avis en français)").setInputFiles({
      name: "avis.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    const french = section.locator('[data-notice-locale="fr"]');
    await french.getByRole("button", { name: "Envoyer le fichier" }).click();
    await expect(french.getByRole("alert")).toContainText(
      "Seuls les fichiers PNG, JPEG, WebP ou PDF sont acceptés",
    );

    await section.getByLabel("Fichier officiel (avis en français)").setInputFiles({
      name: "avis-garantie-fr.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await french.getByRole("button", { name: "Envoyer le fichier" }).click();
    await expect(french.getByText(/Fichier affiché : PNG/)).toBeVisible();
    await expect(french.getByRole("img", { name: "Aperçu : avis en français" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Stored byte for byte, served as a PNG under its hash.
    const [row] = await sql<{ name: string; bytes: Buffer }>(
      "SELECT name, bytes FROM guarantee_notices WHERE locale = 'fr'",
    );
    expect(Buffer.compare(row?.bytes ?? Buffer.alloc(0), PNG)).toBe(0);
    const served = await page.request.get(`/avis-garantie/${row?.name}`);
    expect(served.headers()["content-type"]).toBe("image/png");
    // server.mjs says it of every answer too: a browser reads the first value.
    expect(served.headers()["x-content-type-options"]).toMatch(/^nosniff\b/);
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);

    // The product page in French shows the Commission's graphic, its words as its text.
    await page.goto("/produit/sac-banane-aicha");
    const notice = page.getByRole("region", { name: "Garantie légale de conformité" });
    const graphic = notice.getByRole("img", { name: /garantie légale de conformité d'au moins deux ans/ });
    await expect(graphic).toHaveAttribute("src", `/avis-garantie/${row?.name}`);
    await expect(
      notice.getByRole("link", { name: /Vos droits sur le site de l'Union européenne/ }),
    ).toBeVisible();
    // The notice's block (the page's other blocks are a11y.spec.ts's).
    const axe = await new AxeBuilder({ page }).include("[data-guarantee-notice]").analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // The English page keeps the English sentence: nothing uploaded for it.
    await page.goto("/en/product/nadia-fanny-pack");
    await expect(
      page.getByRole("region", { name: "Legal guarantee of conformity" }).getByText(/at least two years/),
    ).toBeVisible();

    // Removed: the page shows the sentence again.
    await openAdminPage(page, "/admin-boutique");
    await page.getByRole("button", { name: "Retirer le fichier (avis en français)" }).click();
    await expect(page.locator('[data-notice-locale="fr"]').getByText(/Aucun fichier/)).toBeVisible();
    await page.goto("/produit/sac-banane-aicha");
    await expect(
      page.getByRole("region", { name: "Garantie légale de conformité" }).getByText(/d'au moins deux ans/),
    ).toBeVisible();
  } finally {
    await sql("DELETE FROM guarantee_notices");
  }
});
