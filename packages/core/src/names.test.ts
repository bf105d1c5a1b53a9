import { describe, expect, it } from "vitest";
import { ACTORS, ORDER_CHANGES } from "./actors";
import { copy } from "./admin-copy";
import { ADMIN_ACCESS_EVENTS, ADMIN_ROLES } from "./admin-roles";
import { CARRIER_EVENTS } from "./carriers";
import { EMAIL_TYPES } from "./email-types";
import { DEFAULT_LOCALE, intlLocale, isLocale, LOCALES } from "./locales";
import { isModelCode } from "./models";
import { PRODUCT_EVENTS } from "./product-events";
import { REFUND_REASONS, REFUND_SOURCES, RESTOCK_CHOICES } from "./refunds";
import { REVIEW_REJECTION_REASONS, REVIEW_STATUSES } from "./reviews";
import { SHOP_WORD_EVENTS } from "./shop-words";
import { SIGNUP_SOURCES } from "./signups";
import { EMAIL_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, REFUND_STATUSES } from "./statuses";
import { VAT_BASES, VAT_REGIMES } from "./vat";

describe("the shop's shared names", () => {
  it("know the two languages, French first, and nothing else", () => {
    expect(LOCALES).toEqual(["fr", "en"]);
    expect(DEFAULT_LOCALE).toBe("fr");
    expect(LOCALES.filter(isLocale)).toEqual(["fr", "en"]);
    for (const value of ["de", "FR", "", null, undefined, 1]) expect(isLocale(value)).toBe(false);
    expect(intlLocale("fr")).toBe("fr-FR");
  });

  it("know what a model's code looks like (the catalogue knows which exist)", () => {
    for (const code of ["nadia", "zora-2", "a1"]) expect(isModelCode(code), code).toBe(true);
    for (const code of ["toString", "Nadia", "-zora", "zora-", "zo--ra", "../admin", "", "a".repeat(61), 1]) {
      expect(isModelCode(code), String(code)).toBe(false);
    }
  });

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
      vatBasis: VAT_BASES,
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
