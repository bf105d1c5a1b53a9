/** What can change on a product (product_events.kind), in its history; labels in @souls/api/admin-words. */
export const PRODUCT_EVENTS = [
  "created",
  "price_changed",
  "stock_adjusted",
  "archived",
  "unarchived",
  "published",
  "unpublished",
  "texts_changed",
  "address_changed",
  "photos_changed",
  "series_changed",
  "sale_started",
  "sale_ended",
] as const;
export type ProductEventKind = (typeof PRODUCT_EVENTS)[number];
