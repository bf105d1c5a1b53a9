import { describe, expect, it } from "vitest";
import { TEST_CARDS, testCardOutcome } from "./test-cards";

describe("Stripe's test cards", () => {
  it("answers each test card as Stripe's test mode does, spaces and dashes ignored", () => {
    expect(testCardOutcome(TEST_CARDS.succeeds)).toBe("succeeds");
    expect(testCardOutcome("4242 4242 4242 4242")).toBe("succeeds");
    expect(testCardOutcome("4000-0000-0000-9995")).toBe("insufficient_funds");
    expect(testCardOutcome(TEST_CARDS.declined)).toBe("declined");
    expect(testCardOutcome(TEST_CARDS.threeDSecure)).toBe("requires_3ds");
  });

  it("declines any other valid number and refuses a mistyped one", () => {
    expect(testCardOutcome("5555555555554444")).toBe("declined");
    expect(testCardOutcome("4242424242424241")).toBe("incorrect_number");
    expect(testCardOutcome("42424242")).toBe("incorrect_number");
    expect(testCardOutcome("4242x42424242424")).toBe("incorrect_number");
    expect(testCardOutcome("")).toBe("incorrect_number");
  });
});
