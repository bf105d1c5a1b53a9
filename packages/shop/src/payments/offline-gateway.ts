import { randomUUID } from "node:crypto";
import { type TestCardOutcome, testCardOutcome } from "@souls/core/test-cards";
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

/** Its page's answer to each of Stripe's test mode outcomes (@souls/core/test-cards). */
const OFFLINE_OUTCOMES: Record<TestCardOutcome, OfflineCardOutcome> = {
  succeeds: "succeeded",
  declined: "card_declined",
  insufficient_funds: "insufficient_funds",
  // The page has no 3-D Secure step: the card is declined like any number it does not know.
  requires_3ds: "card_declined",
  incorrect_number: "invalid_number",
};

/**
 * How Stripe's test mode answers a card number; a mistyped number (Luhn check) is refused before
 * it is "charged", any other valid number is declined.
 */
export function chargeOfflineCard(cardNumber: string): OfflineCardOutcome {
  return OFFLINE_OUTCOMES[testCardOutcome(cardNumber)];
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
