import { randomUUID } from "node:crypto";
import type { Order } from "@souls/db";
import type { PaymentEvent, PaymentGateway } from "./gateway";

/**
 * The offline gateway used when no Stripe key is configured: the shopper pays on the shop's own
 * payment page (its copy says "test mode") with Stripe's test card numbers, and the outcome becomes
 * the same PaymentEvent that Stripe's webhook would produce. Its provider is stored as `test`.
 */
export const offlineGateway: PaymentGateway = {
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
    // Offline payments are decided on the shop's own page, which applies them at once: an order
    // still open has no attempt under way.
    return { type: "not_started" };
  },
  async closePayment() {
    return "closed";
  },
  async resumePayment(reference) {
    // Its page is the order's: it pays the order's total whenever it is posted.
    return { reference };
  },
  async updateAmount() {
    // Its page charges the order's total as it stands when the card is posted.
    return "updated";
  },
};

export type OfflineCardOutcome = "succeeded" | "card_declined" | "insufficient_funds" | "invalid_number";

const STRIPE_TEST_CARDS: Record<string, OfflineCardOutcome> = {
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
export function chargeOfflineCard(cardNumber: string): OfflineCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return "invalid_number";
  return STRIPE_TEST_CARDS[digits] ?? "card_declined";
}

/** The page's answer as a payment event; a success takes the order's total as the page read it. */
export function offlinePaymentEvent(
  order: Pick<Order, "orderNumber" | "totalCents" | "currency">,
  outcome: OfflineCardOutcome | "cancelled",
): PaymentEvent {
  const news = {
    provider: "test" as const,
    eventId: `test_evt_${randomUUID()}`,
    orderNumber: order.orderNumber,
  };
  if (outcome === "succeeded") {
    return { ...news, type: "succeeded", taken: { amountCents: order.totalCents, currency: order.currency } };
  }
  if (outcome === "cancelled") return { ...news, type: "cancelled" };
  return { ...news, type: "failed", declineCode: outcome };
}
