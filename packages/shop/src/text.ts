/**
 * Text the database can store and a page can show: PostgreSQL refuses NUL in text, and a lone
 * UTF-16 surrogate is not a character (it breaks URL encoding). Forms refuse both with a message.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the invisible direction marks (U+200E, U+200F, U+061C).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * The text without bidirectional controls. A right-to-left override in a name or an address
 * shows it reversed, or as other words, in the panel and the e-mails (the "Trojan Source" trick);
 * nothing a shopper or the owner types needs one: the letters of every script keep their own
 * direction. Applied by every form schema of what the shop stores, before its length is checked.
 */
export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}
