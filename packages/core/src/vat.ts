/**
 * The codes of the shop's VAT, defined once (docs/accounting.md). The rates and the rule that
 * decides a sale's VAT are the shop's (@souls/shop/papers); the panel labels the regimes
 * (`copy.labels` in @souls/api/admin-words), the accountant's export the bases (decision 062).
 */

/**
 * Which regime the shop is under, chosen by the owner (or her accountant) in « Réglages »:
 * - `franchise`: the VAT exemption of small businesses (CGI art. 293 B): no VAT on any sale;
 * - `france`: under the EU distance-selling threshold (10,000 € a year): French VAT on every sale
 *   delivered in the EU VAT territory;
 * - `destination`: past it: each EU sale at its destination's rate, declared through the OSS.
 */
export const VAT_REGIMES = ["franchise", "france", "destination"] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/**
 * How one sale was taxed, stored with its invoice: French VAT, the destination's VAT (OSS), an
 * export outside the EU VAT territory (CGI art. 262 I), or the small-business exemption.
 */
export const VAT_BASES = ["france", "destination", "export", "franchise"] as const;
export type VatBasis = (typeof VAT_BASES)[number];

/** A rate in basis points: 2000 is 20 %, 2550 is 25.5 %. */
export type RateBasisPoints = number;

/**
 * The standard VAT rate of each country of the EU VAT territory, in basis points, as the European
 * Commission publishes them ("VAT rates applied in the Member States of the European Union", in
 * force on 1 August 2025: Estonia 24 % since 1 July 2025, Romania 21 % since 1 August 2025,
 * Slovakia 23 % since 1 January 2025, Finland 25.5 % since 1 September 2024). The shop sells one
 * kind of goods, bags, taxed at the standard rate everywhere. A change of a country's rate is a
 * change here; stored sales keep the rate they were made at.
 */
export const EU_STANDARD_RATES: Readonly<Record<string, RateBasisPoints>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
  /** Northern Ireland: goods follow the EU's VAT rules there (Windsor Framework), at the UK's rate. */
  XI: 2000,
  /** The autonomous regions of Portugal have rates of their own. */
  "PT-20": 1600,
  "PT-30": 2200,
};

/** Where a parcel goes, as far as VAT is concerned. */
export interface Destination {
  /** ISO 3166-1 alpha-2, as the checkout stores it. */
  country: string;
  postalCode: string;
}

/**
 * Parts of member states outside the EU VAT territory (directive 2006/112/EC, art. 6), by their
 * postal codes: a sale delivered there is an export. France's overseas departments and
 * collectivities (97…, 98…: CGI art. 294), the Canary Islands, Ceuta and Melilla, the Åland
 * Islands, Heligoland and Büsingen, Livigno and Campione d'Italia, Mount Athos.
 */
const OUTSIDE_VAT_TERRITORY: Readonly<Record<string, RegExp>> = {
  FR: /^9[78]/,
  ES: /^(35|38|51|52)/,
  FI: /^22/,
  DE: /^(27498|78266)$/,
  IT: /^(23041|22061)$/,
  GR: /^63086$/,
};

const compact = (postalCode: string) => postalCode.replace(/\s+/g, "").toUpperCase();

/**
 * The VAT territory a parcel enters: a key of EU_STANDARD_RATES (`FR`, `DE`, `XI`, `PT-20`…), or
 * null outside the EU VAT territory. Monaco is within France's (directive 2006/112/EC, art. 7).
 */
export function vatTerritoryOf({ country, postalCode }: Destination): string | null {
  const code = country.toUpperCase();
  const postal = compact(postalCode);
  if (code === "MC") return "FR";
  // Northern Ireland's postcodes start with BT.
  if (code === "GB") return postal.startsWith("BT") ? "XI" : null;
  if (!(code in EU_STANDARD_RATES)) return null;
  if (OUTSIDE_VAT_TERRITORY[code]?.test(postal)) return null;
  if (code === "PT" && /^9[0-4]/.test(postal)) return "PT-30"; // Madeira
  if (code === "PT" && /^9[5-9]/.test(postal)) return "PT-20"; // the Azores
  return code;
}

/** How a sale is taxed: its basis, the VAT territory whose rate applies (none without VAT), the rate. */
export interface VatDecision {
  basis: VatBasis;
  /** A key of EU_STANDARD_RATES, or null for an export or the exemption. */
  territory: string | null;
  rateBasisPoints: RateBasisPoints;
}

/**
 * The VAT of a sale, decided when it is paid and stored with its invoice (docs/accounting.md):
 * - under the small-business exemption, none (CGI art. 293 B);
 * - outside the EU VAT territory, none: an export (CGI art. 262 I);
 * - in France, and in the rest of the EU while the shop is under the distance-selling threshold
 *   of 10,000 € a year, the French rate (directive 2006/112/EC, art. 59c);
 * - past the threshold, an EU sale takes its destination's rate (the place of supply is where the
 *   parcel arrives: directive art. 33, CGI art. 258 A), declared through the OSS (art. 369a ff.).
 */
export function vatFor(regime: VatRegime, destination: Destination): VatDecision {
  if (regime === "franchise") return { basis: "franchise", territory: null, rateBasisPoints: 0 };
  const territory = vatTerritoryOf(destination);
  if (territory === null) return { basis: "export", territory: null, rateBasisPoints: 0 };
  if (territory === "FR" || regime === "france") {
    return { basis: "france", territory: "FR", rateBasisPoints: EU_STANDARD_RATES.FR as number };
  }
  return { basis: "destination", territory, rateBasisPoints: EU_STANDARD_RATES[territory] as number };
}

/**
 * The part excluding VAT of an amount including it, at a rate, to the cent; the VAT is the rest,
 * so the two always add up to what the shopper paid.
 */
export function splitVat(totalCents: number, rate: RateBasisPoints): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rate));
  return { netCents, vatCents: totalCents - netCents };
}

/**
 * Amounts including VAT split at one rate, each line's part excluding VAT shared so that the lines
 * add up exactly to the whole's (largest remainders), which is what the VAT is computed on.
 */
export function splitLines(
  lineTotalsCents: readonly number[],
  rate: RateBasisPoints,
): { netCents: number; vatCents: number; lines: { netCents: number; vatCents: number }[] } {
  const total = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const whole = splitVat(total, rate);
  const exact = lineTotalsCents.map((cents) => (cents * 10_000) / (10_000 + rate));
  const nets = exact.map(Math.floor);
  let left = whole.netCents - nets.reduce((sum, cents) => sum + cents, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    nets[index] = (nets[index] as number) + 1;
    left--;
  }
  return {
    ...whole,
    lines: lineTotalsCents.map((cents, index) => ({
      netCents: nets[index] as number,
      vatCents: cents - (nets[index] as number),
    })),
  };
}
