/**
 * `@souls/shop/discounts`: the owner's discount codes (decision 048) — created, listed with their
 * uses, ended — and a code typed at checkout, looked up within the guessing limits and judged
 * against the order's lines. Placing an order with it is `@souls/shop/orders` (placeOrder).
 */
export {
  createDiscountCode,
  DiscountCodeRefusedError,
  type DiscountCodeSummary,
  discountCodeUses,
  endDiscountCode,
  listDiscountCodes,
  type NewDiscountCode,
} from "./codes";
export { type CodeJudgement, type CodeLookUp, judgeCode, lookUpCode } from "./judge";
export {
  CODE_MAX_LENGTH,
  CODE_PATTERN,
  CODE_REFUSALS,
  type CodeRefusal,
  codeAppliesTo,
  discountOf,
  MAX_CODE_TARGETS,
  MAX_CODES,
  MAX_OPEN_CODES,
  paidForPieces,
  readCode,
  spread,
} from "./rules";
