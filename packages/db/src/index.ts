export {
  type ConnectOptions,
  connect,
  isDatabaseUnavailable,
  type Kysely,
  type PoolStats,
  poolStatsOf,
  readPasswordFile,
  type Transaction,
  withPassword,
} from "./connection";
export { LAUNCH_MODELS, LAUNCH_SERIES } from "./launch-catalogue";
export { migrateToLatest, pendingMigrations } from "./migrate";
export { prepared } from "./prepared";
export * from "./schema";
export { seedProducts } from "./seed";
