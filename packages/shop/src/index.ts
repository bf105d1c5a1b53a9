// web compat: removed when apps/web switches. The package root is no entry point of its own: the
// web app still imports these names from it, each from its new entry point (docs/decisions/011).

// web compat: removed when apps/web switches (carriers live in @souls/core/carriers).
export { CARRIER_NAMES } from "@souls/core/carriers";
export { isModelCode, MODEL_CODES, type ModelCode } from "@souls/core/models";
export {
  ADMIN_SESSION_HOURS,
  emailForViewing,
  findAdminSession,
  type LoginResult,
  logIn,
  logOut,
  passwordCheck,
} from "./admin";
export { AdminNotFoundError } from "./admin/errors";
export { business } from "./business";
export {
  addToCart,
  type Cart,
  type CartChange,
  cartItemCount,
  cartTotalCents,
  checkoutQuery,
  parseStoredCart,
  quantityOf,
  removeFromCart,
  setQuantity,
} from "./cart";
export { type Collection, loadCollection, type ModelAvailability } from "./catalogue";
export {
  overOrderLimit,
  parseCheckoutQuery,
  SHIPPING_FIELDS,
  type ShippingDetails,
  shippingDetailsSchema,
} from "./checkout";
export {
  changeDeliveryCountry,
  finalizePayment,
  findOrder,
  newCheckoutKey,
  ORDER_NUMBER_PATTERN,
  placeOrder,
  startPayment,
  type TrackedOrder,
  type TrackingResult,
  trackOrder,
  withdrawFromContract,
} from "./orders";
export {
  /** Old name of chargeOfflineCard. */
  chargeOfflineCard as chargeTestCard,
  createStripeGateway,
  /** Old name of offlineGateway. */
  offlineGateway as testGateway,
  /** Old name of offlinePaymentEvent. */
  offlinePaymentEvent as testPaymentEvent,
  type PaymentGateway,
  type StripeGateway,
} from "./payments";
export {
  DELIVERY_DAYS,
  deliveryTierFor,
  isShippingCountry,
  SHIPPING_COUNTRIES,
  shippingRateFor,
} from "./shipping";
export {
  confirmSignup,
  joinWaitlist,
  recordSignup,
  type SignupRequest,
  signupSchema,
  unsubscribe,
  waitlistSchema,
} from "./signups";
export { signupToken } from "./testing";
