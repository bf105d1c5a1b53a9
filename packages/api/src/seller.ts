import {
  checkSellerTogether,
  loadSeller,
  missingSellerFields,
  type Seller,
  saveSeller,
  sellerRules,
} from "@souls/shop/seller";
import type { TRPCRouterRecord } from "@trpc/server";
import { noInput, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** The seller's identity for the panel's screen: every detail, what the law still asks for, the last save. */
function forPanel(seller: Seller) {
  return toWire({ ...seller, missing: missingSellerFields(seller.details) });
}

/**
 * "Ma boutique": who sells, hosts, mediates and makes what the shop shows. A saved change shows on
 * every page of every web server at its next request (the table announces itself, decision 013).
 */
export const sellerRouter = {
  get: adminProcedure.input(noInput).query(async ({ ctx }) => forPanel(await loadSeller(ctx.db))),

  /** Every detail, null (or blank) for "not filled in yet"; the rules are @souls/shop/seller's. */
  save: adminProcedure
    .input(strictInput(sellerRules).superRefine(checkSellerTogether))
    .mutation(async ({ ctx, input }) => forPanel(await saveSeller(ctx.db, input, "admin"))),
} satisfies TRPCRouterRecord;
