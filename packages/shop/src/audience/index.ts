export {
  AUDIENCE_LIMITS,
  type AudienceBatch,
  type AudienceCounter,
  type AudienceLimits,
  createAudienceCounter,
  type FunnelStep,
  type PageHit,
  type PageView,
} from "./counter";
export {
  createFactQueue,
  FACT_LIMITS,
  type FactBatch,
  type FactKind,
  type FactLimits,
  type FactQueue,
  type FactReader,
  readFacts,
} from "./facts";
export {
  DIRECT,
  isRobot,
  OTHER,
  referrerHostOf,
  type Source,
  sourceLabel,
  sourceOf,
  utmValueOf,
} from "./sources";
export {
  AUDIENCE_DAYS,
  AUDIENCE_RETENTION_MONTHS,
  type AudienceBoard,
  audienceBoard,
  deleteOldAudience,
  noteOrderSource,
  PENDING_ORDER_DAYS,
  settleAudienceOrders,
  writeAudience,
} from "./store";
