import { LOCALES } from "@souls/core/locales";
import { PHOTO_LIMITS } from "@souls/core/photos";
import {
  dropHeroPictureDraft,
  type HeroPictureState,
  heroPictureState,
  publishHeroPicture,
  removeHeroPicture,
  saveHeroPictureAlt,
} from "@souls/shop/photos";
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
import { copy } from "./admin-words";
import { noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const language = z.enum(LOCALES, { error: "admin:input.localeChoice" });
const oneLanguage = strictInput({ locale: language });

const forPanel = (state: ShopWordsState) => toWire(state);
const heroForPanel = (state: HeroPictureState) => toWire(state);
const alt = text(0, PHOTO_LIMITS.altLength);

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

  /**
   * The home page's hero picture (both languages): published and her draft. The picture itself is
   * sent to the photo route (`POST /admin-photos` with `hero`), judged as a model's photo, and kept
   * as her draft; these publish it, drop the draft, describe it or take it off the home page.
   */
  hero: adminProcedure.input(noInput).query(async ({ ctx }) => heroForPanel(await heroPictureState(ctx.db))),

  /** The picture's words in French and English, as a draft (previewed, then published). */
  saveHeroAlt: adminProcedure.input(strictInput({ fr: alt, en: alt })).mutation(async ({ ctx, input }) => {
    const state = await saveHeroPictureAlt(ctx.db, input, ctx.admin.name);
    if (!state) throw new TRPCError({ code: "CONFLICT", message: copy.errors.heroNoDraft });
    return heroForPanel(state);
  }),

  publishHero: adminProcedure.input(noInput).mutation(async ({ ctx }) => {
    const state = await publishHeroPicture(ctx.db, ctx.admin.name);
    if (!state) throw new TRPCError({ code: "CONFLICT", message: copy.errors.heroNoDraft });
    return heroForPanel(state);
  }),

  dropHeroDraft: adminProcedure
    .input(noInput)
    .mutation(async ({ ctx }) => heroForPanel(await dropHeroPictureDraft(ctx.db, ctx.admin.name))),

  /** Her picture off the home page (the draft too): the series' own picture, else the drawing. */
  removeHero: adminProcedure
    .input(noInput)
    .mutation(async ({ ctx }) => heroForPanel(await removeHeroPicture(ctx.db, ctx.admin.name))),
} satisfies TRPCRouterRecord;
