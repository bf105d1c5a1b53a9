/** The characters the font files keep, as a CSS unicode-range. */
export const KEPT: string;
/** Each font file, by name, from its source file. */
export const SOURCES: Record<string, { from: string; axes?: Record<string, { min: number; max: number }> }>;
/** Every character of a CSS `unicode-range` value, as one string. */
export function charactersOf(unicodeRange: string): string;
