import sharp from "sharp";
import { logInAsOwner, openAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, sql, test } from "./fixtures";

// Issue 34, point 3 (decision 051): the owner rewrites her story and a page's title from « Textes
// du site », previews the draft, publishes, and the next shopper's request shows it in that
// language only. Its own projects (`words` on a laptop, then `words-phone`), after `series` and
// before `access`: every other spec reads the home page's title (pages.ts), and `access` ends her
// sessions. The words are put back as they were (today's texts) at the end.
test.use({ reducedMotion: "reduce" });
test.describe.configure({ mode: "serial" });

const STORY = "Notre atelier <b>à Lisbonne</b> coud chaque pièce.\n\nUn second paragraphe, écrit par elle.";
const HOME_TITLE = "SOULS – L'atelier des âmes du Sud";

/** The page as a first-time visitor gets it: no cookie, so the page cache may answer. */
async function shopperPage(request: import("@playwright/test").APIRequestContext, path: string) {
  const answer = await request.get(path, { headers: { "Accept-Language": "fr" } });
  expect(answer.status()).toBe(200);
  return answer.text();
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

test.afterAll(async () => {
  // DELETE, not TRUNCATE: the statement trigger tells every server's page cache.
  await sql("DELETE FROM shop_word_drafts");
  await sql("DELETE FROM shop_words");
  await sql("DELETE FROM shop_hero_picture_draft");
  await sql("DELETE FROM shop_hero_picture");
  await sql("DELETE FROM shop_hero_picture_files");
  await restoreSeriesPictures();
});

test("the owner rewrites her story and the home page's title, previews, publishes: the next request shows it in French only", async ({
  page,
  request,
}) => {
  // A shopper's first visit: today's texts, kept by the page cache.
  const before = await shopperPage(request, "/");
  expect(before).toContain("SOULS, les âmes du Sud");
  expect(titleOf(before)).toBe("SOULS – Sacs banane en jacquard marocain, faits main");
  const englishBefore = await shopperPage(request, "/en");

  await logInAsOwner(page);
  await openAdminPage(page, "/admin-textes");
  await expect(page.getByRole("heading", { level: 1, name: "Textes du site" })).toBeVisible();
  await expect(
    page.getByText("Aucun brouillon : les champs montrent ce que la boutique affiche."),
  ).toBeVisible();
  // Today's texts are in the fields: the story's two paragraphs as one text.
  await expect(page.getByLabel("Titre de l'histoire", { exact: true })).toHaveValue("SOULS, les âmes du Sud");
  await expect(page.getByLabel("Texte de l'histoire", { exact: true })).toHaveValue(
    /^SOULS signifie .+\n\nLes pièces sont coupées/s,
  );
  await expectNoAxeViolations(page);
  // Nothing runs off the screen (a phone's included).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: test.info().outputPath("words-panel.png") });

  // A title too long is refused under its field, in French, nothing saved.
  await page.getByLabel("Accueil : titre", { exact: true }).fill("x".repeat(121));
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("120 caractères au plus", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("Vérifiez les champs signalés.");
  expect(await sql("SELECT count(*)::int AS n FROM shop_word_drafts")).toEqual([{ n: 0 }]);

  await page.getByLabel("Accueil : titre", { exact: true }).fill(HOME_TITLE);
  await page.getByLabel("Texte de l'histoire", { exact: true }).fill(STORY);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré : ouvrez l'aperçu, puis publiez.")).toBeVisible();
  await expect(page.getByText(/^Brouillon enregistré le .+, pas encore publié/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("words-draft.png") });

  // A draft is hers alone: shoppers still get today's texts.
  expect(await shopperPage(request, "/")).toContain("SOULS, les âmes du Sud");
  expect(await shopperPage(request, "/")).not.toContain("à Lisbonne");

  // The preview: her story as paragraphs, the markup she typed shown as text, the title as listed.
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: /Voir l'aperçu/ }).click(),
  ]);
  await expect(preview.getByText("Aperçu du brouillon (français)")).toBeVisible();
  const story = preview.locator("#story");
  await expect(story.locator("p.story__text")).toHaveText([
    "Notre atelier <b>à Lisbonne</b> coud chaque pièce.",
    "Un second paragraphe, écrit par elle.",
  ]);
  await expect(story.locator("b")).toHaveCount(0);
  await expect(preview.getByText(HOME_TITLE, { exact: true })).toBeVisible();
  await expect(preview.locator("html[data-hydrated]")).toHaveCount(1);
  await expectNoAxeViolations(preview);
  await preview.screenshot({ path: test.info().outputPath("words-preview.png") });
  await preview.getByRole("heading", { name: "Dans les résultats de recherche" }).scrollIntoViewIfNeeded();
  await preview.screenshot({ path: test.info().outputPath("words-preview-search.png") });
  await preview.close();

  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Textes publiés : la boutique les affiche dès maintenant.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Historique" }).getByRole("listitem").first()).toContainText(
    "Textes publiés par",
  );
  await expect(page.getByRole("region", { name: "Historique" }).getByRole("listitem").first()).toContainText(
    "Textes changés : Texte de l'histoire, Accueil : titre",
  );
  await page.getByRole("heading", { name: "Historique" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("words-history.png") });

  // The next request, from a shopper without a cookie (the page cache's own): her story, her title,
  // the markup escaped; the English page as it was.
  const after = await shopperPage(request, "/");
  expect(titleOf(after)).toBe(HOME_TITLE.replace("'", "&#x27;"));
  expect(after).toContain("Notre atelier &lt;b&gt;à Lisbonne&lt;/b&gt; coud chaque pièce.");
  expect(after).not.toContain("<b>à Lisbonne</b>");
  expect(after).not.toContain("SOULS signifie");
  const englishAfter = await shopperPage(request, "/en");
  expect(titleOf(englishAfter)).toBe(titleOf(englishBefore));
  expect(englishAfter).toContain("SOULS means “spirits of the south”.");
  expect(englishAfter).not.toContain("Lisbonne");

  await page.goto("/");
  await expect(page.locator("#story p.story__text")).toHaveText([
    "Notre atelier <b>à Lisbonne</b> coud chaque pièce.",
    "Un second paragraphe, écrit par elle.",
  ]);
  await expect(page).toHaveTitle(HOME_TITLE);
  await page.locator("#story").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("home-story.png") });
});

test("emptying a field brings today's text back once published", async ({ page, request }) => {
  await logInAsOwner(page);
  await openAdminPage(page, "/admin-textes");
  await page.getByLabel("Texte de l'histoire", { exact: true }).fill("");
  await page.getByLabel("Accueil : titre", { exact: true }).fill("");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré : ouvrez l'aperçu, puis publiez.")).toBeVisible();
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByText("Textes publiés : la boutique les affiche dès maintenant.")).toBeVisible();
  await expect(page.getByLabel("Texte de l'histoire", { exact: true })).toHaveValue(/^SOULS signifie/);
  const home = await shopperPage(request, "/");
  expect(titleOf(home)).toBe("SOULS – Sacs banane en jacquard marocain, faits main");
  expect(home).toContain("SOULS signifie");
});

/** A landscape photo as a phone sends one: warm light over a sand ground, a bag in the middle. */
async function heroPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1333">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f1dcb8"/><stop offset="0.6" stop-color="#d08a4e"/>
      <stop offset="1" stop-color="#7a4327"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="1500" cy="320" r="200" fill="#fbf4e8" opacity="0.6"/>
    <rect x="700" y="560" width="600" height="300" rx="90" fill="#2f5d3a"/>
    <rect x="760" y="520" width="480" height="40" rx="20" fill="#1e3b26"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { name: "atelier.jpg", mimeType: "image/jpeg", buffer };
}

/** The series' own pictures, set aside while her picture is tried (the featured one's would win). */
let seriesPictures: { id: number; picture_source: string; picture_width: number; picture_height: number }[] =
  [];

async function restoreSeriesPictures() {
  for (const one of seriesPictures) {
    await sql(
      "UPDATE series SET picture_source = $2, picture_width = $3, picture_height = $4 WHERE id = $1",
      [one.id, one.picture_source, one.picture_width, one.picture_height],
    );
  }
  seriesPictures = [];
}

test("the owner uploads the home page's hero picture, previews and publishes it with its words, then takes it away", async ({
  page,
  request,
}) => {
  // Decision 040 first: a featured series' own picture wins. The series spec gave it one; it is
  // set aside (and put back after) so that the hero shows what she uploads.
  seriesPictures = await sql(
    "SELECT id, picture_source, picture_width, picture_height FROM series WHERE picture_source IS NOT NULL",
  );
  await sql(
    "UPDATE series SET picture_source = NULL, picture_width = NULL, picture_height = NULL WHERE id = ANY($1)",
    [seriesPictures.map((one) => one.id)],
  );
  try {
    // Nothing uploaded: the shop's drawing, as before.
    expect(await shopperPage(request, "/")).toContain('src="/images/hero.svg"');

    await logInAsOwner(page);
    await openAdminPage(page, "/admin-textes");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const section = page.getByRole("region", { name: "Photo d'accueil" });
    await expect(
      section.getByText("Aucune photo : la page d'accueil montre le dessin de la boutique."),
    ).toBeVisible();
    await section.locator('input[type="file"]').setInputFiles(await heroPhoto());
    await expect(section.getByText("Photo en brouillon, pas encore publiée")).toBeVisible();
    await section.getByLabel("Description (français)").fill("Un sac banane vert posé sur un sable chaud");
    await section.getByLabel("Description (anglais)").fill("A green fanny pack lying on warm sand");
    await section.getByRole("button", { name: "Enregistrer les descriptions en brouillon" }).click();
    await expect(page.getByText("Descriptions enregistrées en brouillon", { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("hero-panel.png") });

    // A draft is hers alone: shoppers still get the drawing.
    expect(await shopperPage(request, "/")).toContain('src="/images/hero.svg"');

    // The preview shows the picture with its words.
    const [preview] = await Promise.all([
      page.waitForEvent("popup"),
      section.getByRole("link", { name: /Voir l'aperçu de la photo/ }).click(),
    ]);
    const previewed = preview
      .getByRole("region", { name: "Photo d'accueil" })
      .getByRole("img", { name: "Un sac banane vert posé sur un sable chaud" });
    await expect(previewed).toBeVisible();
    await expect(previewed).toHaveJSProperty("complete", true);
    expect(await previewed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(preview);
    await preview.close();

    await page.getByRole("button", { name: "Publier la photo" }).click();
    await expect(page.getByText("Photo publiée : la page d'accueil l'affiche dès maintenant.")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Historique" }).getByRole("listitem").first(),
    ).toContainText("Photo d'accueil publiée par");

    // The next shopper's request, in both languages: her picture, its words in each.
    const home = await shopperPage(request, "/");
    expect(home).not.toContain('src="/images/hero.svg"');
    expect(home).toContain('alt="Un sac banane vert posé sur un sable chaud"');
    expect(await (await request.get("/en")).text()).toContain('alt="A green fanny pack lying on warm sand"');
    await page.goto("/");
    const hero = page.locator(".hero__image img");
    await expect(hero).toHaveAttribute("alt", "Un sac banane vert posé sur un sable chaud");
    await expect(hero).toHaveJSProperty("complete", true);
    expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath("home-hero-picture.png") });

    // She takes it away: the drawing again at the next request.
    await openAdminPage(page, "/admin-textes");
    await page.getByRole("button", { name: "Retirer la photo (revenir au dessin)" }).click();
    await expect(
      page.getByText("Photo retirée : la page d'accueil montre le dessin de la boutique.", { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Historique" }).getByRole("listitem").first(),
    ).toContainText("Photo d'accueil retirée (retour au dessin) par");
    expect(await shopperPage(request, "/")).toContain('src="/images/hero.svg"');
  } finally {
    await restoreSeriesPictures();
  }
});
