import { describe, expect, it } from "vitest";
import { holdableOf } from "./limits";

describe("holdableOf", () => {
  const half = { maxHeldShareOfModel: 0.5 };

  it("leaves unpaid orders half of a series' three pieces, the rest to those who pay", () => {
    expect(holdableOf({ available: 3, held: 0 }, half)).toBe(2);
    expect(holdableOf({ available: 2, held: 1 }, half)).toBe(1);
    // One piece left, two held by others: none may be held until one is paid or given back.
    expect(holdableOf({ available: 1, held: 2 }, half)).toBe(0);
    // Two paid: the last piece may be held (at least one piece of a model always may).
    expect(holdableOf({ available: 1, held: 0 }, half)).toBe(1);
  });

  it("is never more than what is available, nor less than nothing", () => {
    expect(holdableOf({ available: 0, held: 0 }, half)).toBe(0);
    expect(holdableOf({ available: 0, held: 3 }, half)).toBe(0);
    expect(holdableOf({ available: 5, held: 0 }, { maxHeldShareOfModel: 1 })).toBe(5);
    expect(holdableOf({ available: 40, held: 10 }, { maxHeldShareOfModel: 0.5 })).toBe(15);
  });
});
