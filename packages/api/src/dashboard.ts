import { dashboard } from "@souls/shop/admin";
import { audienceBoard } from "@souls/shop/audience";
import type { TRPCRouterRecord } from "@trpc/server";
import { noInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

export const dashboardRouter = {
  /**
   * The owner's home page: today, this week and this month, what waits for her and since when,
   * the models running low, the last 90 days' sales by day.
   */
  get: adminProcedure.input(noInput).query(async ({ ctx }) => toWire(await dashboard(ctx.db))),
  /**
   * The audience (decision 047): visits and page views of the last 30 days, today's sources, the
   * path model page → cart → checkout → paid per model and source. Counts only.
   */
  audience: adminProcedure.input(noInput).query(async ({ ctx }) => toWire(await audienceBoard(ctx.db))),
} satisfies TRPCRouterRecord;
