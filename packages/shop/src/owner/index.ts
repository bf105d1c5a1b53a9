/**
 * `@souls/shop/owner`: what the owner decides for her shop in « Réglages » — her own e-mails, the
 * low-stock threshold, the VAT regime of new sales — the low-stock e-mail the worker sends her, and the e-mails of an incident (./incidents).
 * (Her e-mail for each paid order is queued by the payment itself: orders/new-order-notice.ts.)
 */
export {
  checkoutIsFailing,
  emailsAreFailing,
  INCIDENT_RULES,
  type IncidentChange,
  recordHeartbeat,
  reviewIncident,
  reviewShopIncidents,
  reviewWorkerIncident,
  type WorkerWatch,
  watchWorker,
  workerHasStopped,
} from "./incidents";
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
