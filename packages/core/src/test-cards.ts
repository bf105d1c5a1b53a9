/**
 * Stripe's test cards, as its test mode answers them (docs.stripe.com/testing): one table for the
 * shop's offline gateway (its own payment page, when no Stripe key is configured) and for the
 * tests' Stripe stand-in. Any expiry in the future and any CVC are accepted.
 */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  /** 3-D Secure 2: the bank asks the cardholder to authenticate every payment. */
  threeDSecure: "4000002760003184",
} as const;

export type TestCardOutcome =
  | "succeeds"
  | "declined"
  | "insufficient_funds"
  | "requires_3ds"
  | "incorrect_number";

/** Luhn check: a mistyped number is refused before it is "charged". */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What Stripe's test mode does with a card number (spaces and dashes ignored): a number that is
 * not 12 to 19 digits or fails the Luhn check is incorrect; any other valid number is declined.
 */
export function testCardOutcome(number: string): TestCardOutcome {
  const digits = number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return "incorrect_number";
  switch (digits) {
    case TEST_CARDS.succeeds:
      return "succeeds";
    case TEST_CARDS.insufficientFunds:
      return "insufficient_funds";
    case TEST_CARDS.threeDSecure:
      return "requires_3ds";
    default:
      return "declined";
  }
}
