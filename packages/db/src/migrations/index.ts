import type { Migration } from "kysely";
import * as m20261122_products_and_signups from "./2026-11-22T00-00-products-and-signups";
import * as m20261122_orders_and_payments from "./2026-11-22T01-30-orders-and-payments";
import * as m20261122_tracking_and_waitlist from "./2026-11-22T03-00-tracking-and-waitlist";
import * as m20261122_admin from "./2026-11-22T04-00-admin";
import * as m20261123_abuse_limits from "./2026-11-23T00-00-abuse-limits";
import * as m20261123_refunds_and_models from "./2026-11-23T01-00-refunds-and-models";
import * as m20261123_unpaid_orders_by_client from "./2026-11-23T02-00-unpaid-orders-by-client";
import * as m20261125_signup_attempts from "./2026-11-25T00-00-signup-attempts";
import * as m20261125_paid_amount_checked from "./2026-11-25T01-00-paid-amount-checked";
import * as m20261125_catalogue_changes from "./2026-11-25T02-00-catalogue-changes";
import * as m20261125_catalogue from "./2026-11-25T03-00-catalogue";
import * as m20261125_seller from "./2026-11-25T04-00-seller";
import * as m20261126_reviews from "./2026-11-26T10-00-reviews";
import * as m20261126_phone_and_second_address_line from "./2026-11-26T12-00-phone-and-second-address-line";
import * as m20261126_tracking_link_requests from "./2026-11-26T13-00-tracking-link-requests";
import * as m20261126_papers_and_the_owners_day from "./2026-11-26T20-00-papers-and-the-owners-day";
import * as m20261127_fulfilment_follows_refunds from "./2026-11-27T22-00-fulfilment-follows-refunds";
import * as m20261127_seller_legal_form from "./2026-11-27T22-00-seller-legal-form";
import * as m20261127_test_orders from "./2026-11-27T22-00-test-orders";
import * as m20261127_declined_payments_by_order from "./2026-11-27T22-30-declined-payments-by-order";
import * as m20261127_tracking_link_requests_by_time from "./2026-11-27T23-00-tracking-link-requests-by-time";
import * as m20261128_guarantee_notices from "./2026-11-28T00-00-guarantee-notices";
import * as m20261128_series_launch from "./2026-11-28T01-00-series-launch";
import * as m20261128_launch_limit_by_model from "./2026-11-28T02-10-launch-limit-by-model";
import * as m20261128_series_pages from "./2026-11-28T03-00-series-pages";
import * as m20261128_announcements from "./2026-11-28T04-00-announcements";
import * as m20261128_admin_people from "./2026-11-28T05-00-admin-people";
import * as m20261128_incidents_and_heartbeats from "./2026-11-28T06-00-incidents-and-heartbeats";
import * as m20261128_audience from "./2026-11-28T08-00-audience";
import * as m20261128_stock_only_product_changes from "./2026-11-28T08-30-stock-only-product-changes";
import * as m20261128_discount_codes from "./2026-11-28T09-00-discount-codes";
import * as m20261128_delivery_zones from "./2026-11-28T10-00-delivery-zones";
import * as m20261128_carriers from "./2026-11-28T11-00-carriers";
import * as m20261128_shop_words from "./2026-11-28T12-00-shop-words";
import * as m20261128_magazine_articles from "./2026-11-28T13-00-magazine-articles";
import * as m20261128_hero_picture from "./2026-11-28T15-00-hero-picture";
import * as m20261128_base_backup_heartbeat from "./2026-11-28T20-54-base-backup-heartbeat";
import * as m20261128_carriers_shown from "./2026-11-28T21-00-carriers-shown";
import * as m20261128_held_in_product_changes from "./2026-11-28T22-00-held-in-product-changes";

/**
 * Every migration, keyed by its timestamped name. Listed statically (not read from the
 * file system) so the migrator works the same from source, a bundle or a container.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T00-00-products-and-signups": m20261122_products_and_signups,
  "2026-11-22T01-30-orders-and-payments": m20261122_orders_and_payments,
  "2026-11-22T03-00-tracking-and-waitlist": m20261122_tracking_and_waitlist,
  "2026-11-22T04-00-admin": m20261122_admin,
  "2026-11-23T00-00-abuse-limits": m20261123_abuse_limits,
  "2026-11-23T01-00-refunds-and-models": m20261123_refunds_and_models,
  "2026-11-23T02-00-unpaid-orders-by-client": m20261123_unpaid_orders_by_client,
  "2026-11-25T00-00-signup-attempts": m20261125_signup_attempts,
  "2026-11-25T01-00-paid-amount-checked": m20261125_paid_amount_checked,
  "2026-11-25T02-00-catalogue-changes": m20261125_catalogue_changes,
  "2026-11-25T03-00-catalogue": m20261125_catalogue,
  "2026-11-25T04-00-seller": m20261125_seller,
  "2026-11-26T10-00-reviews": m20261126_reviews,
  "2026-11-26T12-00-phone-and-second-address-line": m20261126_phone_and_second_address_line,
  "2026-11-26T13-00-tracking-link-requests": m20261126_tracking_link_requests,
  "2026-11-26T20-00-papers-and-the-owners-day": m20261126_papers_and_the_owners_day,
  "2026-11-27T22-00-fulfilment-follows-refunds": m20261127_fulfilment_follows_refunds,
  "2026-11-27T22-00-seller-legal-form": m20261127_seller_legal_form,
  "2026-11-27T22-00-test-orders": m20261127_test_orders,
  "2026-11-27T22-30-declined-payments-by-order": m20261127_declined_payments_by_order,
  "2026-11-27T23-00-tracking-link-requests-by-time": m20261127_tracking_link_requests_by_time,
  "2026-11-28T00-00-guarantee-notices": m20261128_guarantee_notices,
  "2026-11-28T01-00-series-launch": m20261128_series_launch,
  "2026-11-28T02-10-launch-limit-by-model": m20261128_launch_limit_by_model,
  "2026-11-28T03-00-series-pages": m20261128_series_pages,
  "2026-11-28T04-00-announcements": m20261128_announcements,
  "2026-11-28T05-00-admin-people": m20261128_admin_people,
  "2026-11-28T06-00-incidents-and-heartbeats": m20261128_incidents_and_heartbeats,
  "2026-11-28T08-00-audience": m20261128_audience,
  "2026-11-28T08-30-stock-only-product-changes": m20261128_stock_only_product_changes,
  "2026-11-28T09-00-discount-codes": m20261128_discount_codes,
  "2026-11-28T10-00-delivery-zones": m20261128_delivery_zones,
  "2026-11-28T11-00-carriers": m20261128_carriers,
  "2026-11-28T12-00-shop-words": m20261128_shop_words,
  "2026-11-28T13-00-magazine-articles": m20261128_magazine_articles,
  "2026-11-28T15-00-hero-picture": m20261128_hero_picture,
  "2026-11-28T20-54-base-backup-heartbeat": m20261128_base_backup_heartbeat,
  "2026-11-28T21-00-carriers-shown": m20261128_carriers_shown,
  "2026-11-28T22-00-held-in-product-changes": m20261128_held_in_product_changes,
};
