import { describe, expect, it } from "vitest";
import { CARRIERS, carrierTrackingUrl, isCarrier } from "./carriers";
import { DEFAULT_LOCALE, intlLocale, isLocale, LOCALES } from "./locales";
import { isModelCode } from "./models";
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, ORDER_STATUSES, STATUS_LABELS } from "./statuses";

describe("the shop's shared names", () => {
  it("know the two languages, French first, and nothing else", () => {
    expect(LOCALES).toEqual(["fr", "en"]);
    expect(DEFAULT_LOCALE).toBe("fr");
    expect(LOCALES.filter(isLocale)).toEqual(["fr", "en"]);
    for (const value of ["de", "FR", "", null, undefined, 1]) expect(isLocale(value)).toBe(false);
    expect(intlLocale("fr")).toBe("fr-FR");
  });

  it("know what a model's code looks like (the catalogue knows which exist), and the four carriers", () => {
    for (const code of ["nadia", "zora-2", "a1"]) expect(isModelCode(code), code).toBe(true);
    for (const code of ["toString", "Nadia", "-zora", "zora-", "zo--ra", "../admin", "", "a".repeat(61), 1]) {
      expect(isModelCode(code), String(code)).toBe(false);
    }
    expect(CARRIERS).toEqual(["colissimo", "chronopost", "dhl", "ups"]);
    expect(isCarrier("ups")).toBe(true);
    expect(isCarrier("fedex")).toBe(false);
  });

  it("link a parcel to its carrier's page, its number trimmed and encoded", () => {
    expect(carrierTrackingUrl("colissimo", " 6A 123/4 ")).toBe(
      "https://www.laposte.fr/outils/suivre-vos-envois?code=6A%20123%2F4",
    );
  });

  it("give every status one label, the codes read from the labels in their order", () => {
    for (const labels of Object.values(STATUS_LABELS)) {
      for (const label of Object.values(labels)) expect(label).toMatch(/^\p{Lu}/u);
    }
    expect(ORDER_STATUSES.slice(0, 3)).toEqual(["awaiting_payment", "pending_preparation", "prepared"]);
    expect(EMAIL_STATUSES).toEqual(["pending", "sending", "sent", "failed"]);
    expect(EMAIL_STATUS_LABELS.failed).toBe("Échoué");
  });
});
