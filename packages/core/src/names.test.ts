import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, intlLocale, isLocale, LOCALES } from "./locales";
import { isModelCode } from "./models";

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
});
