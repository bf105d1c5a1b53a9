/**
 * The legal pages show the seller the owner saved in her panel, at the next request of any
 * server, in both languages, as the law has her written for her legal form; a detail not filled
 * in is left out (never an example in its place), and the pages say which are missing.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { addCarrier, retireCarrier } from "@souls/shop/carriers";
import { DEFAULT_OWNER_SETTINGS, saveOwnerSettings } from "@souls/shop/owner";
import { EMPTY_SELLER, saveSeller } from "@souls/shop/seller";
import { FILLED_IN_SELLER, MICRO_SELLER, SELLER_OF_EACH_FORM } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
let legal: typeof import("./route");
let pageText: typeof import("~/lib/page-text.testing").pageText;
let pageHtml: typeof import("~/lib/page-text.testing").pageHtml;
let textOf: typeof import("~/lib/page-text.testing").textOf;

beforeAll(async () => {
  t = await createTestDatabase();
  vi.stubEnv("DATABASE_URL", t.url);
  [legal, { pageText, pageHtml, textOf }] = await Promise.all([
    import("./route"),
    import("~/lib/page-text.testing"),
  ]);
});

afterAll(async () => {
  // The pool and the LISTEN connection the pages used (lib/server-process.server.ts).
  await (globalThis as { [key: symbol]: { close(): Promise<void> } })[Symbol.for("souls.web.stop")]?.close();
  await t.drop();
});

const route = () => ({
  loader: ({ request, params }: { request: Request; params: LoaderFunctionArgs["params"] }) =>
    legal.loader({ request, params, context: {} } as LoaderFunctionArgs),
  Component: legal.default,
});

/** The page a shopper gets at `path`, as text. */
const page = (path: string) => pageText(path, route(), ["common", "legal"]);

/** The page's text one paragraph, heading or item a line, as a snapshot reads it. */
const pageLines = async (path: string) =>
  (await pageHtml(path, route(), ["common", "legal"]))
    .split(/<\/(?:p|h1|h2|li|a)>/)
    .map(textOf)
    .filter(Boolean)
    .join("\n");

const VAT_REGIME = {
  ei: "franchise",
  eurl: "france",
  sarl: "france",
  sas: "destination",
  sasu: "france",
} as const;

describe("the legal pages", () => {
  it("invent nothing while the seller is not filled in, and say what is missing, in both languages", async () => {
    await saveSeller(t.db, { ...EMPTY_SELLER, companyName: "Souls Atelier SAS" });
    const notice = await page("/mentions-legales");
    expect(notice).toContain("Certaines informations exigées par la loi ne sont pas encore renseignées");
    expect(notice).toContain("numéro SIREN");
    expect(notice).not.toMatch(/renseignées[^.]*dénomination sociale/); // the company name is hers
    expect(notice).toContain("est édité par Souls Atelier SAS.");
    expect(notice).not.toMatch(
      /capital|RCS|TVA intracommunautaire|000 000 000|\(exemple\)|\.example|\{\{|\u2063/,
    );
    // Paragraphs needing what is missing are left out: no director, no host, no phone.
    expect(notice).not.toContain("directeur de la publication du Site est");
    expect(notice).not.toContain("hébergé par");
    expect(notice).not.toContain("par téléphone");
    const english = await page("/en/legal-notice");
    expect(english).toContain("Some details the law requires are not filled in yet");
    expect(english).toContain("hosting provider and consumer mediator");
    expect(english).not.toMatch(/share capital of|RCS|\(exemple\)|\.example|\{\{/);
    const terms = await page("/cgv");
    expect(terms).toContain("Le Site est exploité par Souls Atelier SAS.");
    expect(terms).not.toMatch(/\{\{|\u2063|\(exemple\)|\.example/);
  });

  it("print for a micro-entrepreneur in the franchise her name and « EI », no capital, no RCS, and art. 293 B", async () => {
    await saveSeller(t.db, MICRO_SELLER);
    await saveOwnerSettings(t.db, { ...DEFAULT_OWNER_SETTINGS, vatRegime: "franchise" });
    const notice = await page("/mentions-legales");
    expect(notice).toContain(
      "est édité par Zora Benali EI, entrepreneur individuel, dont l’adresse professionnelle est 8 rue de Charonne, 75011 Paris, France.",
    );
    expect(notice).toContain(
      "Immatriculation au registre national des entreprises (RNE) sous le numéro SIREN 404 833 048. TVA non applicable, art. 293 B du CGI.",
    );
    expect(notice).not.toMatch(
      /capital|RCS|registre du commerce|TVA intracommunautaire|siège social|renseignées/,
    );
    const terms = await page("/cgv");
    expect(terms).toContain("Le Site est exploité par Zora Benali EI, entrepreneur individuel");
    expect(terms).toContain("toutes taxes comprises ; TVA non applicable, art. 293 B du CGI.");
    expect(terms).not.toContain("TVA incluse");
    const english = await page("/en/terms-of-sale");
    expect(english).toContain("operated by Zora Benali EI, a sole trader (entrepreneur individuel)");
    expect(english).toContain("VAT not applicable, article 293 B of the French General Tax Code.");
    await saveOwnerSettings(t.db, DEFAULT_OWNER_SETTINGS);
  });

  it("print each legal form's identity, in both languages (snapshots of the legal notice)", async () => {
    for (const [form, seller] of Object.entries(SELLER_OF_EACH_FORM)) {
      await saveSeller(t.db, seller);
      await saveOwnerSettings(t.db, {
        ...DEFAULT_OWNER_SETTINGS,
        vatRegime: VAT_REGIME[form as keyof typeof VAT_REGIME],
      });
      expect(await pageLines("/mentions-legales"), `${form} fr`).toMatchSnapshot(`${form} fr`);
      expect(await pageLines("/en/legal-notice"), `${form} en`).toMatchSnapshot(`${form} en`);
    }
    await saveOwnerSettings(t.db, DEFAULT_OWNER_SETTINGS);
  });

  it("show the identity the owner saved at the next request, and no longer say examples", async () => {
    await saveSeller(t.db, { ...FILLED_IN_SELLER, brand: "Souls Paris" });
    const notice = await page("/mentions-legales");
    expect(notice).not.toMatch(/renseignées|\(exemple\)|000 000 000|souls\.example/);
    for (const text of [
      "est édité par Souls Atelier SAS, SAS (société par actions simplifiée) au capital de 5 000 €, dont le siège social est situé 8 rue de Charonne, 75011 Paris, France",
      "Immatriculation au registre du commerce et des sociétés (RCS) de Lyon sous le numéro SIREN 732 829 320.",
      "Numéro de TVA intracommunautaire : FR44732829320",
      "Souls Paris est le nom commercial",
      "Le directeur de la publication du Site est Leïla Amrani",
      "Le Site est hébergé par OVH SAS, dont le siège est situé 2 rue Kellermann, 59100 Roubaix, France (téléphone : +33 9 72 10 10 07)",
      "par téléphone : +33 6 12 34 56 78",
      "bonjour@souls.fr",
    ]) {
      expect(notice).toContain(text);
    }

    const terms = await page("/en/terms-of-sale");
    expect(terms).not.toMatch(/not filled in|\(exemple\)|souls\.example/);
    expect(terms).toContain("CM2C, https://www.cm2c.net");
    expect(terms).toContain("8 rue de Charonne, 75011 Paris, France");

    // The privacy policy names its data controller.
    const privacy = await page("/politique-confidentialite");
    expect(privacy).toContain("Le responsable du traitement");
    expect(privacy).toContain(
      "Souls Atelier SAS, SAS (société par actions simplifiée) au capital de 5 000 €, dont le siège social est situé 8 rue de Charonne",
    );
  });

  it("say what a review collects and how long reviews are kept, from the shop's own rules, in both languages", async () => {
    const fr = await page("/politique-confidentialite");
    expect(fr).toContain("Lorsque vous donnez votre avis sur un modèle acheté");
    expect(fr).toContain("une seule fois par commande, 10 jours après l’expédition");
    expect(fr).toContain(
      "Avis publiés : 3 ans après leur publication, puis supprimés avec la réponse de la boutique ; avis refusés ou retirés : 6 mois après la décision ; trace de l’invitation envoyée : 12 mois ; votre choix de ne plus recevoir d’invitation : 3 ans.",
    );
    const en = await page("/en/privacy-policy");
    expect(en).toContain("When you review a model you bought");
    expect(en).toContain("Published reviews: 3 years after publication");
    expect(en).not.toMatch(/\{\{\w+\}\}/);
  });

  it("name the carriers she ships with now, in the privacy policy and the terms, in both languages", async () => {
    expect(await page("/politique-confidentialite")).toContain(
      "le transporteur chargé de votre colis (Colissimo, Chronopost, DHL ou UPS selon la destination)",
    );
    await addCarrier(t.db, {
      name: "Mondial Relay",
      trackingTemplate: "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}",
    });
    await retireCarrier(t.db, "ups");
    expect(await page("/cgv")).toContain(
      "Toutes les commandes sont expédiées en envoi suivi : par Colissimo, Chronopost, DHL ou Mondial Relay, selon la destination.",
    );
    expect(await page("/en/terms-of-sale")).toContain(
      "All orders are sent by tracked delivery: with Colissimo, Chronopost, DHL or Mondial Relay, depending on the destination.",
    );
  });

  it("say what the audience measurement counts, without a cookie, shared with no one, for 25 months, in both languages", async () => {
    const fr = await page("/politique-confidentialite");
    expect(fr).toContain("Mesure d’audience, sans cookie");
    expect(fr).toContain("Aucun cookie n’est déposé ni lu pour cette mesure");
    expect(fr).toContain("rien n’est transmis à quiconque");
    expect(fr).toContain(
      "Statistiques de fréquentation (totaux par jour, sans aucun identifiant) : 25 mois au maximum.",
    );
    const en = await page("/en/privacy-policy");
    expect(en).toContain("Audience measurement, without cookies");
    expect(en).toContain("No cookie is set or read for this measurement");
    expect(en).toContain("nothing is passed on to anyone");
    expect(en).toContain("Visitor statistics (daily totals, with no identifier at all): 25 months at most.");
    expect(en).not.toMatch(/\{\{\w+\}\}/);
  });
});
