import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { pageHtml, pageText } from "~/lib/page-text.testing";
import { ProductSafety, type ProductSafetyProps } from "./product-safety";

const PIECE: ProductSafetyProps = {
  manufacturer: {
    name: "Souls Atelier SAS",
    address: "8 rue de Charonne, 75011 Paris, France",
    email: "bonjour@souls.fr",
  },
  reference: "Aicha-01",
  care: "Nettoyer à sec.\n\nNe pas repasser la doublure.",
  safety: "Tenir la sangle hors de portée des jeunes enfants. <b>Petites pièces</b>",
};

const shown = (path: string, props: ProductSafetyProps) =>
  pageText(path, { Component: () => createElement(ProductSafety, props) }, ["common"]);

describe("a product's safety block (GPSR art. 19)", () => {
  it("names the manufacturer, its postal and electronic addresses, the reference, care and warnings, in French", async () => {
    const text = await shown("/produit/sac-banane-aicha", PIECE);
    expect(text).toBe(
      [
        "Sécurité du produit",
        "Informations prévues par le règlement (UE) 2023/988 relatif à la sécurité générale des produits.",
        "Fabricant Souls Atelier SAS",
        "Adresse postale 8 rue de Charonne, 75011 Paris, France",
        "Adresse électronique bonjour@souls.fr",
        "Référence Aicha-01",
        "Entretien Nettoyer à sec. Ne pas repasser la doublure.",
        "Consignes de sécurité Tenir la sangle hors de portée des jeunes enfants. <b>Petites pièces</b>",
      ].join(" "),
    );
  });

  it("speaks the page's language, leaves out an empty note, and shows the owner's words as text, paragraph by paragraph", async () => {
    const english = await shown("/en/product/aicha-fanny-pack", { ...PIECE, care: "   " });
    expect(english).toContain("Product safety");
    expect(english).toContain("Manufacturer Souls Atelier SAS Postal address 8 rue de Charonne");
    expect(english).toContain("Electronic address bonjour@souls.fr Reference Aicha-01");
    expect(english).not.toContain("Care");
    expect(english).toContain("Safety information");

    const html = await pageHtml(
      "/produit/sac-banane-aicha",
      { Component: () => createElement(ProductSafety, PIECE) },
      ["common"],
    );
    expect(html).toContain("<p>Nettoyer à sec.</p><p>Ne pas repasser la doublure.</p>");
    expect(html).toContain("&lt;b&gt;Petites pièces&lt;/b&gt;");
    expect(html).toContain('<a href="mailto:bonjour@souls.fr">bonjour@souls.fr</a>');
  });
});
