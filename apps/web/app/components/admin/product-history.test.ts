import { describe, expect, it } from "vitest";
import { describeProductEvent } from "./product-history";

const event = (kind: string, fromValue: string | null, toValue: string | null) => ({
  kind,
  fromValue,
  toValue,
  actor: "admin",
  createdAt: "2026-11-25T10:00:00.000Z",
});

describe("a line of a model's history", () => {
  it("shows prices as prices, and the catalogue's changes in the owner's words", () => {
    expect(describeProductEvent(event("price_changed", "16900", "14900"))).toMatch(
      /^Prix modifié : 169,00\s€ → 149,00\s€$/,
    );
    expect(describeProductEvent(event("sale_started", "16900", "12900"))).toMatch(
      /^Mis en solde : 169,00\s€ → 129,00\s€$/,
    );
    expect(describeProductEvent(event("published", null, null))).toBe("Publié : en ligne");
    expect(describeProductEvent(event("texts_changed", null, "en"))).toBe("Textes modifiés (anglais)");
    expect(describeProductEvent(event("texts_changed", "Zora", "Zora II"))).toBe(
      "Textes modifiés : Zora → Zora II",
    );
    expect(describeProductEvent(event("address_changed", "/produit/sac-banane-zora", "/produit/zora"))).toBe(
      "Adresse changée : /produit/sac-banane-zora → /produit/zora",
    );
    expect(describeProductEvent(event("series_changed", null, "Deuxième série · 1"))).toBe(
      "Série ou place changée : — → Deuxième série · 1",
    );
    expect(describeProductEvent(event("photos_changed", "3, 4", "3, 4, 9"))).toBe(
      "Photos modifiées : 2 → 3 photos",
    );
    expect(describeProductEvent(event("stock_adjusted", "2", "3"))).toBe("Stock ajusté : 2 → 3");
  });
});
