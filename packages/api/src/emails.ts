import { renderEmail } from "@souls/emails";
import { emailForViewing, emailQueueStats, recentEmails, retryEmail } from "@souls/shop/admin";
import { deleteOldEmails } from "@souls/shop/outbox";
import type { TRPCRouterRecord } from "@trpc/server";
import { cursor, id, noInput, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

export const emailsRouter = {
  stats: adminProcedure.input(noInput).query(({ ctx }) => emailQueueStats(ctx.db)),

  /** The last messages (or those before a given one), masked; each look is logged (spec §6). */
  recent: adminProcedure
    .input(strictInput({ after: cursor.optional() }).optional())
    .query(async ({ ctx, input }) => toWire(await recentEmails(ctx.db, input ?? {}))),

  retry: adminProcedure.input(strictInput({ id })).mutation(({ ctx, input }) => retryEmail(ctx.db, input.id)),

  /** One message as the customer receives it, tracking token masked; the look is logged. */
  view: adminProcedure.input(strictInput({ id })).query(async ({ ctx, input }) => {
    const { subject, html, text } = await renderEmail(
      await emailForViewing(ctx.db, input.id),
      ctx.emailContext,
    );
    return { subject, html, text };
  }),

  cleanup: adminProcedure
    .input(noInput)
    .mutation(async ({ ctx }) => ({ deleted: await deleteOldEmails(ctx.db) })),
} satisfies TRPCRouterRecord;
