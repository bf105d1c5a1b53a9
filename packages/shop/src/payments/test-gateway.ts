import { randomUUID } from "node:crypto";
import type { PaymentEvent, PaymentGateway } from "./gateway";

/**
 * The offline gateway used when no Stripe key is configured: the shopper pays on the shop's
 * own test page with Stripe's test card numbers, and the outcome becomes the same PaymentEvent
 * that Stripe's webhook would produce.
 */
export const testGateway: PaymentGateway = {
  provider: "test",
  async startPayment(payment) {
    return { reference: `test_${payment.orderNumber}` };
  },
  async refund(_reference, _amountCents, idempotencyKey) {
    // Nothing was charged: the refund is only recorded, under an id derived from its key (the
    // same key is the same refund, as at a real provider).
    return { providerRefundId: `test_re_${idempotencyKey}` };
  },
  async currentOutcome() {
    // Test payments are decided on the shop's own page, which applies them at once.
    return "pending";
  },
};

export type TestCardOutcome = "succeeded" | "card_declined" | "insufficient_funds" | "invalid_number";

const TEST_CARDS: Record<string, TestCardOutcome> = {
  "4242424242424242": "succeeded",
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
};

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

/** How Stripe's test mode answers a card number; any other valid number is declined. */
export function chargeTestCard(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return "invalid_number";
  return TEST_CARDS[digits] ?? "card_declined";
}

export function testPaymentEvent(orderNumber: string, outcome: TestCardOutcome | "cancelled"): PaymentEvent {
  return {
    provider: "test",
    eventId: `test_evt_${randomUUID()}`,
    orderNumber,
    type: outcome === "succeeded" ? "succeeded" : outcome === "cancelled" ? "cancelled" : "failed",
    declineCode: outcome === "succeeded" || outcome === "cancelled" ? undefined : outcome,
  };
}
