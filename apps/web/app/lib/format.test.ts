import { describe, expect, it } from "vitest";
import { plainAmount } from "./format";

describe("the pay button's amount", () => {
  it("is written with two decimals, in each language's way, without its currency", () => {
    expect(plainAmount(16900, "fr")).toBe("169,00");
    expect(plainAmount(18100, "en")).toBe("181.00");
    expect(plainAmount(123456, "en")).toBe("1,234.56");
  });
});
