import { runTestOrder } from "@souls/shop";
import type { TRPCRouterRecord } from "@trpc/server";
import { noInput } from "./inputs";
import { adminProcedure } from "./trpc";

export const testsRouter = {
  /** Spec §2 "Test Commande": a real order through the real use cases; the steps are its log. */
  runTestOrder: adminProcedure.input(noInput).mutation(({ ctx }) => runTestOrder(ctx.db)),
} satisfies TRPCRouterRecord;
