/**
 * A stand-in for Stripe, for tests only: its API with state (payment intents, Checkout Sessions,
 * charges, refunds, events), signed webhooks sent as Stripe sends them (or late, twice, out of
 * order, never), Stripe.js with a Payment Element in a frame, the hosted Checkout page and the
 * 3-D Secure steps, answering Stripe's test cards as its test mode does. Never imported by the
 * shop's own code: nothing of it reaches a build or the image (a test checks the builds).
 */
export { type CheckoutSession, type PaymentIntent, type Refund, STRIPE_HOSTS, TestAccount } from "./account";
export { CARD_ERRORS, type Card, TEST_CARDS } from "./cards";
export {
  type RecordedRequest,
  type StandInOptions,
  type StripeStandIn,
  startStripeStandIn,
} from "./server";
export { type Delivery, type DeliveryMode, type StripeEvent, signatureHeader } from "./webhooks";
