/**
 * `@souls/shop/delivery`: delivery as data (decision 049) — the owner's zones, their prices, free
 * delivery thresholds and announced times, what an order keeps of them, and the panel's saves.
 */
export { COUNTRY_CODES, isCountryCode } from "./countries";
export {
  checkDaysInOrder,
  DELIVERY_LIMITS,
  type DeliveryZoneInput,
  deliveryZoneRules,
  deliveryZoneSchema,
} from "./rules";
export {
  type DeliveryChange,
  type DeliveryHistoryWords,
  type DeliveryRefusal,
  DeliveryRefusedError,
  deliveryHistory,
  removeDeliveryZone,
  saveDeliveryZone,
} from "./store";
export {
  type DeliveryZone,
  deliveryQuoteFor,
  loadDeliveryZones,
  promiseIn,
  promiseOf,
  servedCountries,
  shippingCentsOf,
  zoneOf,
} from "./zones";
