import { describe, expect, it } from "vitest";
import { copy, count, paymentWords } from "./admin-copy";

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

describe("the panel's words say what they mean", () => {
  it("counts through the dictionary: never « 1 tentative(s) », « 1 séries » or « 1 produit(s) »", () => {
    expect(count(1, copy.emails.attempts)).toBe("1 tentative");
    expect(count(3, copy.emails.attempts)).toBe("3 tentatives");
    expect(count(1, copy.catalogue.seriesCount, { max: 12 })).toBe("1 série sur 12");
    expect(count(4, copy.catalogue.seriesCount, { max: 12 })).toBe("4 séries sur 12");
    expect(count(1, copy.catalogue.modelsCount, { max: 60 })).toBe("1 modèle sur 60");
    expect(count(1, copy.stock.countBadge)).toBe("1 modèle");
    expect(count(0, copy.stock.countBadge)).toBe("0 modèle");
    expect(count(2, copy.stock.countBadge)).toBe("2 modèles");
    expect(count(1, copy.stock.lowStockAlert)).toBe("1 modèle a un stock faible (moins de 3 pièces)");
    expect(count(2, copy.stock.lowStockAlert)).toBe("2 modèles ont un stock faible (moins de 3 pièces)");
    expect(count(1, copy.stock.reserved)).toBe("dont 1 réservée");
    expect(count(1, copy.stock.available)).toBe("1 disponible");
    expect(count(5, copy.stock.available)).toBe("5 disponibles");
    expect(count(1, copy.emails.cleanupDone)).toBe("Nettoyage terminé : 1 e-mail supprimé");
    // French plural rules (Intl.PluralRules): a million is plural too.
    expect(count(1_000_000, copy.stock.countBadge)).toBe("1000000 modèles");
  });

  it("writes no « (s) » anywhere in the panel's words", () => {
    const words: string[] = [];
    const walk = (entry: unknown) => {
      if (typeof entry === "string") words.push(entry);
      else if (entry && typeof entry === "object") Object.values(entry).forEach(walk);
    };
    walk(copy);
    expect(words.filter((word) => /\((s|e|es)\)/.test(word))).toEqual([]);
  });

  it("gives one thing one name: the draft of a model is « Nouveau modèle » in the catalogue and the stock", () => {
    expect(copy.stock.add).toBe(copy.catalogue.newModel);
    expect(copy.productForm.title).toBe(copy.newModel.title);
    expect(copy.productForm.submit).toBe(copy.newModel.submit);
    // « Complet » read as sold out: the catalogue says the model's record is complete.
    expect(copy.catalogue.complete).toBe("Fiche complète");
  });

  it("labels an abandoned checkout as such, a declined card as refused, never « Échouée »", () => {
    expect(paymentWords("failed", false)).toEqual({ prefix: "", label: "Paiement abandonné" });
    expect(paymentWords("failed", true)).toEqual({ prefix: "", label: "Paiement refusé" });
    expect(paymentWords("refunded", false)).toEqual({ prefix: "Paiement : ", label: "Remboursée" });
    expect(paymentWords("mismatch", true)).toEqual({ prefix: "Paiement : ", label: "À vérifier" });
  });
});
