import { copy } from "@souls/core/admin-copy";
import { LOCALES } from "@souls/core/locales";
import {
  dropShopWordsDraft,
  publishShopWords,
  type ShopWordsState,
  saveShopWordsDraft,
  shopWordsRules,
  shopWordsState,
} from "@souls/shop/words";
import { TRPCError, type TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { strictInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const language = z.enum(LOCALES, { error: "admin:input.localeChoice" });
const oneLanguage = strictInput({ locale: language });

const forPanel = (state: ShopWordsState) => toWire(state);

/**
 * « Textes du site » (decision 051): the home page's story and values, the footer's lines, each
 * page's title and description, in one language at a time — a draft she previews, then publishes.
 * The owner's alone (a helper who packs is refused: @souls/core/admin-roles). Each change is in
 * the words' history under her name; a publication shows on every page of every web server at its
 * next request (the table announces itself, decision 013).
 */
export const wordsRouter = {
  get: adminProcedure
    .input(oneLanguage)
    .query(async ({ ctx, input }) => forPanel(await shopWordsState(ctx.db, input.locale))),

  /** Her changes of one language (a text left empty is today's); shoppers see nothing yet. */
  saveDraft: adminProcedure
    .input(strictInput({ locale: language, texts: shopWordsRules }))
    .mutation(async ({ ctx, input }) => forPanel(await saveShopWordsDraft(ctx.db, input, ctx.admin.name))),

  publish: adminProcedure.input(oneLanguage).mutation(async ({ ctx, input }) => {
    const state = await publishShopWords(ctx.db, input.locale, ctx.admin.name);
    if (!state) throw new TRPCError({ code: "CONFLICT", message: copy.errors.wordsNoDraft });
    return forPanel(state);
  }),

  dropDraft: adminProcedure
    .input(oneLanguage)
    .mutation(async ({ ctx, input }) =>
      forPanel(await dropShopWordsDraft(ctx.db, input.locale, ctx.admin.name)),
    ),
} satisfies TRPCRouterRecord;
