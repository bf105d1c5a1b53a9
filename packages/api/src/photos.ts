/**
 * A model's gallery from the owner's panel: its photos, their order (the first is the cover),
 * their words, their removal. Adding a photo is no procedure: its bytes come as a file to the web
 * app's `POST /admin-photos` (one photo per request, bounded before it is read), which calls
 * `addPhoto` and answers with the same messages (photoRefusal). A series' picture (the home
 * page's hero) is sent there too, its words and removal are procedures here.
 */
import {
  listPhotos,
  PHOTO_LIMITS,
  removePhoto,
  removeSeriesPicture,
  reorderPhotos,
  setPhotoAlt,
  setSeriesPictureAlt,
} from "@souls/shop/photos";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";

const alt = text(0, PHOTO_LIMITS.altLength);

export const photosRouter = {
  /** The model's photos, cover first. */
  list: adminProcedure
    .input(strictInput({ productId: id }))
    .query(async ({ ctx, input }) => ({ photos: await listPhotos(ctx.db, input.productId) })),

  /** Every photo of the model once, in its new order: the first is the cover. */
  reorder: adminProcedure
    .input(
      strictInput({
        productId: id,
        photoIds: z
          .array(id, { error: "admin:input.listExpected" })
          .min(1, { error: "admin:input.required" })
          .max(PHOTO_LIMITS.perModel, { error: "admin:input.atMostItems" }),
      }),
    )
    .mutation(async ({ ctx, input }) => ({
      photos: await reorderPhotos(ctx.db, input.productId, input.photoIds),
    })),

  /** A photo's words in both languages (what a screen reader says, what search engines read). */
  setAlt: adminProcedure.input(strictInput({ id, fr: alt, en: alt })).mutation(async ({ ctx, input }) => ({
    photo: await setPhotoAlt(ctx.db, input.id, { fr: input.fr, en: input.en }),
  })),

  /** A photo out of the gallery, with its files; answers the gallery left. */
  remove: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => ({ photos: await removePhoto(ctx.db, input.id) })),

  /** A series picture's words in both languages. */
  setSeriesAlt: adminProcedure
    .input(strictInput({ seriesId: id, fr: alt, en: alt }))
    .mutation(async ({ ctx, input }) => ({
      picture: await setSeriesPictureAlt(ctx.db, input.seriesId, { fr: input.fr, en: input.en }),
    })),

  /** A series without its picture: the home page's hero shows the shop's drawing again. */
  removeSeriesPicture: adminProcedure
    .input(strictInput({ seriesId: id }))
    .mutation(async ({ ctx, input }) => {
      await removeSeriesPicture(ctx.db, input.seriesId);
      return { removed: input.seriesId };
    }),
} satisfies TRPCRouterRecord;
