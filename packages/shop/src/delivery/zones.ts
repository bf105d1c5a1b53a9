/**
 * Delivery as data (decision 049): the owner's zones — countries, a price, a free-delivery
 * threshold, the times shoppers read — and what the checkout, the pages, the e-mails and the
 * feeds ask of them. A country in no zone is not served.
 */
import type { Locale } from "@souls/core/locales";
import type { Database, DeliveryPromise, Kysely } from "@souls/db";
import type { Selectable } from "kysely";

export type DeliveryZone = Selectable<Database["deliveryZones"]>;

/** The zones, in the owner's order. */
export function loadDeliveryZones(db: Kysely<Database>): Promise<DeliveryZone[]> {
  return db.selectFrom("deliveryZones").selectAll().orderBy("position").orderBy("id").execute();
}

/** The zone a country is delivered in, or null: not served. */
export function zoneOf(zones: readonly DeliveryZone[], country: string): DeliveryZone | null {
  return zones.find((zone) => zone.countries.includes(country)) ?? null;
}

/** Every country served, as stored (the checkout names and sorts them in the reader's language). */
export function servedCountries(zones: readonly DeliveryZone[]): string[] {
  return zones.flatMap((zone) => zone.countries);
}

/** The zone's price for lines worth `subtotalCents`: free from its threshold. */
export function shippingCentsOf(
  zone: Pick<DeliveryZone, "priceCents" | "freeFromCents">,
  subtotalCents: number,
): number {
  return zone.freeFromCents !== null && subtotalCents >= zone.freeFromCents ? 0 : zone.priceCents;
}

/** What an order keeps of its zone: its name, the shoppers' label and times in both languages. */
export function promiseOf(zone: DeliveryZone): DeliveryPromise {
  return {
    zone: zone.name,
    label: { fr: zone.labelFr, en: zone.labelEn },
    times: { fr: zone.timesFr, en: zone.timesEn },
    minDays: zone.minDays,
    maxDays: zone.maxDays,
  };
}

/** The times and the zone as a shopper reads them, in her language. */
export function promiseIn(promise: DeliveryPromise, locale: Locale): { times: string; zone: string } {
  return { times: promise.times[locale], zone: promise.label[locale] };
}

/** A shipping quote: the zone's price for these lines, and the total; null for a country not served. */
export async function deliveryQuoteFor(
  db: Kysely<Database>,
  country: string,
  subtotalCents: number,
): Promise<{ zone: DeliveryZone; shippingCents: number } | null> {
  const zone = zoneOf(await loadDeliveryZones(db), country);
  return zone ? { zone, shippingCents: shippingCentsOf(zone, subtotalCents) } : null;
}
