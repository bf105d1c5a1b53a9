/**
 * The legal pages show the seller the owner saved in her panel, at the next request of any
 * server, in both languages; until every detail the law asks for is there, they say which of
 * their details are examples.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { EMPTY_SELLER, saveSeller } from "@souls/shop/seller";
import { FILLED_IN_SELLER } from "@souls/shop/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let t: TestDatabase;
let legal: typeof import("./route");
let pageText: typeof import("~/lib/page-text.testing").pageText;

beforeAll(async () => {
  t = await createTestDatabase();
  vi.stubEnv("DATABASE_URL", t.url);
  [legal, { pageText }] = await Promise.all([import("./route"), import("~/lib/page-text.testing")]);
});

afterAll(async () => {
  // The pool and the LISTEN connection the pages used (lib/server-process.server.ts).
  await (globalThis as { [key: symbol]: { close(): Promise<void> } })[Symbol.for("souls.web.stop")]?.close();
  await t.drop();
});

/** The page a shopper gets at `path`, as text. */
const page = (path: string) =>
  pageText(
    path,
    {
      loader: ({ request, params }) => legal.loader({ request, params, context: {} } as LoaderFunctionArgs),
      Component: legal.default,
    },
    ["common", "legal"],
  );

describe("the legal pages", () => {
  it("say which details are examples while the seller is not filled in, in both languages", async () => {
    await saveSeller(t.db, { ...EMPTY_SELLER, companyName: "Souls Atelier SAS" });
    const notice = await page("/mentions-legales");
    expect(notice).toContain("Certaines coordonnées affichées ici sont des exemples");
    expect(notice).toContain("numéro SIREN");
    expect(notice).not.toMatch(/exemples[^.]*dénomination sociale/); // the company name is hers
    expect(notice).toContain("Souls Atelier SAS, SAS au capital de 1 000 €");
    expect(notice).toContain("000 000 000");
    const english = await page("/en/legal-notice");
    expect(english).toContain(
      "Some of the details shown here are examples, to be replaced before the shop opens",
    );
    expect(english).toContain("hosting provider and consumer mediator");
  });

  it("show the identity the owner saved at the next request, and no longer say examples", async () => {
    await saveSeller(t.db, { ...FILLED_IN_SELLER, brand: "Souls Paris" });
    const notice = await page("/mentions-legales");
    expect(notice).not.toMatch(/sont des exemples|\(exemple\)|000 000 000|souls\.example/);
    for (const text of [
      "est édité par Souls Atelier SAS, SAS au capital de 5 000 €, dont le siège social est situé 8 rue de Charonne, 75011 Paris, France",
      "registre du commerce et des sociétés de Lyon sous le numéro 732 829 320",
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
    expect(terms).not.toMatch(/are examples|\(exemple\)|souls\.example/);
    expect(terms).toContain("CM2C, https://www.cm2c.net");
    expect(terms).toContain("8 rue de Charonne, 75011 Paris, France");

    // The privacy policy names its data controller.
    const privacy = await page("/politique-confidentialite");
    expect(privacy).toContain("Le responsable du traitement");
    expect(privacy).toContain("Souls Atelier SAS, SAS dont le siège social est situé 8 rue de Charonne");
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
});
