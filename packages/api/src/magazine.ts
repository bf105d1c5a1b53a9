import { ARTICLE_LIMITS, ARTICLE_TONES, isArticleSlug } from "@souls/core/magazine";
import { dateToParisLocal, PARIS_LOCAL_PATTERN, parisLocalToDate } from "@souls/shop/announcements";
import {
  createArticle,
  listArticles,
  removeArticleCover,
  saveArticle,
  setArticleStatus,
  showArticle,
} from "@souls/shop/magazine";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, int, noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const L = ARTICLE_LIMITS;

/** One line: a title, a question (a line break would show as nothing). */
const line = (min: number, max: number) =>
  text(min, max).refine((value) => !/[\r\n\t]/.test(value), { error: "admin:input.oneLine" });

const slug = z
  .string({ error: "admin:input.textExpected" })
  .trim()
  .refine(isArticleSlug, { error: "admin:input.addressSegment" });

/** Her words in one language; markup is text like any other (pages show `<b>` as typed). */
const words = strictInput({
  title: line(1, L.title),
  metaDescription: line(0, L.metaDescription),
  category: line(1, L.category),
  excerpt: text(0, L.excerpt),
  intro: text(0, L.intro),
  body: text(1, L.body),
  tip: strictInput({ title: line(0, L.tipTitle), text: text(0, L.tipText) }),
  faq: z
    .array(strictInput({ question: line(1, L.question), answer: text(1, L.answer) }), {
      error: "admin:input.listExpected",
    })
    .max(L.faqItems, { error: "admin:input.atMostItems" }),
  coverAlt: line(0, L.coverAlt),
});

const article = strictInput({
  slug: strictInput({ fr: slug, en: slug }),
  words: strictInput({ fr: words, en: words }),
  tone: z.enum(ARTICLE_TONES, { error: "admin:input.articleTone" }),
  readMinutes: int(1, L.readMinutes).nullable(),
  alsoRead: z
    .array(id, { error: "admin:input.listExpected" })
    .max(L.alsoRead, { error: "admin:input.atMostItems" }),
});

/** A Paris wall-clock time from a datetime-local field. */
const parisTime = z
  .string({ error: "admin:input.parisDateTime" })
  .regex(PARIS_LOCAL_PATTERN, { error: "admin:input.parisDateTime" })
  .transform((value, context) => {
    const at = parisLocalToDate(value);
    if (!at) {
      context.addIssue({ code: "custom", message: "admin:input.parisDateTime" });
      return z.NEVER;
    }
    return at;
  });

const status = z.discriminatedUnion(
  "status",
  [
    strictInput({ id, status: z.literal("draft") }),
    strictInput({ id, status: z.literal("published") }),
    strictInput({ id, status: z.literal("scheduled"), at: parisTime }),
  ],
  { error: "admin:input.articleStatus" },
);

async function shown(db: Parameters<typeof showArticle>[0], articleId: number) {
  const found = await showArticle(db, articleId);
  return toWire({ ...found, publishAtLocal: found.publishAt ? dateToParisLocal(found.publishAt) : null });
}

/**
 * « Magazine »: the owner's articles (decision 052) — written in French and English, with a cover
 * photo (posted to the photo upload, like a series' picture), published now, scheduled for a Paris
 * time, or kept as drafts. Owner only (@souls/core/admin-roles); each write is in the article's history.
 */
export const magazineRouter = {
  list: adminProcedure.input(noInput).query(async ({ ctx }) => toWire(await listArticles(ctx.db))),

  get: adminProcedure.input(strictInput({ id })).query(({ ctx, input }) => shown(ctx.db, input.id)),

  /** A new draft; its id for the editor. */
  create: adminProcedure
    .input(article)
    .mutation(async ({ ctx, input }) => ({ id: await createArticle(ctx.db, input) })),

  save: adminProcedure.input(strictInput({ id, article })).mutation(async ({ ctx, input }) => {
    await saveArticle(ctx.db, input.id, input.article);
    return shown(ctx.db, input.id);
  }),

  /** Draft, published now, or scheduled for a Paris time to come. */
  setStatus: adminProcedure.input(status).mutation(async ({ ctx, input }) => {
    await setArticleStatus(
      ctx.db,
      input.id,
      input.status === "scheduled" ? { status: "scheduled", at: input.at } : { status: input.status },
    );
    return shown(ctx.db, input.id);
  }),

  removeCover: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await removeArticleCover(ctx.db, input.id);
    return shown(ctx.db, input.id);
  }),
} satisfies TRPCRouterRecord;
