import { SIGNUP_LISTS, type SignupList } from "@souls/core/signups";
import {
  ANNOUNCEMENT_RATE_MAX,
  ANNOUNCEMENT_RATE_PERIODS,
  announceableSeries,
  confirmedAudience,
  dateToParisLocal,
  deleteAnnouncementDraft,
  draftAnnouncement,
  listAnnouncements,
  PARIS_LOCAL_PATTERN,
  parisLocalToDate,
  pauseAnnouncement,
  resumeAnnouncement,
  saveAnnouncement,
  scheduleAnnouncement,
  sendAnnouncementTest,
  showAnnouncement,
  unscheduleAnnouncement,
} from "@souls/shop/announcements";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, int, noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** One line: a subject, a title (a line break in a subject would be a header of its own). */
const line = (min: number, max: number) =>
  text(min, max).refine((value) => !/[\r\n\t]/.test(value), { error: "admin:input.oneLine" });

const words = strictInput({
  subject: line(1, 200),
  title: line(1, 200),
  subtitle: line(0, 300),
  body: text(0, 5000),
});

const listCode = z.enum(Object.keys(SIGNUP_LISTS) as [SignupList, ...SignupList[]], {
  error: "admin:input.signupList",
});

const lists = z
  .array(listCode, { error: "admin:input.listExpected" })
  .min(1, { error: "admin:input.announcementLists" })
  .max(3, { error: "admin:input.atMostItems" })
  .transform((chosen) => [...new Set(chosen)]);

/** A Paris wall-clock time from a datetime-local field, or null: now. */
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

async function withAudience(db: Parameters<typeof showAnnouncement>[0], announcementId: number) {
  const announcement = await showAnnouncement(db, announcementId);
  return toWire({
    announcement,
    audience: await confirmedAudience(db, announcement.lists),
    scheduledAtLocal: announcement.scheduledAt ? dateToParisLocal(announcement.scheduledAt) : null,
  });
}

/**
 * « Annonces »: a series announced to the owner's lists (issue 33, decision 041) — drafted from the
 * series, her words in French and English, a test to herself, then sent now or at a time she sets,
 * at her provider's rate; paused and resumed. The worker sends it.
 */
export const announcementsRouter = {
  /** Her announcements with their progress, and the series she may announce. */
  list: adminProcedure.input(noInput).query(async ({ ctx }) => {
    const [announcements, series] = await Promise.all([
      listAnnouncements(ctx.db),
      announceableSeries(ctx.db),
    ]);
    return toWire({ announcements, series });
  }),

  /** One announcement, where its sending stands, and how many confirmed addresses its lists hold. */
  get: adminProcedure.input(strictInput({ id })).query(({ ctx, input }) => withAudience(ctx.db, input.id)),

  /** A new draft from a series: its title and subtitle, to the early-notice list. */
  draft: adminProcedure
    .input(strictInput({ seriesId: id }))
    .mutation(({ ctx, input }) => draftAnnouncement(ctx.db, input.seriesId)),

  save: adminProcedure
    .input(
      strictInput({
        id,
        content: strictInput({ fr: words, en: words }),
        lists,
        rateCount: int(1, ANNOUNCEMENT_RATE_MAX),
        ratePer: z.enum(ANNOUNCEMENT_RATE_PERIODS, { error: "admin:input.ratePer" }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { id: announcementId, ...settings } = input;
      await saveAnnouncement(ctx.db, announcementId, settings);
      return withAudience(ctx.db, announcementId);
    }),

  /** To her own address (« Réglages »), in French and English. */
  sendTest: adminProcedure
    .input(strictInput({ id }))
    .mutation(({ ctx, input }) => sendAnnouncementTest(ctx.db, input.id, ctx.linkSecret)),

  /** Now (`at` null) or at a Paris time; a second click changes nothing already done. */
  schedule: adminProcedure
    .input(strictInput({ id, at: parisTime.nullable() }))
    .mutation(async ({ ctx, input }) => {
      await scheduleAnnouncement(ctx.db, input.id, input.at);
      return withAudience(ctx.db, input.id);
    }),

  unschedule: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await unscheduleAnnouncement(ctx.db, input.id);
    return withAudience(ctx.db, input.id);
  }),

  pause: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await pauseAnnouncement(ctx.db, input.id);
    return withAudience(ctx.db, input.id);
  }),

  resume: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await resumeAnnouncement(ctx.db, input.id);
    return withAudience(ctx.db, input.id);
  }),

  delete: adminProcedure
    .input(strictInput({ id }))
    .mutation(({ ctx, input }) => deleteAnnouncementDraft(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
