/**
 * `@souls/shop/owner`: what the owner decides for her shop in « Réglages » — her own e-mails, the
 * low-stock threshold, the VAT regime of new sales — and the low-stock e-mail the worker sends her.
 * (Her e-mail for each paid order is queued by the payment itself: orders/new-order-notice.ts.)
 */
export { notifyLowStock } from "./low-stock";
export {
  DEFAULT_OWNER_SETTINGS,
  InvalidOwnerSettingsError,
  LOW_STOCK_BOUNDS,
  loadOwnerSettings,
  type OwnerSettings,
  type OwnerSettingsInput,
  ownerSettingsSchema,
  saveOwnerSettings,
} from "./settings";
