import { accountingCsv, accountingRows } from "@souls/shop/admin";
import type { TRPCRouterRecord } from "@trpc/server";
import { month, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";

export const accountingRouter = {
  /**
   * The accountant's CSV of a period's sales and refunds (UTF-8 with BOM, `;`, decimal commas,
   * a total line per month), named after the period.
   */
  export: adminProcedure
    .input(
      strictInput({ from: month, to: month }).refine((period) => period.from <= period.to, {
        error: "admin:input.monthsInOrder",
        path: ["to"],
      }),
    )
    .query(async ({ ctx, input }) => {
      const rows = await accountingRows(ctx.db, input);
      return {
        filename: `souls-comptabilite-${input.from}${input.to === input.from ? "" : `_${input.to}`}.csv`,
        csv: accountingCsv(rows, ctx.vatRatePercent),
        sales: rows.filter((row) => row.kind === "sale").length,
        refunds: rows.filter((row) => row.kind === "refund").length,
      };
    }),
} satisfies TRPCRouterRecord;
