import type { Locale } from "@souls/core/locales";
import type { PaymentProvider } from "@souls/db";

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
  /**
   * Gives `amountCents` back on the payment `reference`. The same idempotency key never refunds
   * twice, however often it is retried; `shopRefundId` lets the provider's later news of this
   * refund be recognised as the shop's own. Resolves with the provider's id of the refund.
   */
  refund(
    reference: string,
    amountCents: number,
    idempotencyKey: string,
    shopRefundId?: number,
  ): Promise<{ providerRefundId: string }>;
  /**
   * What the provider says of a payment now, for orders whose event never came (reconciler, the
   * return page): a success with what it took.
   */
  currentOutcome(reference: string): Promise<CurrentOutcome>;
  /**
   * The payment already started, to be made again as it is (the same PaymentIntent, an open
   * Checkout Session): a repeated post, a back button or a reload pays the same payment. Null when
   * it cannot be (expired, cancelled, done, or made for the other way of paying).
   */
  resumePayment(reference: string, withJavaScript: boolean): Promise<StartedPayment | null>;
  /**
   * Closes a payment the order no longer uses (replaced by one made the other way), so that it can
   * never take money too: `closed`, or `succeeded` when it took the money before it could be.
   */
  closePayment(reference: string): Promise<"closed" | "succeeded">;
  /**
   * Changes the amount of a payment not confirmed yet (the delivery country changed the
   * shipping). `refused` when the provider will not (the payment is confirmed, processing or
   * cancelled: its amount is settled); throws when the provider could not be asked.
   */
  updateAmount(reference: string, totalCents: number, idempotencyKey: string): Promise<"updated" | "refused">;
}

/** An amount a provider says it took, in integer cents of an ISO 4217 currency (upper case). */
export interface TakenAmount {
  amountCents: number;
  currency: string;
}

/**
 * `pending`: the shopper has confirmed and the provider is finishing (an authentication, a bank);
 * `not_started`: no attempt is under way (none made yet, or the last one refused): she can pay.
 */
export type CurrentOutcome =
  | { type: "succeeded"; taken: TakenAmount }
  | { type: "failed" | "cancelled" | "refunded" | "pending" | "not_started" };

/**
 * A provider's news about a payment, as every gateway reports it to `finalizePayment`. A success
 * carries what the provider took: an order is paid only if that is its total.
 */
export type PaymentEvent = PaymentNews &
  ({ type: "succeeded"; taken: TakenAmount } | { type: "failed" | "cancelled" | "refunded"; taken?: never });

interface PaymentNews {
  provider: PaymentProvider;
  /** The provider's event id: an event is applied once, however often it is delivered. */
  eventId: string;
  orderNumber: string;
  /** The provider's decline reason, for a failed attempt. */
  declineCode?: string;
  /**
   * For `refunded`: every refund the provider has made on this payment so far (the shop's own and
   * those made in its dashboard). Absent: the whole payment was refunded.
   */
  refunds?: ProviderRefund[];
}

export interface ProviderRefund {
  providerRefundId: string;
  amountCents: number;
  /** Set when the shop asked for this refund itself (refunds.id). */
  shopRefundId?: number;
}
