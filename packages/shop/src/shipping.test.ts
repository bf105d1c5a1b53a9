import { describe, expect, it } from "vitest";
import {
  DELIVERY_DAYS,
  deliveryTierFor,
  EU_COUNTRIES,
  SHIPPING_COUNTRIES,
  shippingRateFor,
} from "./shipping";

describe("shipping rates", () => {
  it("ships free in France", () => {
    expect(shippingRateFor("FR")).toBe(0);
  });

  it("charges 12 € to the other EU states and to Switzerland, Norway, the UK, Monaco and Andorra", () => {
    for (const country of [...EU_COUNTRIES.filter((c) => c !== "FR"), "CH", "NO", "GB", "MC", "AD"]) {
      expect(shippingRateFor(country), country).toBe(1200);
    }
  });

  it("charges 25 € everywhere else", () => {
    for (const country of ["US", "JP", "MA", "AU", "BR", "IN"])
      expect(shippingRateFor(country), country).toBe(2500);
  });

  it("offers about seventy countries, each once", () => {
    expect(SHIPPING_COUNTRIES.length).toBeGreaterThanOrEqual(68);
    expect(SHIPPING_COUNTRIES.length).toBeLessThanOrEqual(75);
    expect(new Set(SHIPPING_COUNTRIES).size).toBe(SHIPPING_COUNTRIES.length);
  });
});

describe("delivery tiers", () => {
  it("announces 3–5 business days in France, 5–7 in the EU, 7–10 elsewhere", () => {
    expect(DELIVERY_DAYS[deliveryTierFor("FR")]).toEqual({ min: 3, max: 5 });
    expect(DELIVERY_DAYS[deliveryTierFor("DE")]).toEqual({ min: 5, max: 7 });
    expect(DELIVERY_DAYS[deliveryTierFor("CH")]).toEqual({ min: 7, max: 10 });
    expect(DELIVERY_DAYS[deliveryTierFor("US")]).toEqual({ min: 7, max: 10 });
  });
});
