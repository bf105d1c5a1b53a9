/**
 * `@souls/shop/admin`: the owner's panel — her session, orders to prepare and ship, products and
 * their stock, the e-mail queue (masked, every look logged), the accountant's export and the sample
 * order, and her catalogue (./catalogue). What her actions can run into is `@souls/shop/errors`
 * (the catalogue's own refusals are exported here).
 */

export { type ProductHistoryEntry, productHistory } from "../product-history";
export {
  ACCOUNTING_BATCH_ROWS,
  type AccountingExportReport,
  type AccountingPeriod,
  type AccountingRow,
  accountingCounts,
  accountingCsv,
  accountingFilename,
  accountingRows,
  isAccountingPeriod,
  MONTH_PATTERN,
  writeAccountingCsv,
} from "./accounting";
export { actorNamePlugin } from "./actor-name";
export * from "./catalogue";
export {
  type Dashboard,
  dashboard,
  type LowStockModel,
  type PeriodFigures,
  REFUND_NEAR_DAYS,
  SALES_DAYS,
  WAITING_KINDS,
  type WaitingKind,
  type WaitingLine,
  type WaitingOrder,
} from "./dashboard";
export {
  type EmailAccessMethod,
  type EmailQueueStats,
  ESTIMATE_FROM,
  emailForViewing,
  emailQueueStats,
  isEmailCursor,
  RECENT_EMAILS,
  type RecentEmail,
  recentEmails,
  retryEmail,
  TRACKING_TOKEN_MASK,
} from "./email-queue";
export { type AddressCorrection, correctShippingAddress, resendEmail } from "./order-changes";
export {
  type AdminOrderRow,
  isOrderCursor,
  listOrders,
  ORDER_COUNT_CAP,
  ORDER_PAGE_SIZE,
  ORDER_SEARCH_MIN,
  type OrderCursor,
  type OrderListLine,
  type OrderListQuery,
  type OrderPage,
  ordersToAttend,
} from "./order-list";
export {
  type AdminOrderDetail,
  type MovedOrder,
  markDelivered,
  markPrepared,
  markShipped,
  orderDetail,
  releaseUnpaidOrder,
  type ShipmentInput,
} from "./orders";
export {
  ADMIN_SESSION_HOURS,
  type AdminSession,
  findAdminSession,
  type LoginRequest,
  type LoginResult,
  logIn,
  logOut,
  type PasswordCheck,
  passwordCheck,
} from "./owner-session";
export { judgePassword, type PasswordVerdict } from "./passwords";
export {
  type AccessEventLine,
  accessHistory,
  addHelper,
  changePassword,
  deviceOf,
  endOtherSessions,
  endSession,
  ensureOwner,
  listPeople,
  listSessions,
  networkOf,
  type PersonLine,
  removeHelper,
  renamePerson,
  type SessionLine,
} from "./people";
export { adjustStock, setProductPrice, unarchiveProduct } from "./product-updates";
export {
  type AdminProductRow,
  createProduct,
  createSampleProduct,
  LOW_STOCK_BELOW,
  listProducts,
  type NewProductInput,
  PRODUCT_LIMITS,
  removeProduct,
  type StockSummary,
} from "./products";
export {
  runSampleOrder,
  SAMPLE_ORDER_CUSTOMER,
  type SampleOrderRun,
  type SampleOrderStep,
} from "./sample-order";
export {
  deleteSignupAddress,
  isSignupCursor,
  listSignups,
  SIGNUP_COUNT_CAP,
  SIGNUP_PAGE_SIZE,
  type SignupQuery,
  type SignupRow,
  type SignupsCsvWords,
  signupAddress,
  writeSignupsCsv,
} from "./signup-lists";
