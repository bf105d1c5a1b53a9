/**
 * The owner's delivery zones as shoppers read them (decision 049): each zone's name in the page's
 * language, its countries when few enough to list, its price, free-delivery threshold and times.
 * The product page's delivery block and the terms of sale show them.
 */
import { countryName } from "@souls/core/format";
import { intlLocale, type Locale } from "@souls/core/locales";
import { type DeliveryZone, loadDeliveryZones } from "@souls/shop/delivery";
import { db } from "./db.server";

export interface ShownZone {
  name: string;
  /** Its countries, named and sorted, when it has a few besides its own name; null otherwise. */
  countries: string | null;
  priceCents: number;
  freeFromCents: number | null;
  times: string;
}

/** Beyond this many countries a zone is named alone (« Union européenne »). */
const LISTED_COUNTRIES = 12;

export function shownZones(zones: readonly DeliveryZone[], locale: Locale): ShownZone[] {
  return zones
    .filter((zone) => zone.countries.length > 0)
    .map((zone) => {
      const name = locale === "fr" ? zone.labelFr : zone.labelEn;
      const names = zone.countries
        .map((code) => countryName(code, locale))
        .sort((a, b) => a.localeCompare(b, intlLocale(locale)));
      const listed = !(names.length === 1 && names[0] === name) && names.length <= LISTED_COUNTRIES;
      return {
        name,
        countries: listed ? names.join(", ") : null,
        priceCents: zone.priceCents,
        freeFromCents: zone.priceCents === 0 ? null : zone.freeFromCents,
        times: locale === "fr" ? zone.timesFr : zone.timesEn,
      };
    });
}

/** The zones as the page's shoppers read them, read now. */
export async function deliveryZonesFor(locale: Locale): Promise<ShownZone[]> {
  return shownZones(await loadDeliveryZones(db), locale);
}
