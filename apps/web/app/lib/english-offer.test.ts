import { describe, expect, it } from "vitest";
import { offersEnglish, prefersEnglish } from "./english-offer";

describe("a browser asking for English", () => {
  it("puts English before French, by weight then by order", () => {
    expect(prefersEnglish("en")).toBe(true);
    expect(prefersEnglish("en-US,en;q=0.9")).toBe(true);
    expect(prefersEnglish("en-GB,en;q=0.9,fr;q=0.8")).toBe(true);
    expect(prefersEnglish("de-DE,de;q=0.9,en;q=0.5")).toBe(true);
    expect(prefersEnglish("fr;q=0.4, EN-au;q=0.6")).toBe(true);
  });

  it("is not a French one, one naming neither, or one saying nothing", () => {
    expect(prefersEnglish("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toBe(false);
    expect(prefersEnglish("en;q=0.8,fr")).toBe(false);
    expect(prefersEnglish("fr-CA, en")).toBe(false);
    expect(prefersEnglish("de-DE,es")).toBe(false);
    expect(prefersEnglish("*")).toBe(false);
    expect(prefersEnglish("en;q=0, fr;q=0.1")).toBe(false);
    expect(prefersEnglish("en;q=abc")).toBe(false);
    expect(prefersEnglish("")).toBe(false);
    expect(prefersEnglish(null)).toBe(false);
    expect(prefersEnglish(undefined)).toBe(false);
  });

  it("reads a header of any length in one bounded pass: one longer than browsers send asks for nothing", () => {
    expect(prefersEnglish(`en${";".repeat(20_000)}`)).toBe(false);
    expect(prefersEnglish(`${",".repeat(100)}en`)).toBe(true);
  });

  it("is offered the English page on a French shopper page only", () => {
    const english = "en-US,en;q=0.9";
    expect(offersEnglish("/", english)).toBe(true);
    expect(offersEnglish("/produit/sac-banane-nadia", english)).toBe(true);
    expect(offersEnglish("/panier", english)).toBe(true);
    expect(offersEnglish("/en", english)).toBe(false);
    expect(offersEnglish("/en/product/nadia-fanny-pack", english)).toBe(false);
    expect(offersEnglish("/admin", english)).toBe(false);
    expect(offersEnglish("/", "fr-FR")).toBe(false);
  });
});
