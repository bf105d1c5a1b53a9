/**
 * Stripe's test cards, as its test mode answers them (docs.stripe.com/testing). Any expiry in the
 * future and any CVC are accepted; an expired card is refused like any other.
 */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  /** 3-D Secure 2: the bank asks the cardholder to authenticate every payment. */
  threeDSecure: "4000002760003184",
} as const;

export type CardOutcome =
  | "succeeds"
  | "declined"
  | "insufficient_funds"
  | "requires_3ds"
  | "incorrect_number";

/** A card as the Payment Element or the hosted page sends it. */
export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A refusal as Stripe's API reports it (`error` of a 402 answer, `last_payment_error`). */
export interface CardError {
  type: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

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

/** What Stripe's test mode does with a card number; any other valid number is declined. */
export function outcomeOf(number: string): CardOutcome {
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

export const CARD_ERRORS = {
  declined: {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: "Your card was declined.",
  },
  insufficient_funds: {
    type: "card_error",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  incorrect_number: {
    type: "card_error",
    code: "incorrect_number",
    message: "Your card number is incorrect.",
    param: "payment_method_data[card][number]",
  },
  expired_card: {
    type: "card_error",
    code: "expired_card",
    message: "Your card has expired.",
    param: "payment_method_data[card][exp_month]",
  },
  authentication_failed: {
    type: "card_error",
    code: "payment_intent_authentication_failure",
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
} as const satisfies Record<string, CardError>;

/** Why a card cannot be charged before its number is even looked at, or null. */
export function expiryError(card: Card, now = new Date()): CardError | null {
  const endOfMonth = Date.UTC(card.expYear < 100 ? 2000 + card.expYear : card.expYear, card.expMonth, 1);
  if (
    !Number.isInteger(card.expMonth) ||
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    endOfMonth <= now.getTime()
  )
    return CARD_ERRORS.expired_card;
  return null;
}
