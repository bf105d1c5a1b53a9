import { TEST_CARDS } from "@souls/core/test-cards";
import { describe, expect, it } from "vitest";
import { chargeOfflineCard } from "./offline-gateway";

describe("the offline gateway's payment page", () => {
  it("answers Stripe's test cards as its test mode does", () => {
    expect(chargeOfflineCard("4242 4242 4242 4242")).toBe("succeeded");
    expect(chargeOfflineCard(TEST_CARDS.declined)).toBe("card_declined");
    expect(chargeOfflineCard(TEST_CARDS.insufficientFunds)).toBe("insufficient_funds");
  });

  it("declines the 3-D Secure card (no such step on its page) and any other valid number", () => {
    expect(chargeOfflineCard(TEST_CARDS.threeDSecure)).toBe("card_declined");
    expect(chargeOfflineCard("5555555555554444")).toBe("card_declined");
  });

  it("refuses a mistyped number before charging it", () => {
    expect(chargeOfflineCard("4242424242424241")).toBe("invalid_number");
    expect(chargeOfflineCard("1234")).toBe("invalid_number");
  });
});
