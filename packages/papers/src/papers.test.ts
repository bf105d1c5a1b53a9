import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import fr from "./locales/fr.json";
import { paperFilename, renderPaper } from "./render";
import { sampleCreditNote, sampleExportInvoice, sampleInvoice, samplePackingSlip } from "./samples/samples";
import { pdfText } from "./testing";

/** Every leaf key of a locale file. */
const keys = (value: unknown, path = ""): string[] =>
  typeof value === "string"
    ? [path]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
        keys(child, path ? `${path}.${key}` : key),
      );

describe("an invoice", () => {
  it("is a PDF whose text says its number, the seller's identity, the buyer, each line and the totals", async () => {
    const bytes = await renderPaper(sampleInvoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { pages, text, lines } = await pdfText(bytes);
    expect(pages).toBe(1);
    expect(text).toContain("Facture n° F-000042");
    expect(text).toContain("Date : 15/11/2026");
    expect(text).toContain("Commande n° SOULS-151126ABCD du 15/11/2026");
    // The seller as the law asks (CGI art. 242 nonies A; Code de commerce R123-237 and R123-238).
    expect(text).toContain("SOULS SAS");
    expect(text).toContain("SAS au capital de 1 000 €");
    expect(text).toContain("RCS Paris 732829320");
    expect(text).toContain("N° TVA intracommunautaire : FR44732829320");
    expect(text).toContain("8 rue de Charonne");
    // The buyer, her name in Polish letters.
    expect(text).toContain("Łucja Wójcik");
    expect(text).toContain("10117 Berlin");
    // Each line excluding VAT at its rate, then the totals.
    expect(lines).toContain("Sac banane Aicha Aicha-01 1 140,83 € 20 % 140,83 €");
    expect(lines).toContain("Livraison 1 10,00 € 20 % 10,00 €");
    expect(lines).toContain("Total HT 150,83 €");
    expect(lines).toContain("TVA 20 % 30,17 €");
    expect(lines).toContain("Total TTC 181,00 €");
    expect(text).toContain("TVA française au taux de 20 %.");
    expect(text).toContain("Acquittée le 15/11/2026 par carte bancaire.");
    expect(text).not.toContain("262 I");
  });

  it("of an export says why it bears no VAT (CGI art. 262 I), in the order's language", async () => {
    const { text, lines } = await pdfText(await renderPaper(sampleExportInvoice));
    expect(text).toContain("Invoice no. F-000043");
    expect(text).toContain("Grace Miller");
    expect(text).toContain("United States");
    expect(lines).toContain("Nadia fanny pack Nadia-01 1 €169.00 0% €169.00");
    expect(lines).toContain("Total incl. VAT €194.00");
    expect(text).toContain("VAT exempt, article 262 I of the French General Tax Code");
  });

  it("of a shop under the small-business exemption says so (CGI art. 293 B)", async () => {
    const { text } = await pdfText(
      await renderPaper({ ...sampleExportInvoice, locale: "fr", vatBasis: "franchise", number: "F-000044" }),
    );
    expect(text).toContain("TVA non applicable, article 293 B du CGI.");
  });

  it("paid through the test gateway says it is a test", async () => {
    const { text } = await pdfText(
      await renderPaper({ ...sampleInvoice, number: "TEST-F-000001", test: true }),
    );
    expect(text).toContain("Document de test");
  });

  it("printed twice is the same paper, byte for byte", async () => {
    const [first, second] = [await renderPaper(sampleInvoice), await renderPaper(sampleInvoice)];
    expect(Buffer.compare(first, second)).toBe(0);
  });

  it("leaves out what the seller has not filled in, never an example in its place", async () => {
    const seller = {
      ...sampleInvoice.seller,
      siren: null,
      rcsCity: null,
      vatNumber: null,
      shareCapital: null,
    };
    const { text } = await pdfText(await renderPaper({ ...sampleInvoice, seller }));
    expect(text).not.toMatch(/SIREN|RCS|intracommunautaire|capital/);
    expect(text).toContain("SOULS SAS");
  });

  it("names a company's seller with its form, capital and RCS, and an EI's with « EI », no capital and the RNE", async () => {
    const sas = await pdfText(
      await renderPaper({
        ...sampleInvoice,
        seller: { ...sampleInvoice.seller, legalForm: "sas", register: "rcs" },
      }),
    );
    expect(sas.text).toContain(
      "SOULS SAS · SAS au capital de 1 000 € · RCS Paris 732829320 · N° TVA intracommunautaire : FR44732829320 · 8 rue de Charonne,",
    );
    const ei = {
      ...sampleInvoice.seller,
      companyName: "Zora Benali",
      legalForm: "ei",
      // A capital a form typed before the list may have kept is never printed for an EI.
      shareCapital: "1 000 €",
      register: "rne",
      rcsCity: null,
      siren: "404833048",
      vatNumber: null,
    };
    const micro = await pdfText(await renderPaper({ ...sampleInvoice, vatBasis: "franchise", seller: ei }));
    expect(micro.text).toContain(
      "Zora Benali EI · Entrepreneur individuel · SIREN 404833048 (RNE) · 8 rue de Charonne, 75011 Paris, France",
    );
    expect(micro.text).toContain("Zora Benali EI");
    expect(micro.text).toContain("TVA non applicable, article 293 B du CGI.");
    expect(micro.text).not.toMatch(/capital|RCS|intracommunautaire/);
    const english = await pdfText(await renderPaper({ ...sampleExportInvoice, seller: ei }));
    expect(english.text).toContain(
      "Zora Benali EI · Sole trader (entrepreneur individuel) · SIREN 404833048 (RNE)",
    );
  });
});

describe("a credit note", () => {
  it("names the invoice it corrects, its reason, the lines given back and the totals at the sale's VAT", async () => {
    const { text, lines } = await pdfText(await renderPaper(sampleCreditNote));
    expect(text).toContain("Avoir n° AV-000007");
    expect(text).toContain("Avoir sur la facture n° F-000042 du 15/11/2026");
    expect(text).toContain("Motif : retour");
    expect(lines).toContain("Total TTC 181,00 €");
    expect(lines).toContain("TVA 20 % 30,17 €");
    expect(text).toContain("Remboursé le 28/11/2026");
  });
});

describe("a packing slip", () => {
  it("says where the parcel goes and what is in it, without a price", async () => {
    const { text, lines } = await pdfText(await renderPaper(samplePackingSlip));
    expect(text).toContain("Bon de livraison");
    expect(text).toContain("Łucja Wójcik");
    expect(text).toContain("Friedrichstraße 12");
    expect(text).toContain("Instructions de livraison : Hinterhaus, 3. Stock");
    expect(lines).toContain("Sac banane Aicha Aicha-01 1 ☐");
    expect(text).not.toMatch(/169|Total/);
    expect(text).not.toContain("Remboursé");
  });

  it("names the carrier it left with, as the owner's list named it then", async () => {
    const { text } = await pdfText(
      await renderPaper({
        ...samplePackingSlip,
        shipment: { carrierName: "Mondial Relay", trackingNumber: "MR-123456" },
      }),
    );
    expect(text).toContain("Expédié avec Mondial Relay, numéro de suivi MR-123456");
    const before = await pdfText(await renderPaper(samplePackingSlip));
    expect(before.text).not.toContain("Expédié avec");
  });

  it("names the pieces refunded before it left, outside its table", async () => {
    const { text, lines } = await pdfText(
      await renderPaper({
        ...samplePackingSlip,
        refunded: [{ name: "Emma", reference: "Emma-02", quantity: 1 }],
      }),
    );
    expect(lines).toContain("Sac banane Aicha Aicha-01 1 ☐");
    expect(lines.some((line) => line.includes("Emma-02") && line.includes("☐"))).toBe(false);
    expect(text).toContain("Remboursé avant l'envoi, pas dans ce colis : Sac banane Emma (Emma-02) × 1.");
    const nothing = await pdfText(
      await renderPaper({
        ...samplePackingSlip,
        lines: [],
        refunded: [{ name: "Aicha", reference: "Aicha-01", quantity: 1 }],
      }),
    );
    expect(nothing.text).toContain("Rien à expédier");
  });
});

describe("the papers' words", () => {
  it("have the same keys in French and English", () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
  });

  it("name each download after the paper", () => {
    expect(paperFilename(sampleInvoice)).toBe("facture-F-000042.pdf");
    expect(paperFilename(sampleExportInvoice)).toBe("invoice-F-000043.pdf");
    expect(paperFilename(sampleCreditNote)).toBe("avoir-AV-000007.pdf");
    expect(paperFilename(samplePackingSlip)).toBe("bon-de-livraison-SOULS-151126ABCD.pdf");
  });
});
