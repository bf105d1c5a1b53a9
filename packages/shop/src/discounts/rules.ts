/**
 * A discount code's pure rules (decision 048): how a typed code is read, which lines it takes off
 * from, how much, and how that amount is spread over the lines (the invoice's VAT is on each
 * line's reduced base; a refund of a line gives back what was paid for it). Safe in the browser.
 */

/** Letters, digits, `-` and `_`, 3 to 32 of them, as stored (upper case). */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const CODE_MAX_LENGTH = 32;
/** Codes not ended the owner may have at once, and in all (each is kept with its orders). */
export const MAX_OPEN_CODES = 200;
export const MAX_CODES = 5000;
/** Models and series one code may name. */
export const MAX_CODE_TARGETS = 100;

/**
 * A code as typed at checkout, as stored: without spaces around nor inside, upper case. Null when
 * it cannot be a code at all (empty, too long, another character): refused without a look-up.
 */
export function readCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, "").toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Why a code is refused at checkout: each one a sentence for the shopper. */
export const CODE_REFUSALS = [
  "unknown",
  "not_started",
  "ended",
  "used_up",
  "already_used",
  "below_minimum",
  "not_applicable",
  /** Too many unknown codes from this client (or the whole shop) in the hour. */
  "too_many_attempts",
] as const;
export type CodeRefusal = (typeof CODE_REFUSALS)[number];

export interface CodeTerms {
  kind: "percent" | "amount";
  value: number;
  minSubtotalCents: number;
  productIds: readonly number[];
  seriesIds: readonly number[];
  addsToSale: boolean;
}

/** One line of an order as the code sees it. */
export interface CodeLine {
  productId: number;
  seriesId: number | null;
  unitPriceCents: number;
  quantity: number;
  /** The model is on sale now (a reduced price): a code adds to it only if it says so. */
  onSale: boolean;
}

/** A line the code applies to: named by model or series (none named: every model), not on sale unless it adds to it. */
export function codeAppliesTo(terms: CodeTerms, line: CodeLine): boolean {
  const everyModel = terms.productIds.length === 0 && terms.seriesIds.length === 0;
  const named =
    everyModel ||
    terms.productIds.includes(line.productId) ||
    (line.seriesId !== null && terms.seriesIds.includes(line.seriesId));
  return named && (terms.addsToSale || !line.onSale);
}

/**
 * The amount off, in all and per line (same order as `lines`), or why none. The minimum is the
 * lines' subtotal before the code (delivery aside). A percentage is rounded down to the cent (never
 * more than announced); an amount never exceeds the lines it applies to. The total is spread over
 * those lines in proportion to their amounts, the cents left by rounding going to the largest.
 */
export function discountOf(
  terms: CodeTerms,
  lines: readonly CodeLine[],
):
  | { ok: true; totalCents: number; perLine: number[] }
  | { ok: false; reason: "below_minimum" | "not_applicable" } {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  if (subtotal < terms.minSubtotalCents) return { ok: false, reason: "below_minimum" };
  const amounts = lines.map((line) => (codeAppliesTo(terms, line) ? line.unitPriceCents * line.quantity : 0));
  const base = amounts.reduce((sum, amount) => sum + amount, 0);
  if (base === 0) return { ok: false, reason: "not_applicable" };
  const totalCents =
    terms.kind === "percent" ? Math.floor((base * terms.value) / 100) : Math.min(terms.value, base);
  return { ok: true, totalCents, perLine: spread(totalCents, amounts) };
}

/**
 * `total` spread over `weights` in proportion, in whole cents summing to `total` exactly (largest
 * remainder first, then the larger weight); no share exceeds its weight when `total` does not
 * exceed their sum.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value), weight: weights[index] ?? 0 }))
    .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * What is given back for `quantity` of a line's pieces: their share of what was paid for the line
 * after the code (a partial refund is pro-rated, decision 048). All of a line: all that was paid.
 */
export function paidForPieces(
  line: { unitPriceCents: number; quantity: number; discountCents: number },
  quantity: number,
): number {
  const paid = line.unitPriceCents * line.quantity - line.discountCents;
  if (quantity >= line.quantity) return paid;
  return Math.floor((paid * quantity) / line.quantity);
}
