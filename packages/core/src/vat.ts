/**
 * The codes of the shop's VAT, defined once (docs/accounting.md). The rates and the rule that
 * decides a sale's VAT are the shop's (@souls/shop/papers); the panel labels the codes
 * (`copy.labels` in ./admin-copy).
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
