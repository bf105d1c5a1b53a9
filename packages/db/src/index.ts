export {
  type ConnectOptions,
  connect,
  isDatabaseUnavailable,
  type Kysely,
  readPasswordFile,
  type Transaction,
  withPassword,
} from "./connection";
export { migrateToLatest, pendingMigrations } from "./migrate";
export { prepared } from "./prepared";
export * from "./schema";
export { SEED_PRODUCTS, seedProducts } from "./seed";
