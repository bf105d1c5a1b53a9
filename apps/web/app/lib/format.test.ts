import { describe, expect, it } from "vitest";
import { formatDate, formatPrice } from "./format";

// Intl separates French amounts with a narrow no-break space; compare on plain spaces.
const plain = (text: string) => text.replace(/\u202f|\u00a0/g, " ");

describe("prices", () => {
  it("shows whole prices without decimals on cards, in each language's way", () => {
    expect(plain(formatPrice(16900, "fr"))).toBe("169 €");
    expect(formatPrice(16900, "en")).toBe("€169");
  });

  it("shows two decimals for cart amounts", () => {
    expect(plain(formatPrice(50700, "fr", { exact: true }))).toBe("507,00 €");
    expect(formatPrice(50700, "en", { exact: true })).toBe("€507.00");
    expect(plain(formatPrice(1234567, "fr", { exact: true }))).toBe("12 345,67 €");
  });
});

describe("dates", () => {
  it("writes the magazine's dates in full", () => {
    expect(formatDate("2025-09-15", "fr")).toBe("15 septembre 2025");
    expect(formatDate("2025-09-15", "en")).toBe("15 September 2025");
  });
});
