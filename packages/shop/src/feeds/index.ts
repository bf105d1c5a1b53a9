/**
 * `@souls/shop/feeds`: the product feeds of Google Merchant Center (RSS 2.0, `g:`) and Meta's
 * catalogue (CSV), one per language, built from the catalogue (decision 046); and what a product
 * page's structured data says beside the offer (shipping per country, the return policy).
 */
export { GOOGLE_NAMESPACE, googleFeed, xmlText } from "./google";
export {
  availabilityOf,
  type FeedAvailability,
  type FeedImage,
  type FeedLine,
  type FeedOptions,
  type FeedSource,
  feedLines,
  MIN_FEED_IMAGE_SIDE,
  nextFeedChange,
  plainText,
  uploadedPhotoImage,
  weightInGrams,
} from "./lines";
export { loadFeedSource } from "./load";
export { META_COLUMNS, metaFeed } from "./meta";
export {
  type CountryShipping,
  GOOGLE_PRODUCT_CATEGORY,
  RETURN_POLICY,
  type ShippingGroup,
  shippingByCountry,
  shippingGroups,
} from "./offer";
