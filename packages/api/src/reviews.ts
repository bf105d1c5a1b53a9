import { REVIEW_LIMITS, REVIEW_REJECTION_REASONS, REVIEW_RULES, REVIEW_STATUSES } from "@souls/core/reviews";
import {
  countReviewsWaiting,
  deleteReview,
  listReviews,
  publishReview,
  rejectReview,
  replyToReview,
} from "@souls/shop/reviews";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, int, noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** The version of the buyer's words the owner read: a decision on an older one is refused. */
const saves = int(1, REVIEW_RULES.maxSaves);
/** The shop's public answer; empty (or null) takes it away. */
const reply = text(0, REVIEW_LIMITS.reply.max).nullable();

/**
 * Buyers' reviews as the owner moderates them: she publishes or refuses, answers in public,
 * deletes one at its author's request; she never edits a buyer's words (no procedure does).
 */
export const reviewsRouter = {
  list: adminProcedure
    .input(
      strictInput({
        status: z.enum(REVIEW_STATUSES, { error: "admin:input.reviewStatus" }).optional(),
        search: text(0, 100).optional(),
        page: int(1, 100_000).default(1),
      }).prefault({}),
    )
    .query(async ({ ctx, input }) => toWire(await listReviews(ctx.db, input))),

  /** How many reviews wait for the owner (the panel's badge, the dashboard). */
  waiting: adminProcedure
    .input(noInput)
    .query(async ({ ctx }) => ({ waiting: await countReviewsWaiting(ctx.db) })),

  publish: adminProcedure
    .input(strictInput({ id, saves, reply: reply.optional() }))
    .mutation(async ({ ctx, input }) => toWire(await publishReview(ctx.db, input))),

  /** Refused (or withdrawn once published) for one of the published reasons only; the buyer is told which. */
  reject: adminProcedure
    .input(
      strictInput({
        id,
        saves,
        reason: z.enum(REVIEW_REJECTION_REASONS, { error: "admin:input.reviewReason" }),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      toWire(await rejectReview(ctx.db, { ...input, secret: ctx.linkSecret })),
    ),

  reply: adminProcedure
    .input(strictInput({ id, reply }))
    .mutation(async ({ ctx, input }) => toWire(await replyToReview(ctx.db, input))),

  /** Its author asked for it to go: deleted, with the shop's answer. */
  remove: adminProcedure
    .input(strictInput({ id }))
    .mutation(({ ctx, input }) => deleteReview(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
