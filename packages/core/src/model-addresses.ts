// A model's public address, apart from the catalogue's other rules: storefront pages read the
// prefixes (the screens map), and what only the owner's editor needs stays out of their scripts.
import type { Locale } from "./locales";

/**
 * A model's address in each language: the shop's prefix, then the last segment, the owner's own
 * words (lower-case letters and digits, words joined by single hyphens, 3 to 80 characters).
 */
export const MODEL_ADDRESS_PREFIXES: Record<Locale, string> = { fr: "/produit/", en: "/en/product/" };
export const ADDRESS_SEGMENT_LIMITS = { min: 3, max: 80 } as const;
const ADDRESS_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isAddressSegment(segment: string): boolean {
  return (
    segment.length >= ADDRESS_SEGMENT_LIMITS.min &&
    segment.length <= ADDRESS_SEGMENT_LIMITS.max &&
    ADDRESS_SEGMENT.test(segment)
  );
}

/** `/produit/` + `sac-banane-zora`. */
export function modelAddress(locale: Locale, segment: string): string {
  return `${MODEL_ADDRESS_PREFIXES[locale]}${segment}`;
}

/** The owner's part of an address (after the shop's prefix), or null for another path. */
export function addressSegment(locale: Locale, path: string): string | null {
  const prefix = MODEL_ADDRESS_PREFIXES[locale];
  return path.startsWith(prefix) ? path.slice(prefix.length) : null;
}

/** A new model's addresses, from its code: `/produit/sac-banane-zora`, `/en/product/zora-fanny-pack`. */
export function defaultAddressSegments(code: string): Record<Locale, string> {
  return { fr: `sac-banane-${code}`, en: `${code}-fanny-pack` };
}
