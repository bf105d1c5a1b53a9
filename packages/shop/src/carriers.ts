/** The carriers the shop ships with, and where each lets a customer follow a parcel. */
import type { Carrier } from "@souls/db";
import { CARRIERS } from "@souls/emails/messages";

export type { Carrier };
export { CARRIERS };

export const CARRIER_NAMES: Record<Carrier, string> = {
  colissimo: "Colissimo",
  chronopost: "Chronopost",
  dhl: "DHL",
  ups: "UPS",
};

const TRACKING_PAGES: Record<Carrier, string> = {
  colissimo: "https://www.laposte.fr/outils/suivre-vos-envois?code=",
  chronopost: "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=",
  dhl: "https://www.dhl.com/fr-en/home/tracking.html?tracking-id=",
  ups: "https://www.ups.com/track?tracknum=",
};

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/** The carrier's own tracking page for one parcel. */
export function carrierTrackingUrl(carrier: Carrier, trackingNumber: string): string {
  return TRACKING_PAGES[carrier] + encodeURIComponent(trackingNumber.trim());
}
