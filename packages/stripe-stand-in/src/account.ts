import { randomBytes } from "node:crypto";
import { CARD_ERRORS, type Card, type CardError, expiryError, outcomeOf } from "./cards";
import type { StripeEvent } from "./webhooks";

/** The API version the stand-in's objects and events claim (the shop reads only stable fields). */
export const API_VERSION = "2025-09-30.clover";

/** Where Stripe's hosts are for the browser: the tests route these to the stand-in. */
export const STRIPE_HOSTS = {
  checkout: "https://checkout.stripe.com",
  hooks: "https://hooks.stripe.com",
  js: "https://js.stripe.com",
  api: "https://api.stripe.com",
} as const;

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status:
    | "requires_payment_method"
    | "requires_confirmation"
    | "requires_action"
    | "processing"
    | "succeeded"
    | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  latest_charge: string | null;
  last_payment_error: CardError | null;
  next_action: {
    type: "redirect_to_url";
    redirect_to_url: { url: string; return_url: string | null };
  } | null;
  payment_method_types: string[];
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  mode: "payment";
  created: number;
  livemode: false;
  /** Stand-in only: what the intent made on completion carries (payment_intent_data[metadata]). */
  intent_metadata: Record<string, string>;
  /** Stand-in only: a card waiting for its 3-D Secure step on the hosted page. */
  awaiting_authentication: boolean;
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  paid: boolean;
  refunded: boolean;
  status: "succeeded" | "failed";
  failure_code: string | null;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

/** A refusal of the API (its HTTP status and Stripe's `error` object). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown> & { type: string; message: string },
  ) {
    super(error.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/**
 * One Stripe account in test mode: its payment intents, Checkout Sessions, charges, refunds and
 * events, changed as Stripe changes them. Every change that Stripe announces makes its event
 * (`onEvent`), in the order Stripe makes them — which is not an order Stripe promises.
 */
export class TestAccount {
  readonly intents = new Map<string, PaymentIntent>();
  readonly sessions = new Map<string, CheckoutSession>();
  readonly charges = new Map<string, Charge>();
  readonly refunds: Refund[] = [];
  /** Every event, newest first (as GET /v1/events lists them). */
  readonly events: StripeEvent[] = [];

  constructor(private readonly onEvent: (event: StripeEvent) => void = () => {}) {}

  createIntent(params: {
    amount: number;
    currency: string;
    metadata?: Record<string, string>;
    receiptEmail?: string | null;
  }): PaymentIntent {
    if (!Number.isInteger(params.amount) || params.amount < 50) {
      throw invalid("amount", "Amount must be at least €0.50 eur");
    }
    const id = newId("pi");
    const intent: PaymentIntent = {
      id,
      object: "payment_intent",
      amount: params.amount,
      amount_received: 0,
      currency: params.currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(12).toString("hex")}`,
      metadata: params.metadata ?? {},
      receipt_email: params.receiptEmail ?? null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      payment_method_types: ["card"],
      cancellation_reason: null,
      created: now(),
      livemode: false,
    };
    this.intents.set(id, intent);
    this.#event("payment_intent.created", intent);
    return intent;
  }

  intent(id: string): PaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw missing("payment_intent", id);
    return intent;
  }

  /** Changes the amount; Stripe refuses once the payment is being made, done or cancelled. */
  updateIntent(id: string, params: { amount?: number; metadata?: Record<string, string> }): PaymentIntent {
    const intent = this.intent(id);
    if (["processing", "succeeded", "canceled"].includes(intent.status)) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
      });
    }
    if (params.amount !== undefined) {
      if (!Number.isInteger(params.amount) || params.amount < 50)
        throw invalid("amount", "Amount must be at least €0.50 eur");
      intent.amount = params.amount;
      // A new amount needs the card confirmed again (an authentication under way no longer holds).
      if (intent.status === "requires_action") {
        intent.status = "requires_payment_method";
        intent.next_action = null;
      }
    }
    if (params.metadata) intent.metadata = { ...intent.metadata, ...params.metadata };
    return intent;
  }

  /**
   * The card is charged for the amount the intent holds now: paid, declined, or waiting for its
   * 3-D Secure step. A refusal leaves the intent open for another card, as Stripe does.
   */
  confirmIntent(id: string, card: Card, returnUrl: string | null): PaymentIntent {
    const intent = this.intent(id);
    if (intent.status === "succeeded" || intent.status === "canceled" || intent.status === "processing") {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intent,
      });
    }
    const refusal = expiryError(card) ?? refusalOf(outcomeOf(card.number));
    if (refusal) return this.#decline(intent, refusal);
    if (outcomeOf(card.number) === "requires_3ds") {
      intent.status = "requires_action";
      intent.last_payment_error = null;
      intent.next_action = {
        type: "redirect_to_url",
        redirect_to_url: {
          url: `${STRIPE_HOSTS.hooks}/3d_secure_2/authenticate/${intent.id}?client_secret=${intent.client_secret}`,
          return_url: returnUrl,
        },
      };
      this.#event("payment_intent.requires_action", intent);
      return intent;
    }
    return this.#succeed(intent);
  }

  /** The cardholder's answer on the 3-D Secure page. */
  authenticate(id: string, passed: boolean): PaymentIntent {
    const intent = this.intent(id);
    if (intent.status !== "requires_action") return intent;
    intent.next_action = null;
    return passed ? this.#succeed(intent) : this.#decline(intent, CARD_ERRORS.authentication_failed);
  }

  cancelIntent(id: string): PaymentIntent {
    const intent = this.intent(id);
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    intent.status = "canceled";
    intent.cancellation_reason = "requested_by_customer";
    this.#event("payment_intent.canceled", intent);
    return intent;
  }

  createSession(params: {
    amountTotal: number;
    currency: string;
    customerEmail: string | null;
    locale: string | null;
    metadata: Record<string, string>;
    intentMetadata: Record<string, string>;
    successUrl: string;
    cancelUrl: string | null;
  }): CheckoutSession {
    if (!params.successUrl) throw invalid("success_url", "Missing required param: success_url.");
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: CheckoutSession = {
      id,
      object: "checkout.session",
      url: `${STRIPE_HOSTS.checkout}/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total: params.amountTotal,
      currency: params.currency.toLowerCase(),
      customer_email: params.customerEmail,
      locale: params.locale,
      metadata: params.metadata,
      payment_intent: null,
      success_url: params.successUrl,
      cancel_url: params.cancelUrl,
      mode: "payment",
      created: now(),
      livemode: false,
      intent_metadata: params.intentMetadata,
      awaiting_authentication: false,
    };
    this.sessions.set(id, session);
    return session;
  }

  session(id: string): CheckoutSession {
    const session = this.sessions.get(id);
    if (!session) throw missing("checkout.session", id);
    return session;
  }

  /**
   * The shopper pays on the hosted page: the session completes with an intent of its total, or
   * the card is refused (the page says why), or it waits for the 3-D Secure step.
   */
  paySession(
    id: string,
    card: Card,
  ): { outcome: "paid" } | { outcome: "authenticate" } | { outcome: "refused"; error: CardError } {
    const session = this.session(id);
    if (session.status !== "open") return { outcome: "refused", error: sessionClosed(session) };
    const outcome = outcomeOf(card.number);
    const refusal = expiryError(card) ?? refusalOf(outcome);
    if (refusal) return { outcome: "refused", error: refusal };
    if (outcome === "requires_3ds") {
      session.awaiting_authentication = true;
      return { outcome: "authenticate" };
    }
    this.#completeSession(session);
    return { outcome: "paid" };
  }

  authenticateSession(
    id: string,
    passed: boolean,
  ): { outcome: "paid" } | { outcome: "refused"; error: CardError } {
    const session = this.session(id);
    if (session.status !== "open" || !session.awaiting_authentication) {
      return { outcome: "refused", error: sessionClosed(session) };
    }
    session.awaiting_authentication = false;
    if (!passed) return { outcome: "refused", error: CARD_ERRORS.authentication_failed };
    this.#completeSession(session);
    return { outcome: "paid" };
  }

  expireSession(id: string): CheckoutSession {
    const session = this.session(id);
    if (session.status !== "open") {
      throw new ApiError(400, {
        type: "invalid_request_error",
        message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      });
    }
    session.status = "expired";
    session.url = null;
    this.#event("checkout.session.expired", session);
    return session;
  }

  /** A refund of (part of) a payment's charge; never more than is left to give back. */
  createRefund(params: {
    paymentIntent: string;
    amount?: number;
    metadata?: Record<string, string>;
  }): Refund {
    const intent = this.intents.get(params.paymentIntent);
    const charge = intent?.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!intent || !charge || intent.status !== "succeeded") {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "charge_not_refundable",
        message: `This PaymentIntent (${params.paymentIntent}) does not have a successful charge to refund.`,
      });
    }
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount ?? left;
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
      });
    }
    const refund: Refund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: "succeeded",
      metadata: params.metadata ?? {},
      created: now(),
    };
    this.refunds.push(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.#event("refund.created", refund);
    this.#event("charge.refunded", charge);
    return refund;
  }

  #succeed(intent: PaymentIntent): PaymentIntent {
    const charge: Charge = {
      id: newId("ch"),
      object: "charge",
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      payment_intent: intent.id,
      paid: true,
      refunded: false,
      status: "succeeded",
      failure_code: null,
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    intent.next_action = null;
    this.#event("charge.succeeded", charge);
    this.#event("payment_intent.succeeded", intent);
    return intent;
  }

  #decline(intent: PaymentIntent, error: CardError): PaymentIntent {
    intent.status = "requires_payment_method";
    intent.last_payment_error = error;
    intent.next_action = null;
    this.#event("payment_intent.payment_failed", intent);
    return intent;
  }

  #completeSession(session: CheckoutSession): void {
    const intent = this.createIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata: session.intent_metadata,
      receiptEmail: session.customer_email,
    });
    this.#succeed(intent);
    session.payment_intent = intent.id;
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    this.#event("checkout.session.completed", session);
  }

  #event(type: string, object: object): void {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      type,
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A copy: the event says what the object was when it happened.
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    this.events.unshift(event);
    this.onEvent(event);
  }
}

function refusalOf(outcome: ReturnType<typeof outcomeOf>): CardError | null {
  if (outcome === "declined") return CARD_ERRORS.declined;
  if (outcome === "insufficient_funds") return CARD_ERRORS.insufficient_funds;
  if (outcome === "incorrect_number") return CARD_ERRORS.incorrect_number;
  return null;
}

function sessionClosed(session: CheckoutSession): CardError {
  return {
    type: "card_error",
    code: "checkout_session_closed",
    message: `This Checkout Session is ${session.status}.`,
  };
}

function invalid(param: string, message: string): ApiError {
  return new ApiError(400, { type: "invalid_request_error", param, message });
}

function missing(kind: string, id: string): ApiError {
  return new ApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
  });
}
