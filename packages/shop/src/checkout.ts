/**
 * `@souls/shop/checkout`: the checkout's pure rules, safe in the browser — the shipping form's
 * schema and the lines a checkout address asks for. Placing the order is `@souls/shop/orders`.
 */
export {
  isShopperPhone,
  SHIPPING_FIELDS,
  SHIPPING_REFUSALS,
  type ShippingDetails,
  type ShippingRefusal,
  shippingDetailsSchema,
} from "./orders/checkout-form";
export { type CheckoutQuery, mergeLines, overOrderLimit, parseCheckoutQuery } from "./orders/checkout-query";
