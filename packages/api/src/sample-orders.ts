import { runSampleOrder } from "@souls/shop/admin";
import type { TRPCRouterRecord } from "@trpc/server";
import { noInput } from "./inputs";
import { adminProcedure } from "./trpc";

export const sampleOrdersRouter = {
  /** Spec §2 "Test Commande": a real order through the real use cases; the steps are its log. */
  run: adminProcedure.input(noInput).mutation(({ ctx }) => runSampleOrder(ctx.db)),
} satisfies TRPCRouterRecord;
