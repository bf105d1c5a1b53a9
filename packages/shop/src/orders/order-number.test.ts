import { describe, expect, it } from "vitest";
import { newOrderNumber, ORDER_NUMBER_PATTERN } from "./order-number";

describe("order numbers", () => {
  it("are SOULS- + the timestamp's last 6 digits + 4 uppercase alphanumerics", () => {
    let i = 0;
    const picks = [0, 25, 26, 35];
    expect(newOrderNumber(1_763_771_234_567, () => picks[i++] ?? 0)).toBe("SOULS-234567AZ09");
  });

  it("always match the published shape", () => {
    for (let n = 0; n < 200; n++) expect(newOrderNumber()).toMatch(ORDER_NUMBER_PATTERN);
  });

  it("differ between two orders of the same millisecond", () => {
    const now = Date.now();
    const numbers = new Set(Array.from({ length: 50 }, () => newOrderNumber(now)));
    expect(numbers.size).toBeGreaterThan(45);
  });
});
