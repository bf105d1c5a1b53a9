/**
 * `@souls/shop/seller`: the seller's identity as data the owner edits in her panel — who sells,
 * hosts, mediates and makes what the shop shows — read by the footer, the legal pages, the
 * e-mails and structured data. The details and which ones the law requires are
 * `@souls/shop/seller-fields` (safe in the browser).
 */

export { nameOfSeller } from "@souls/core/legal-forms";
export {
  EMPTY_SELLER,
  isCompany,
  isLegalForm,
  isRegister,
  LEGAL_FORMS,
  type LegalForm,
  missingSellerFields,
  REGISTERS,
  REQUIRED_SELLER_FIELDS,
  type Register,
  type RequiredSellerField,
  requiredSellerFields,
  SELLER_FIELDS,
  SELLER_LIMITS,
  type SellerDetails,
  type SellerField,
} from "./fields";
export {
  DEFAULT_BRAND,
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
  storedSellerDetails,
  vatKeyOf,
} from "./rules";
export { InvalidSellerError, loadSeller, type Seller, saveSeller } from "./store";
