import { describe, expect, it } from "vitest";
import { choosesQuantity } from "./quantity";

describe("a cart line's quantity stepper", () => {
  it("is not offered for a unique piece: the last one left, or one per order", () => {
    expect(choosesQuantity(1, 1, 3)).toBe(false);
    expect(choosesQuantity(1, 5, 1)).toBe(false);
    expect(choosesQuantity(1, 0, 3)).toBe(false);
  });

  it("is offered where more than one piece can be had", () => {
    expect(choosesQuantity(1, 2, 3)).toBe(true);
    expect(choosesQuantity(1, 9, 3)).toBe(true);
  });

  it("stays on a line holding more than what is left, to come down to it", () => {
    expect(choosesQuantity(2, 1, 3)).toBe(true);
    expect(choosesQuantity(2, 0, 3)).toBe(true);
  });
});
