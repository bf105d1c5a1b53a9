/**
 * `@souls/shop/refunds`: money given back through the order's own gateway — the owner's refunds and
 * cancellations, and the pieces a returned parcel puts back on the shelf.
 */

export { refundMismatchedPayment } from "./mismatched-payment";
export {
  cancelOrder,
  type RefundLine,
  type RefundOutcome,
  type RefundRequest,
  refundOrder,
  retryRefund,
} from "./refunds";
export { markReturnReceived } from "./returns";
