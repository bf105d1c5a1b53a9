import { ACTORS, ORDER_CHANGES } from "@souls/core/actors";
import { ADMIN_ACCESS_EVENTS, ADMIN_ROLES } from "@souls/core/admin-roles";
import { CARRIER_EVENTS } from "@souls/core/carriers";
import { EMAIL_TYPES } from "@souls/core/email-types";
import { PRODUCT_EVENTS } from "@souls/core/product-events";
import { REFUND_REASONS, REFUND_SOURCES, RESTOCK_CHOICES } from "@souls/core/refunds";
import { REVIEW_REJECTION_REASONS, REVIEW_STATUSES } from "@souls/core/reviews";
import { SHOP_WORD_EVENTS } from "@souls/core/shop-words";
import { SIGNUP_SOURCES } from "@souls/core/signups";
import { EMAIL_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES } from "@souls/core/statuses";
import { VAT_REGIMES } from "@souls/core/vat";
import { describe, expect, it } from "vitest";
import { copy, count, paymentWords } from "./admin-words";

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

describe("the labels of the shop's codes", () => {
  it("give every code the shop stores one French label in the panel's dictionary, and no more", () => {
    const codes = {
      orderStatus: ORDER_STATUSES,
      paymentStatus: PAYMENT_STATUSES,
      emailStatus: EMAIL_STATUSES,
      refundStatus: REFUND_STATUSES,
      refundReason: REFUND_REASONS,
      refundSource: REFUND_SOURCES,
      restock: RESTOCK_CHOICES,
      actor: ACTORS,
      role: ADMIN_ROLES,
      accessEvent: ADMIN_ACCESS_EVENTS,
      shopWordEvent: SHOP_WORD_EVENTS,
      carrierEvent: CARRIER_EVENTS,
      orderChange: ORDER_CHANGES,
      emailType: EMAIL_TYPES,
      productEvent: PRODUCT_EVENTS,
      vatRegime: VAT_REGIMES,
      signupList: SIGNUP_SOURCES,
      reviewReason: REVIEW_REJECTION_REASONS,
      reviewStatus: REVIEW_STATUSES,
    } satisfies Record<keyof typeof copy.labels, readonly string[]>;
    for (const [kind, list] of Object.entries(codes)) {
      const labels = copy.labels[kind as keyof typeof codes] as Record<string, string>;
      expect(Object.keys(labels).sort(), kind).toEqual([...list].sort());
      for (const label of Object.values(labels)) expect(label).toMatch(/^\p{Lu}/u);
    }
    expect(ORDER_STATUSES.slice(0, 3)).toEqual(["awaiting_payment", "pending_preparation", "prepared"]);
    expect(EMAIL_STATUSES).toEqual(["pending", "sending", "sent", "failed"]);
    expect(copy.labels.emailStatus.failed).toBe("Échoué");
  });
});
