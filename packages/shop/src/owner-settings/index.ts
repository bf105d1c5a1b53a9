/**
 * `@souls/shop/owner-settings`: what the owner decides for her shop in « Réglages » — her own
 * e-mails, the low-stock threshold, the VAT regime of new sales.
 */
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
