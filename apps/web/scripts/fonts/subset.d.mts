/** Every character of a CSS `unicode-range` value, as one string. */
export function charactersOf(unicodeRange: string): string;
/** A stylesheet's @font-face rules: the ./fonts/ file each names and its unicode-range. */
export function fontFaces(css: string): { file: string; unicodeRange: string }[];
