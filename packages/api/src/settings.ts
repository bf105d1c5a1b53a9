import { loadOwnerSettings, ownerSettingsSchema, saveOwnerSettings } from "@souls/shop/owner";
import { loadSeller } from "@souls/shop/seller";
import type { TRPCRouterRecord } from "@trpc/server";
import { noInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/**
 * « Réglages »: where the owner's e-mails go (each paid order, low stock), her low-stock
 * threshold, the VAT regime new sales are taxed under (stored sales keep theirs).
 */
export const settingsRouter = {
  /** The settings, and the shop's contact e-mail her e-mails go to when she gives no address. */
  get: adminProcedure.input(noInput).query(async ({ ctx }) => {
    const [settings, seller] = await Promise.all([loadOwnerSettings(ctx.db), loadSeller(ctx.db)]);
    return toWire({ settings, shopEmail: seller.details.email });
  }),

  save: adminProcedure
    .input(ownerSettingsSchema)
    .mutation(async ({ ctx, input }) => toWire(await saveOwnerSettings(ctx.db, input))),
} satisfies TRPCRouterRecord;
