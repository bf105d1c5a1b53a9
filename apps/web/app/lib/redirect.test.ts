/**
 * The return address of every form (`redirectTo`) goes through safeRedirectPath. Whatever a
 * script sends, the answer is a path of this site that a Location header can carry, and a
 * browser reading that Location stays on the shop.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

const FALLBACK = "/panier";
const SHOP = "https://souls.example";

/** Where a browser on the shop goes with this Location, as the WHATWG URL parser reads it. */
const browserTarget = (location: string) => new URL(location, `${SHOP}/produit/sac-banane-aicha`);

function expectSafe(input: unknown) {
  const path = safeRedirectPath(input, FALLBACK);
  expect(path.startsWith("/")).toBe(true);
  expect(path.startsWith("//")).toBe(false);
  expect(path).not.toMatch(/[\p{Cc}\\\s]/u);
  // A header value: Headers refuses what HTTP cannot carry (a 500 before this fix).
  expect(() => new Headers({ Location: path })).not.toThrow();
  expect(browserTarget(path).origin).toBe(SHOP);
  return path;
}

describe("the one safe redirect", () => {
  it("keeps a path of this site, with its query", () => {
    expect(safeRedirectPath("/produit/sac-banane-aicha?photo=2", FALLBACK)).toBe(
      "/produit/sac-banane-aicha?photo=2",
    );
    expect(safeRedirectPath("/en/cart", FALLBACK)).toBe("/en/cart");
  });

  it("falls back for every trick of the attack report and its cousins", () => {
    for (const trick of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\u0000x",
      "/\u0085/evil.example",
      "",
      "/".repeat(5000),
    ]) {
      expect(safeRedirectPath(trick, FALLBACK), JSON.stringify(trick)).toBe(FALLBACK);
    }
    for (const notText of [null, undefined, 42, ["/panier"], new File(["x"], "x")]) {
      expect(safeRedirectPath(notText, FALLBACK)).toBe(FALLBACK);
    }
  });

  it("encodes what a header cannot carry instead of failing", () => {
    expect(expectSafe("/\u3002evil.example")).toBe("/%E3%80%82evil.example");
    expect(expectSafe("/%E3%80%82/x")).toBe("/%E3%80%82/x");
    expect(expectSafe("/%2e%2e/%2e%2e/evil")).toBe("/evil");
    expect(expectSafe("/a b")).toBe("/a%20b");
    expect(expectSafe("/\ud800")).toBe("/%EF%BF%BD");
  });

  it("never produces a foreign Location nor throws, whatever the input (fast-check)", () => {
    const pathish = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "/",
            "//",
            "\\",
            ".",
            "..",
            "%2e",
            "%2f",
            "%5c",
            "%09",
            "%0a",
            "%00",
            ":",
            "@",
            "?",
            "#",
            "\t",
            "\n",
            "\u3002",
            "evil.example",
            "http:",
            "%E3%80%82",
          ),
          fc.string({ unit: "grapheme", maxLength: 6 }),
          fc.string({ unit: "binary", maxLength: 4 }),
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.oneof(
          pathish,
          pathish.map((p) => `/${p}`),
          fc.string({ unit: "binary" }),
        ),
        (input) => {
          expectSafe(input);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
