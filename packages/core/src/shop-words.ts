/**
 * The shop's words the owner rewrites from her panel (« Textes du site », decision 051): the home
 * page's story and values, the footer's lines, each page's title and description for search
 * engines, in French and English. Plain text: a blank line starts a paragraph (the `paragraphs`
 * ones), the others are one line. Today's texts stay in the locale files as the defaults: the
 * shop stores only what she changed. The one list the API, the shop, the database's reader and
 * the panel read; a text without its label fails the type check (@souls/api/admin-words).
 */
export const SHOP_WORDS = {
  storyTitle: { max: 120 },
  storyText: { max: 2_000, paragraphs: true },
  valuesTitle: { max: 80 },
  uniqueTitle: { max: 80 },
  uniqueText: { max: 400, paragraphs: true },
  authenticityTitle: { max: 80 },
  authenticityText: { max: 400, paragraphs: true },
  heritageTitle: { max: 80 },
  heritageText: { max: 400, paragraphs: true },
  footerTagline: { max: 300, paragraphs: true },
  homeTitle: { max: 120 },
  homeDescription: { max: 300 },
  allPiecesTitle: { max: 120 },
  allPiecesDescription: { max: 300 },
  magazineTitle: { max: 120 },
  magazineDescription: { max: 300 },
  trackingTitle: { max: 120 },
  trackingDescription: { max: 300 },
  legalNoticeTitle: { max: 120 },
  legalNoticeDescription: { max: 300 },
  privacyTitle: { max: 120 },
  privacyDescription: { max: 300 },
  termsTitle: { max: 120 },
  termsDescription: { max: 300 },
} as const satisfies Record<string, { max: number; paragraphs?: true }>;

export type ShopWord = keyof typeof SHOP_WORDS;
export const SHOP_WORD_NAMES = Object.keys(SHOP_WORDS) as ShopWord[];

export function isShopWord(name: string): name is ShopWord {
  return Object.hasOwn(SHOP_WORDS, name);
}

/** What she changed in one language: a text absent is today's (the locale files'). */
export type ShopWordOverrides = Partial<Record<ShopWord, string>>;

/** The home page's values, in their order on the page. */
export const SHOP_VALUES = ["unique", "authenticity", "heritage"] as const;
export type ShopValue = (typeof SHOP_VALUES)[number];

/** The pages whose title and description for search engines she writes, by screen. */
export const SHOP_WORD_PAGES = {
  home: { title: "homeTitle", description: "homeDescription" },
  allPieces: { title: "allPiecesTitle", description: "allPiecesDescription" },
  magazine: { title: "magazineTitle", description: "magazineDescription" },
  tracking: { title: "trackingTitle", description: "trackingDescription" },
  legalNotice: { title: "legalNoticeTitle", description: "legalNoticeDescription" },
  privacy: { title: "privacyTitle", description: "privacyDescription" },
  terms: { title: "termsTitle", description: "termsDescription" },
} as const satisfies Record<string, { title: ShopWord; description: ShopWord }>;
export type ShopWordPage = keyof typeof SHOP_WORD_PAGES;

/**
 * The owner's text as the shop keeps it: no carriage returns, no spaces at the ends of lines, at
 * most one blank line between paragraphs (a one-line text is one line), trimmed.
 */
export function normalizeShopWord(name: ShopWord, value: string): string {
  const text = value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v]+$/u, ""))
    .join("\n");
  return (
    "paragraphs" in SHOP_WORDS[name] ? text.replace(/\n{3,}/g, "\n\n") : text.replace(/\s*\n\s*/g, " ")
  ).trim();
}

/** What the history of these words records (shop_word_events.kind). */
export const SHOP_WORD_EVENTS = [
  "draft_saved",
  "published",
  "draft_dropped",
  // The home page's hero picture (both languages at once).
  "hero_draft_saved",
  "hero_published",
  "hero_draft_dropped",
  "hero_removed",
] as const;
export type ShopWordEventKind = (typeof SHOP_WORD_EVENTS)[number];
