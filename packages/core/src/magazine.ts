/**
 * The magazine's articles as the owner writes them in the panel (decision 052): their bounds, the
 * shape of their addresses, their plain-text format and their reading time — read alike by the
 * shop's rules, the admin API and the pages.
 */
import type { Locale } from "./locales";

/** Where articles live: `/magazine/<slug>`, `/en/magazine/<slug>`. */
export const ARTICLE_ADDRESS_PREFIXES: Record<Locale, string> = { fr: "/magazine/", en: "/en/magazine/" };

export const ARTICLE_STATUSES = ["draft", "published", "scheduled"] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** What an article's history records (article_events.kind). */
export const ARTICLE_EVENTS = [
  "created",
  "saved",
  "published",
  "scheduled",
  "unpublished",
  "cover_set",
  "cover_removed",
] as const;
export type ArticleEventKind = (typeof ARTICLE_EVENTS)[number];

/** The colour of an article's category above its title: the shop's two accents. */
export const ARTICLE_TONES = ["terracotta", "olive"] as const;
export type ArticleTone = (typeof ARTICLE_TONES)[number];

/** What one article and the magazine may hold. */
export const ARTICLE_LIMITS = {
  articles: 200,
  slug: { min: 3, max: 80 },
  title: 120,
  metaDescription: 300,
  category: 40,
  excerpt: 400,
  intro: 1500,
  body: 30_000,
  tipTitle: 80,
  tipText: 1000,
  coverAlt: 300,
  faqItems: 10,
  question: 200,
  answer: 1500,
  alsoRead: 3,
  readMinutes: 120,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An article's own part of its address: lower-case letters and digits, words joined by single hyphens. */
export function isArticleSlug(slug: string): boolean {
  return slug.length >= ARTICLE_LIMITS.slug.min && slug.length <= ARTICLE_LIMITS.slug.max && SLUG.test(slug);
}

export function articlePath(slug: string, locale: Locale): string {
  return `${ARTICLE_ADDRESS_PREFIXES[locale]}${slug}`;
}

/** The language of an article's address, when `pathname` has the shape of one (one segment after its prefix). */
export function articleAddressLocale(pathname: string): Locale | undefined {
  // `/en/magazine/x` also starts with… nothing French: the French prefix is `/magazine/`.
  return (["fr", "en"] as const).find((locale) => {
    const prefix = ARTICLE_ADDRESS_PREFIXES[locale];
    return (
      pathname.startsWith(prefix) && pathname.length > prefix.length && !pathname.includes("/", prefix.length)
    );
  });
}

/** A part of an article's text: its paragraphs before the first heading, then each heading's. */
export interface ArticleSection {
  heading: string | null;
  paragraphs: string[];
}

/**
 * The article's text as the owner types it: paragraphs separated by an empty line, a line that
 * starts with `## ` a heading. Nothing else means anything: `<b>` or `**` are shown as typed.
 */
export function articleSections(body: string): ArticleSection[] {
  const sections: ArticleSection[] = [];
  let current: ArticleSection = { heading: null, paragraphs: [] };
  let lines: string[] = [];
  const endParagraph = () => {
    const paragraph = lines.join(" ").replace(/\s+/g, " ").trim();
    if (paragraph) current.paragraphs.push(paragraph);
    lines = [];
  };
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.startsWith("## ") && line.slice(3).trim()) {
      endParagraph();
      if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
      current = { heading: line.slice(3).trim(), paragraphs: [] };
    } else if (line.trim() === "") {
      endParagraph();
    } else {
      lines.push(line.trim());
    }
  }
  endParagraph();
  if (current.heading !== null || current.paragraphs.length > 0) sections.push(current);
  return sections;
}

/** Words a reader reads in a minute, of a text she reads attentively. */
export const READING_WORDS_PER_MINUTE = 200;

/** Minutes to read these texts, rounded up, at least one. */
export function readingMinutes(texts: readonly string[]): number {
  const words = texts.reduce((sum, text) => sum + (text.match(/\S+/g)?.length ?? 0), 0);
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
}
