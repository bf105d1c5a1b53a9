import { describe, expect, it } from "vitest";
import { count, fill, placeholderParts, pluralCategory } from "./placeholders";

describe("filling a sentence", () => {
  it("puts each value in its placeholder", () => {
    expect(
      fill("Commande n° {{orderNumber}} du {{date}}", {
        orderNumber: "SOULS-123456ABCD",
        date: "12 mars 2025",
      }),
    ).toBe("Commande n° SOULS-123456ABCD du 12 mars 2025");
    expect(fill("{{n}} e-mails supprimés", { n: 0 })).toBe("0 e-mails supprimés");
  });

  it("splits a sentence around its placeholders for a template to fill with elements", () => {
    expect(placeholderParts("Suivre le colis {{carrier}} ici", { carrier: "x" })).toEqual([
      "Suivre le colis ",
      "carrier",
      " ici",
    ]);
  });

  it("refuses to send a sentence with a hole in it", () => {
    expect(() => placeholderParts("Bonjour {{name}},", {})).toThrow(/no value for \{\{name\}\}/);
    expect(() => fill("Bonjour {{name}},", {})).toThrow(/no value for \{\{name\}\}/);
  });

  it("keeps a placeholder as written when asked (the pages' lookup), and reads one with spaces", () => {
    expect(fill("Bonjour {{name}}, {{ name }} !", {}, { missing: "keep" })).toBe(
      "Bonjour {{name}}, {{ name }} !",
    );
    expect(fill("Bonjour {{ name }} !", { name: "Lina" })).toBe("Bonjour Lina !");
  });
});

describe("counting in words, by each language's plural rules", () => {
  const pieces = { one: "{{n}} pièce", other: "{{n}} pièces" };

  it("takes French's singular for 0 and 1, English's for 1 only", () => {
    expect(count("fr", 0, pieces)).toBe("0 pièce");
    expect(count("fr", 1, pieces)).toBe("1 pièce");
    expect(count("fr", 2, pieces)).toBe("2 pièces");
    expect(count("en", 0, { one: "{{n}} piece", other: "{{n}} pieces" })).toBe("0 pieces");
    expect(count("en", 1, { one: "{{n}} piece", other: "{{n}} pieces" })).toBe("1 piece");
  });

  it("falls back on `other` for a category the sentence does not tell apart (a French million)", () => {
    expect(pluralCategory("fr", 1_000_000)).toBe("many");
    expect(count("fr", 1_000_000, pieces)).toBe("1000000 pièces");
  });

  it("fills the sentence's other placeholders, and refuses a hole", () => {
    const refunds = { one: "{{n}} remboursement ({{amount}})", other: "{{n}} remboursements ({{amount}})" };
    expect(count("fr", 2, refunds, { amount: "40,00 €" })).toBe("2 remboursements (40,00 €)");
    expect(() => count("fr", 2, refunds)).toThrow("no value for {{amount}}");
  });
});
