/**
 * Text the database can store and a page can show: PostgreSQL refuses NUL in text, and a lone
 * UTF-16 surrogate is not a character (it breaks URL encoding). Forms refuse both with a message.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}
