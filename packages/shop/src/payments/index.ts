/**
 * `@souls/shop/payments`: the gateways behind one interface — Stripe when its keys are set, the
 * offline gateway otherwise (the shop's own payment page, with Stripe's test card numbers).
 */
export { paymentGatewayFor, stripeGatewayFor } from "./configured";
export type {
  CurrentOutcome,
  PaymentEvent,
  PaymentGateway,
  PaymentRequest,
  ProviderRefund,
  StartedPayment,
  StartOptions,
  TakenAmount,
} from "./gateway";
export {
  chargeOfflineCard,
  type OfflineCardOutcome,
  offlineGateway,
  offlinePaymentEvent,
} from "./offline-gateway";
export {
  createStripeGateway,
  type StripeGateway,
  type StripeSettings,
  WEBHOOK_TOLERANCE_SECONDS,
} from "./stripe-gateway";
