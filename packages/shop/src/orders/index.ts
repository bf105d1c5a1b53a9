/**
 * `@souls/shop/orders`: a shopper's order from placing to withdrawal, and the worker's jobs on
 * orders. Every change goes through the order state machine and writes its `order_events` row inside
 * the use case's own transaction; the helpers that do so (holds, transitions, queued e-mails) stay
 * inside the package.
 */
export {
  type CheckoutOutcome,
  type CheckoutPayment,
  type CheckoutRefusal,
  type CodeAnswer,
  checkDiscountCode,
  type PaymentLinks,
  type PaymentStep,
  payForCheckout,
  quoteDelivery,
  resumeOrderPayment,
} from "./checkout";
export { type CountryChange, changeDeliveryCountry, type DeliveryQuote } from "./delivery-country";
export { expireHolds, finalizePayment, type PaymentOutcome } from "./finalize-payment";
export { ORDER_NUMBER_PATTERN } from "./order-number";
export {
  answerOfflinePayment,
  applyGatewayAnswer,
  type GatewayReturn,
  type OfflinePageAnswer,
  type OfflinePageRequest,
  offlinePaymentPage,
  type Payability,
  payabilityOf,
  resumeCheckout,
  returnFromGateway,
  type ShownPaymentState,
} from "./payment-moments";
export {
  type ClientLimit,
  newCheckoutKey,
  type PlaceOrderInput,
  type PlaceOrderResult,
  placedCheckouts,
  placeOrder,
} from "./place-order";
export { findOrder, type OrderLine, type OrderWithLines } from "./queries";
export { reconcilePayments } from "./reconcile-payments";
export { startPayment } from "./start-payment";
export {
  TRACKING_LIMIT,
  TRACKING_TOKEN_LENGTH,
  type TrackedOrder,
  type TrackingRequest,
  type TrackingResult,
  trackOrder,
} from "./tracking";
export {
  normalizeOrderNumber,
  requestTrackingLink,
  TRACKING_LINK_REFUSALS,
  type TrackingLinkOutcome,
  type TrackingLinkRefusal,
  type TrackingLinkRequest,
  trackingLinkRequestSchema,
} from "./tracking-link";
export { TRACKING_TOKEN_DAYS } from "./tracking-token";
export { type WithdrawalResult, withdrawFromContract } from "./withdraw";
