/** The carriers the shop ships with, their names, and where each lets a customer follow a parcel. */
export const CARRIERS = ["colissimo", "chronopost", "dhl", "ups"] as const;
export type Carrier = (typeof CARRIERS)[number];

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
  return (CARRIERS as readonly unknown[]).includes(value);
}

/** The carrier's own tracking page for one parcel. */
export function carrierTrackingUrl(carrier: Carrier, trackingNumber: string): string {
  return TRACKING_PAGES[carrier] + encodeURIComponent(trackingNumber.trim());
}
