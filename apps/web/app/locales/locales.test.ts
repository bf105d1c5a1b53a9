import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.dirname(new URL(import.meta.url).pathname);
const namespaces = readdirSync(path.join(dir, "fr")).filter((file) => file.endsWith(".json"));

/** Keys of a locale file, with plural suffixes folded (French and English plurals differ). */
function keysOf(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return [`${prefix}[]`];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, child]) =>
      keysOf(child, `${prefix}${prefix ? "." : ""}${key.replace(/_(one|other|many|few|two|zero)$/, "")}`),
    );
  }
  return [prefix];
}

describe("locale files", () => {
  it.each(namespaces)("%s has the same keys in French and English", (file) => {
    const fr = JSON.parse(readFileSync(path.join(dir, "fr", file), "utf8"));
    const en = JSON.parse(readFileSync(path.join(dir, "en", file), "utf8"));
    expect([...new Set(keysOf(en))].sort()).toEqual([...new Set(keysOf(fr))].sort());
  });

  it("has the spec's fixed copy", () => {
    const fr = JSON.parse(readFileSync(path.join(dir, "fr", "common.json"), "utf8"));
    const en = JSON.parse(readFileSync(path.join(dir, "en", "common.json"), "utf8"));
    expect(fr.toast.added).toMatchObject({
      title: "Produit ajouté",
      text: "{{name}} a été ajouté à votre panier",
    });
    expect(en.toast.added).toMatchObject({
      title: "Product added",
      text: "{{name}} has been added to your cart",
    });
    expect(fr.cart.emptyTitle).toBe("Votre panier est vide");
    expect(en.product.soldOut).toBe("Out of stock");
    expect(fr.product.unavailable).toBe("Produit épuisé");
  });

  it("gives the terms of sale exactly 14 articles", () => {
    for (const locale of ["fr", "en"]) {
      const legal = JSON.parse(readFileSync(path.join(dir, locale, "legal.json"), "utf8"));
      expect(legal.terms.sections).toHaveLength(14);
    }
  });
});
