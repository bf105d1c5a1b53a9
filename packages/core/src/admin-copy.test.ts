import { describe, expect, it } from "vitest";
import { copy, count } from "./admin-copy";

describe("a count in words", () => {
  it("takes the singular for 0 and 1, the plural from 2", () => {
    expect(count(0, copy.dashboard.refunds, { amount: "0,00 €" })).toBe("0 remboursement (0,00 €)");
    expect(count(1, { one: "{{n}} vente", many: "{{n}} ventes" })).toBe("1 vente");
    expect(count(3, { one: "{{n}} vente", many: "{{n}} ventes" })).toBe("3 ventes");
  });

  it("fills the sentence's other placeholders: the owner's home page with refunds in its week", () => {
    expect(count(2, copy.dashboard.refunds, { amount: "40,00 €" })).toBe("2 remboursements (40,00 €)");
    expect(() => count(2, copy.dashboard.refunds)).toThrow("no value for {{amount}}");
  });
});
