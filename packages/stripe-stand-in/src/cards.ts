/**
 * Stripe's test cards and what its test mode does with a number: one table with the shop's
 * offline gateway (@souls/core/test-cards). Any expiry in the future and any CVC are accepted; an
 * expired card is refused like any other (`expiryError`).
 */
export { TEST_CARDS, testCardOutcome as outcomeOf } from "@souls/core/test-cards";

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
