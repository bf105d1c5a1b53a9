/**
 * The review form's rules (the page's and the use case's): bounds from @souls/core/reviews, counted
 * in characters as PostgreSQL counts them (an emoji is one), text stored as typed but without
 * bidirectional controls, with one kind of line break. Messages are `ReviewRefusal` codes, which
 * the page words, filling in the bounds (decision 062).
 */
import { REVIEW_LIMITS } from "@souls/core/reviews";
import { z } from "zod";
import { isStorableText, withoutBidiControls } from "../text";

export const REVIEW_FIELDS = ["rating", "title", "body", "authorName", "experiencedOn", "consent"] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** Why the review form is refused: a code the page words in the buyer's language. */
export const REVIEW_REFUSALS = [
  "titleRequired",
  "titleLength",
  "bodyRequired",
  "bodyLength",
  "authorNameRequired",
  "authorNameLength",
  "invalidCharacters",
  "rating",
  "experiencedOn",
  "consent",
] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];
const refused = (code: ReviewRefusal) => ({ error: code });

/** Characters as a reader (and PostgreSQL's `length`) counts them, not UTF-16 units. */
export const characterCount = (text: string) => [...text].length;

/**
 * A field as it is stored: `\r\n` → `\n`, bidirectional controls removed, ends trimmed; a one-line
 * field's line breaks become spaces, a text keeps at most one blank line between paragraphs.
 */
export function normalizeReviewText(value: string, { oneLine = false } = {}): string {
  const text = withoutBidiControls(value).replace(/\r\n?/g, "\n");
  return (
    oneLine ? text.replace(/\s*\n\s*/g, " ") : text.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n")
  )
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

function bounded(field: "title" | "body" | "authorName", { oneLine }: { oneLine: boolean }) {
  const { min, max } = REVIEW_LIMITS[field];
  return z
    .string(refused(`${field}Required`))
    .overwrite((value) => normalizeReviewText(value, { oneLine }))
    .min(1, refused(`${field}Required`))
    .refine(isStorableText, refused("invalidCharacters"))
    .refine(
      (value) => characterCount(value) >= min && characterCount(value) <= max,
      refused(`${field}Length`),
    );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T12:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The form of one model's review. The day of the experience lies between the order's day and
 * today (both "YYYY-MM-DD", Paris time): a buyer cannot have used her bag before she ordered it.
 */
export function reviewFormSchema(days: { earliest: string; latest: string }) {
  return z.object({
    rating: z.enum(["1", "2", "3", "4", "5"], refused("rating")).transform((value) => Number(value)),
    title: bounded("title", { oneLine: true }),
    body: bounded("body", { oneLine: false }),
    authorName: bounded("authorName", { oneLine: true }),
    experiencedOn: z
      .string(refused("experiencedOn"))
      .trim()
      .refine(
        (value) => isCalendarDay(value) && value >= days.earliest && value <= days.latest,
        refused("experiencedOn"),
      ),
    consent: z.literal("yes", refused("consent")),
  });
}

export type ReviewInput = z.output<ReturnType<typeof reviewFormSchema>>;
