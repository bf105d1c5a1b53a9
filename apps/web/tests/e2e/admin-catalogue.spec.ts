import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { followAdminNav, logInAsOwner } from "./admin-helpers";
import { expectNoAxeViolations } from "./axe";
import { CHECKOUT, fillShipping, payWithCard, submitCheckout } from "./checkout-helpers";
import { expect, sql, test } from "./fixtures";
import { deliveredEmail } from "./mailbox";

// The owner runs her catalogue alone (issue 23): from /admin she launches a second series with a
// new model, its words in both languages and two photos, previews it, publishes it and puts its
// series on the home page; shoppers, with JavaScript and without, find it, open it in both
// languages and buy it. The panel runs with JavaScript (js-on project only).
test.use({ reducedMotion: "reduce" });

/** A photo as the owner's phone would send one: a JPEG of the jacquard's green (each its own shade). */
async function photo(name: string, colour: string) {
  const image = sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } });
  return { name, mimeType: "image/jpeg", buffer: await image.jpeg().toBuffer() };
}

const WORDS = {
  fr: {
    tab: "Français",
    fields: {
      Accroche: "Jacquard vert amande, fleurs crème",
      "Texte de la vignette": "Un jacquard vert amande semé de fleurs crème : une pièce unique.",
      "Description courte": "Zora est taillée dans un jacquard vert amande semé de fleurs crème.",
      "Description longue": "Zora ouvre la deuxième série.\n\nSon vert doux se porte en toute saison.",
      Tissu: "Jacquard d'ameublement marocain vert amande",
      Attaches: "Fermeture éclair et boucle en métal",
      Doublure: "100 % coton",
      "Savoir-faire": "Coupée et cousue à la main au Portugal.",
      Héritage: "Les verts des zelliges de Fès.",
      Dimensions: "35 cm x 20 cm x 8 cm",
      Poids: "Environ 250 g",
      Bandoulière: "Réglable de 70 à 120 cm",
      Entretien: "Dépoussiérer avec une brosse douce.",
      Sécurité: "Ne convient pas aux enfants de moins de 3 ans.",
    },
  },
  en: {
    tab: "English",
    fields: {
      Accroche: "Almond-green jacquard, cream flowers",
      "Texte de la vignette": "An almond-green jacquard scattered with cream flowers: a unique piece.",
      "Description courte": "Zora is cut from an almond-green jacquard scattered with cream flowers.",
      "Description longue": "Zora opens the second series.\n\nIts soft green goes with every season.",
      Tissu: "Almond-green Moroccan upholstery jacquard",
      Attaches: "Metal zip and buckle",
      Doublure: "100% cotton",
      "Savoir-faire": "Cut and sewn by hand in Portugal.",
      Héritage: "The greens of the zellige of Fez.",
      Dimensions: "35 cm x 20 cm x 8 cm",
      Poids: "About 250 g",
      Bandoulière: "Adjustable from 70 to 120 cm",
      Entretien: "Dust with a soft brush.",
      Sécurité: "Not suitable for children under 3.",
    },
  },
} as const;

/** Logs in, and opens the catalogue from the panel's navigation. */
async function openCatalogue(page: Page) {
  await logInAsOwner(page);
  await followAdminNav(page, "Catalogue");
  await expect(page.getByRole("heading", { level: 1, name: "Catalogue" })).toBeVisible();
}

/** A shopper's own browser, with JavaScript or without. */
async function shopper(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test("the owner launches a second series with Zora from her panel, and shoppers buy it at once", async ({
  page,
  browser,
}) => {
  // A whole launch and two purchases: a journey of many steps, given the time of three tests.
  test.slow();
  const series = `Deuxième série ${Date.now()}`;
  await openCatalogue(page);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Nouvelle série" }).click();
  await page.getByLabel("Titre (français)", { exact: true }).fill(series);
  await page.getByLabel("Titre (anglais)", { exact: true }).fill("Second series");
  await page
    .getByLabel("Sous-titre (français)", { exact: true })
    .fill("Des verts pour le printemps, en quelques pièces.");
  await page.getByLabel("Sous-titre (anglais)", { exact: true }).fill("Greens for spring, in a few pieces.");
  await page.getByRole("button", { name: "Créer la série" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série créée" })).toBeVisible();

  await page.getByRole("button", { name: "Nouveau modèle" }).click();
  await page.getByLabel("Nom du modèle", { exact: true }).fill("Zora");
  await page.getByLabel("Prix (€)", { exact: true }).fill("169");
  await page.getByLabel("Pièces en stock", { exact: true }).fill("3");
  await page.getByLabel("Série", { exact: true }).selectOption({ label: series });
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page).toHaveURL(/\/admin-catalogue\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Modèle : Zora" })).toBeVisible();

  for (const words of [WORDS.fr, WORDS.en]) {
    await page.getByRole("tab", { name: words.tab }).click();
    const panel = page.getByRole("tabpanel");
    for (const [label, value] of Object.entries(words.fields)) {
      await panel.getByLabel(label, { exact: true }).fill(value);
    }
  }
  await expect(page.getByText("Modifications non enregistrées.")).toBeVisible();

  // Two photos at once, as from a phone's gallery; each described in both languages.
  await page
    .getByLabel("Ajouter des photos")
    .setInputFiles([await photo("zora-1.jpg", "#7fa07a"), await photo("zora-2.jpg", "#5d7f5a")]);
  for (const n of [1, 2]) {
    const card = page.getByRole("listitem", { name: `Photo ${n} sur 2` });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await card.getByLabel("Description (français)").fill(`Sac banane Zora, vue ${n}, jacquard vert amande.`);
    await card.getByLabel("Description (anglais)").fill(`Zora fanny pack, view ${n}, almond-green jacquard.`);
  }
  // One « Enregistrer » for everything: both languages and the photos' words.
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle enregistré" })).toBeVisible();
  await expect(page.getByText("Tout est enregistré.")).toBeVisible();
  await expect(page.getByText("Tout est prêt pour la publication.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Her preview: the draft's page as shoppers will see it, for her session only.
  const preview = await page.getByRole("link", { name: "Aperçu en français" }).getAttribute("href");
  expect(preview).toBe("/produit/sac-banane-zora");
  const stranger = await shopper(browser, true);
  expect((await stranger.page.goto("/produit/sac-banane-zora"))?.status()).toBe(404);
  const draft = await page.context().newPage();
  await draft.goto("/en/product/zora-fanny-pack");
  await expect(draft.getByRole("heading", { level: 1 })).toHaveText("Zora fanny pack");
  await expect(draft.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await draft.close();

  await page.getByRole("button", { name: "Publier" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle publié" })).toBeVisible();

  await followAdminNav(page, "Catalogue");
  await page.getByRole("button", { name: `Montrer la série « ${series} » sur la page d'accueil` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Série de la page d'accueil" })).toBeVisible();

  // A shopper with JavaScript: the home page is the new series', Zora in both languages.
  await stranger.page.goto("/");
  await expect(stranger.page.getByRole("heading", { level: 1 })).toHaveText(series);
  await stranger.page.getByRole("link", { name: "Zora", exact: true }).click();
  await expect(stranger.page.getByRole("heading", { level: 1 })).toHaveText("Sac banane Zora");
  await expect(stranger.page.getByText("Jacquard vert amande, fleurs crème")).toBeVisible();
  const cover = stranger.page.locator(".gallery__main img");
  await expect(cover).toHaveAttribute("alt", "Sac banane Zora, vue 1, jacquard vert amande.");
  // The head asks for the shown photo before the body's pictures, from the same AVIF cuts.
  const preload = stranger.page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute("imagesrcset", /-720\.avif 720w/);
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(cover).toHaveJSProperty("complete", true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/photos\/[0-9a-f]{32}-\d+\.avif$/,
  );
  await stranger.page.getByRole("link", { name: "View this page in English" }).click();
  await expect(stranger.page).toHaveURL(/\/en\/product\/zora-fanny-pack$/);
  await expect(stranger.page.getByText("Almond-green jacquard, cream flowers")).toBeVisible();

  // Without JavaScript, from the French page's "Buy now" to the test payment: paid.
  const plain = await shopper(browser, false);
  await plain.page.goto("/produit/sac-banane-zora");
  await plain.page.getByRole("link", { name: "Acheter maintenant" }).first().click();
  await fillShipping(plain.page, "fr", "FR", "Inès");
  await submitCheckout(plain.page, "fr");
  await payWithCard(plain.page, "fr", "4242 4242 4242 4242");
  await expect(plain.page.getByRole("heading", { level: 1 })).toContainText(CHECKOUT.fr.thanks("Inès"));
  const orderNumber = (await plain.page.getByText(CHECKOUT.fr.orderNumber).textContent())?.match(
    CHECKOUT.fr.orderNumber,
  )?.[1];
  expect(orderNumber).toBeTruthy();
  expect(await sql("SELECT stock FROM products WHERE slug = 'zora'")).toEqual([{ stock: 2 }]);
  // Her confirmation shows Zora's photo, a JPEG of the shop's.
  const confirmation = await deliveredEmail(orderNumber as string, "?token=");
  expect(confirmation).toMatch(/src="http:\/\/127\.0\.0\.1:\d+\/photos\/[0-9a-f]{32}-600\.jpg"/);

  // The sitemap lists both of Zora's addresses.
  const sitemap = await (await stranger.page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/produit/sac-banane-zora</loc>");
  expect(sitemap).toContain("/en/product/zora-fanny-pack</loc>");

  // A change of words is on the kept page at the very next request; a changed address answers 301.
  const kept = () => stranger.page.request.get("/produit/sac-banane-zora");
  await kept();
  expect((await kept()).headers()["x-page-cache"]).toBe("hit");
  await page.getByRole("link", { name: "Modifier le modèle Zora" }).click();
  await page.getByRole("tab", { name: "Français" }).click();
  await page
    .getByRole("tabpanel")
    .getByLabel("Accroche", { exact: true })
    .fill("Jacquard vert amande, fleurs ivoire");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Tout est enregistré.")).toBeVisible();
  expect(await (await kept()).text()).toContain("Jacquard vert amande, fleurs ivoire");

  await page.getByRole("tab", { name: "English" }).click();
  await page.getByRole("tabpanel").getByLabel("Fin de l'adresse (anglais)").fill("zora-almond-fanny-pack");
  await expect(page.getByText("Modifications non enregistrées.")).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Tout est enregistré.")).toBeVisible();
  const moved = await stranger.page.request.get("/en/product/zora-fanny-pack", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/en/product/zora-almond-fanny-pack");

  await stranger.context.close();
  await plain.context.close();
});

test("the catalogue's screens have no accessibility violation on a phone", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await openCatalogue(page);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("link", { name: "Modifier le modèle Aicha" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Modèle : Aicha" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("the owner puts Bilin on sale: shoppers see the lowest price of 30 days struck through, until it ends", async ({
  page,
  browser,
}) => {
  await openCatalogue(page);
  await page.getByRole("link", { name: "Modifier le modèle Bilin" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Modèle : Bilin" })).toBeVisible();
  const sale = page.getByRole("region", { name: "Solde" });

  // A price at or above today's is no sale: said under the field, which takes the focus.
  const salePrice = sale.getByLabel("Prix soldé (€)");
  await salePrice.fill("169");
  await sale.getByRole("button", { name: "Mettre en solde" }).click();
  await expect(sale.getByText("Indiquez un prix supérieur à 0, avec au plus deux décimales.")).toBeVisible();
  await expect(salePrice).toBeFocused();

  await salePrice.fill("149");
  await expect(sale.getByText(/^Prix barré qui sera affiché : 169,00\s€$/)).toBeVisible();
  await sale.getByRole("button", { name: "Mettre en solde" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modèle en solde" })).toBeVisible();
  await expect(sale.getByText(/Prix barré affiché : 169,00\s€\./)).toBeVisible();

  const stranger = await shopper(browser, false);
  await stranger.page.goto("/produit/sac-banane-bilin");
  // The price beside the title (the story repeats it further down).
  const price = stranger.page.locator(".product-hero__price").first();
  await expect(price.locator("s")).toHaveText(
    /^Prix le plus bas des 30 jours précédant la réduction : 169\s€$/,
  );
  await expect(price).toContainText(/149\s€/);

  await sale.getByRole("button", { name: "Terminer la solde" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Solde terminée" })).toBeVisible();
  await stranger.page.reload();
  await expect(price.locator("s")).toHaveCount(0);
  await expect(price).toContainText(/149\s€/);
  await stranger.context.close();
});
