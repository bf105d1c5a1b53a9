/**
 * `@souls/shop/papers`: an order's papers — invoices issued as orders are paid, credit notes as
 * refunds are settled (their numbering and VAT: ./issue.ts, inside the shop's own transactions) —
 * as the owner's panel lists and prints them.
 */
export { isTestSeries, NUMBER_PREFIXES } from "./issue";
export { type OrderPapers, orderPapers, type PaperRequest, paperToPrint } from "./read";
