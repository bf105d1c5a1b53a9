export {
  type ConnectOptions,
  connect,
  isDatabaseUnavailable,
  type Kysely,
  type Transaction,
} from "./connection";
export { migrateToLatest, pendingMigrations } from "./migrate";
export * from "./schema";
export { SEED_PRODUCTS, seedProducts } from "./seed";
