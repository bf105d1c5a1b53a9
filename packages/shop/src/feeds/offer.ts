/**
 * What a shopping platform (Google Merchant Center, Meta's catalogue) and a product page's
 * structured data say of a model beside its price: where it ships, at what cost and in how many
 * days (the owner's delivery zones, ../delivery, decision 049), and how it may be returned (the
 * terms of sale).
 */
import { type DeliveryZone, shippingCentsOf } from "../delivery/zones";
import type { CountryCode } from "../shipping";

export interface DayRange {
  min: number;
  max: number;
}

/** Shipping to one country: its fee and the days a parcel takes. */
export interface CountryShipping {
  country: CountryCode;
  priceCents: number;
  /** Business days from the order to the parcel's departure. */
  handlingDays: DayRange;
  /** Business days from departure to delivery. */
  transitDays: DayRange;
}

/**
 * The shop announces days from the order to the delivery (France 3–5…) and sends the tracking
 * e-mail within 24 hours: a parcel leaves the same or the next business day, the rest is transit.
 * Split so that handling + transit is exactly the announced range.
 */
const HANDLING_DAYS: DayRange = { min: 0, max: 1 };

/**
 * Every country the shop delivers to, zone by zone, with its fee for one piece at `priceCents`
 * (free from the zone's threshold) and its days.
 */
export function shippingByCountry(zones: readonly DeliveryZone[], priceCents: number): CountryShipping[] {
  return zones.flatMap((zone) =>
    zone.countries.map((country) => ({
      country,
      priceCents: shippingCentsOf(zone, priceCents),
      handlingDays: HANDLING_DAYS,
      transitDays: {
        min: Math.max(0, zone.minDays - HANDLING_DAYS.min),
        max: Math.max(0, zone.maxDays - HANDLING_DAYS.max),
      },
    })),
  );
}

/** Countries sharing a fee and delivery days: the structured data names each group once. */
export interface ShippingGroup extends Omit<CountryShipping, "country"> {
  countries: CountryCode[];
}

export function shippingGroups(zones: readonly DeliveryZone[], priceCents: number): ShippingGroup[] {
  const groups = new Map<string, ShippingGroup>();
  for (const { country, ...terms } of shippingByCountry(zones, priceCents)) {
    const key = JSON.stringify(terms);
    const group = groups.get(key);
    if (group) group.countries.push(country);
    else groups.set(key, { ...terms, countries: [country] });
  }
  return [...groups.values()];
}

/**
 * The terms of sale's withdrawal (art. L221-18 Code de la consommation, CGV « Droit de
 * rétractation »): 14 days from delivery, the piece sent back by post at the buyer's cost, refunded
 * with the standard delivery fee. The same terms for every country the shop ships to. Where to is
 * « the address the seller gives » (the terms): no return country is stated.
 */
export const RETURN_POLICY = {
  days: 14,
  method: "by_mail",
  fees: "customer_pays_shipping",
} as const;

/**
 * The category of Google's product taxonomy (also read by Meta's catalogue): a fanny pack is
 * « Luggage & Bags > Fanny Packs » (104); « Apparel & Accessories > Handbags, Wallets & Cases »
 * has only handbags, wallets and card holders. Sent as its number: the same in every language.
 */
export const GOOGLE_PRODUCT_CATEGORY = { id: "104", path: "Luggage & Bags > Fanny Packs" } as const;
