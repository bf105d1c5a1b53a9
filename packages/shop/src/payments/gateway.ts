import type { Locale, PaymentProvider } from "@souls/db";

/** What a gateway needs to take a payment for an order. */
export interface PaymentRequest {
  orderNumber: string;
  totalCents: number;
  currency: string;
  email: string;
  locale: Locale;
}

export interface StartOptions {
  /** Derived from the order: retrying never creates a second payment. */
  idempotencyKey: string;
  /** Where the provider sends the shopper back (thank-you page) or on cancel (checkout). */
  returnUrl: string;
  cancelUrl: string;
  /** Without JavaScript the shopper pays on a page of the provider's (a redirect). */
  withJavaScript: boolean;
}

export interface StartedPayment {
  /** The provider's id for this payment (PaymentIntent, Checkout Session, test payment). */
  reference: string;
  /** For an embedded payment form (Stripe's Payment Element). */
  clientSecret?: string;
  /** For a payment on the provider's own page. */
  redirectUrl?: string;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  startPayment(payment: PaymentRequest, options: StartOptions): Promise<StartedPayment>;
  refund(reference: string, amountCents: number, idempotencyKey: string): Promise<void>;
  /** What the provider says of a payment now, for orders whose event never came (reconciler). */
  currentOutcome(reference: string): Promise<PaymentEvent["type"] | "pending">;
}

/** A provider's news about a payment, as every gateway reports it to `finalizePayment`. */
export interface PaymentEvent {
  provider: PaymentProvider;
  /** The provider's event id: an event is applied once, however often it is delivered. */
  eventId: string;
  type: "succeeded" | "failed" | "cancelled" | "refunded";
  orderNumber: string;
  /** The provider's decline reason, for a failed attempt. */
  declineCode?: string;
}
