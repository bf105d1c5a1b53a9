/**
 * `@souls/shop/seller`: the seller's identity as data the owner edits in her panel — who sells,
 * hosts, mediates and makes what the shop shows — read by the footer, the legal pages, the
 * e-mails and structured data. The details and which ones the law requires are
 * `@souls/shop/seller-fields` (safe in the browser).
 */
export {
  EMPTY_SELLER,
  missingSellerFields,
  REQUIRED_SELLER_FIELDS,
  type RequiredSellerField,
  SELLER_FIELDS,
  SELLER_LIMITS,
  type SellerDetails,
  type SellerField,
} from "./fields";
export {
  DEFAULT_BRAND,
  EXAMPLE_SELLER,
  emailContextFor,
  FOUNDED_YEAR,
  type Manufacturer,
  mailSenderOf,
  manufacturerOf,
  type PostalAddress,
  postalAddressLine,
  type ShownSeller,
  showSeller,
  sirenForReading,
} from "./identity";
export {
  checkSellerTogether,
  isFrenchVatNumber,
  isSiren,
  sellerDetailsSchema,
  sellerRules,
  vatKeyOf,
} from "./rules";
export { InvalidSellerError, loadSeller, type Seller, saveSeller } from "./store";
