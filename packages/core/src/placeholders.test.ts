import { describe, expect, it } from "vitest";
import { fill, placeholderParts } from "./placeholders";

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
});
