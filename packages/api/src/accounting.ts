import { accountingCounts } from "@souls/shop/admin";
import type { TRPCRouterRecord } from "@trpc/server";
import { month, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";

export const accountingRouter = {
  /**
   * How many sales and refunds a period's export holds (two counts), said to the owner as her
   * download starts. The CSV itself is streamed by the web app's export route
   * (writeAccountingCsv): a year of orders never goes through one JSON answer.
   */
  summary: adminProcedure
    .input(
      strictInput({ from: month, to: month }).refine((period) => period.from <= period.to, {
        error: "admin:input.monthsInOrder",
        path: ["to"],
      }),
    )
    .query(({ ctx, input }) => accountingCounts(ctx.db, input)),
} satisfies TRPCRouterRecord;
