/**
 * The owner's catalogue (issue 23): the list of series and models, one model in full, and one
 * procedure per change — each a use case of @souls/shop/admin, in one transaction, recorded in
 * the model's history. Refusals answer in French (catalogue-errors.ts).
 */
import {
  FAQ_LIMITS,
  MATERIAL_MAX,
  MODEL_MATERIAL_NAMES,
  MODEL_TEXT_FIELD_NAMES,
  MODEL_TEXT_FIELDS,
  type ModelMaterial,
  type ModelTextField,
  SERIES_TEXT_LIMITS,
} from "@souls/core/catalogue-rules";
import { fromWallTime } from "@souls/core/format";
import { LOCALES } from "@souls/core/locales";
import { ADDRESS_SEGMENT_LIMITS, isAddressSegment } from "@souls/core/model-addresses";
import { PHOTO_LIMITS } from "@souls/core/photos";
import {
  archiveModel,
  catalogueOverview,
  changeModelAddress,
  createModel,
  createSeries,
  deleteSeries,
  duplicateModel,
  endSale,
  featureSeries,
  modelDetail,
  moveModel,
  PRODUCT_LIMITS,
  publishModel,
  saveModel,
  startSale,
  unarchiveModel,
  unpublishModel,
  updateModelIdentity,
  updateModelTexts,
  updateSeries,
} from "@souls/shop/admin";
import { EARLY_ACCESS_MINUTES, LAUNCH_LIMIT_BOUNDS } from "@souls/shop/launch";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { missingField, missingLabel } from "./catalogue-errors";
import { euros, id, int, noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const price = euros(PRODUCT_LIMITS.maxPriceCents / 100);
const cents = (value: number) => Math.round(value * 100);
const locale = z.enum(LOCALES, { error: "admin:input.localeChoice" });

/** The owner's part of an address: lower-case letters, digits, single hyphens, 3 to 80. */
const addressSegment = z
  .string({ error: "admin:input.addressSegment" })
  .trim()
  .max(ADDRESS_SEGMENT_LIMITS.max, { error: "admin:input.tooLong" })
  .refine(isAddressSegment, { error: "admin:input.addressSegment" });

/** Every field of a model's words in one language, each a field of the form (its own message). */
const textFields = Object.fromEntries(
  MODEL_TEXT_FIELD_NAMES.map((field) => [field, text(0, MODEL_TEXT_FIELDS[field].max)]),
) as Record<ModelTextField, ReturnType<typeof text>>;

const materials = strictInput(
  Object.fromEntries(MODEL_MATERIAL_NAMES.map((material) => [material, text(0, MATERIAL_MAX)])) as Record<
    ModelMaterial,
    ReturnType<typeof text>
  >,
);

const faq = z
  .array(strictInput({ question: text(0, FAQ_LIMITS.question), answer: text(0, FAQ_LIMITS.answer) }), {
    error: "admin:input.listExpected",
  })
  .max(FAQ_LIMITS.items, { error: "admin:input.atMostItems" });

/** A model's words in one language with its address, as the editor's one save sends them. */
const textsWithAddress = strictInput({ ...textFields, materials, faq, segment: addressSegment });

/**
 * The editor's one save: every field of the model, nested. A refused field is named by its whole
 * path (`texts.en.tagline`: FULL_PATH_PROCEDURES in trpc.ts), so the form puts each message under
 * its own field.
 */
const modelSave = strictInput({
  id,
  name: text(1, PRODUCT_LIMITS.name),
  reference: text(1, PRODUCT_LIMITS.reference),
  seriesId: id.nullable(),
  price,
  texts: strictInput({ fr: textsWithAddress, en: textsWithAddress }),
  photos: z
    .array(
      strictInput({ id, altFr: text(0, PHOTO_LIMITS.altLength), altEn: text(0, PHOTO_LIMITS.altLength) }),
      { error: "admin:input.listExpected" },
    )
    .max(PHOTO_LIMITS.perModel, { error: "admin:input.atMostItems" }),
});

/**
 * A series' launch as the form sends it (decision 039): the day and hour typed in Paris time (both
 * empty: no opening, on sale once published), the early access in minutes and the launch limit.
 */
const seriesLaunch = strictInput({
  opensDate: z
    .string({ error: "admin:input.openingDate" })
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: "admin:input.openingDate" }),
  opensTime: z
    .string({ error: "admin:input.openingTime" })
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { error: "admin:input.openingTime" }),
  earlyAccessMinutes: z.union(
    EARLY_ACCESS_MINUTES.map((minutes) => z.literal(minutes)),
    { error: "admin:input.earlyAccessChoice" },
  ),
  launchLimitPieces: int(LAUNCH_LIMIT_BOUNDS.pieces.min, LAUNCH_LIMIT_BOUNDS.pieces.max),
  launchLimitHours: int(LAUNCH_LIMIT_BOUNDS.hours.min, LAUNCH_LIMIT_BOUNDS.hours.max),
})
  .superRefine((launch, context) => {
    if (!launch.opensDate !== !launch.opensTime) {
      const path = [launch.opensDate ? "opensTime" : "opensDate"];
      context.addIssue({ code: "custom", path, message: "admin:input.openingIncomplete" });
    } else if (launch.opensDate && !fromWallTime(launch.opensDate, launch.opensTime)) {
      const skipped = /^\d{4}-\d{2}-\d{2}$/.test(launch.opensDate) && isCalendarDay(launch.opensDate);
      context.addIssue({
        code: "custom",
        path: [skipped ? "opensTime" : "opensDate"],
        message: skipped ? "admin:input.openingSkipped" : "admin:input.openingDate",
      });
    }
  })
  .transform(({ opensDate, opensTime, ...rest }) => ({
    ...rest,
    opensAt: opensDate ? fromWallTime(opensDate, opensTime) : null,
  }));

/** A day the calendar has (2026-02-30 has none): an hour refused on a real day is one Paris skips. */
function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const moment = new Date(Date.UTC(year, month - 1, date));
  return moment.getUTCMonth() === month - 1 && moment.getUTCDate() === date;
}

const seriesWords = {
  titleFr: text(1, SERIES_TEXT_LIMITS.title),
  titleEn: text(1, SERIES_TEXT_LIMITS.title),
  subtitleFr: text(0, SERIES_TEXT_LIMITS.subtitle).default(""),
  subtitleEn: text(0, SERIES_TEXT_LIMITS.subtitle).default(""),
  launch: seriesLaunch.optional(),
};

export const catalogueRouter = {
  /** Every series (newest first) with its models in the owner's order, and the models in none. */
  list: adminProcedure.input(noInput).query(async ({ ctx }) => toWire(await catalogueOverview(ctx.db))),

  /** One model in full: both languages' words and addresses, photos, what is missing, history. */
  detail: adminProcedure.input(strictInput({ id })).query(async ({ ctx, input }) => {
    const detail = await modelDetail(ctx.db, input.id);
    return toWire({
      ...detail,
      missing: detail.missing.map(missingLabel),
      // The same list, each with the editor's field it links to (`texts.en.tagline`, `photos`).
      missingFields: detail.missing.map((piece) => ({
        label: missingLabel(piece),
        field: missingField(piece),
      })),
    });
  }),

  /** A new draft; `reference` defaults to the code's (ZORA-01). */
  createModel: adminProcedure
    .input(
      strictInput({
        name: text(1, PRODUCT_LIMITS.name),
        reference: text(1, PRODUCT_LIMITS.reference).optional(),
        price,
        stock: int(0, PRODUCT_LIMITS.maxStock).default(0),
        seriesId: id.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      toWire(
        await createModel(ctx.db, {
          name: input.name,
          reference: input.reference,
          priceCents: cents(input.price),
          stock: input.stock,
          seriesId: input.seriesId,
        }),
      ),
    ),

  /**
   * The editor's one save: the whole model at once, or nothing. Every refused field is named
   * (`data.zodError.fieldErrors`, keyed by its path); an address or reference another model has
   * is a CONFLICT.
   */
  save: adminProcedure.input(modelSave).mutation(async ({ ctx, input }) => {
    const { id: productId, price: euros, ...model } = input;
    return saveModel(ctx.db, productId, { ...model, priceCents: cents(euros) });
  }),

  /** « Dupliquer »: a new draft with the model's words, materials and questions; no photo, no stock. */
  duplicate: adminProcedure
    .input(strictInput({ id, name: text(1, PRODUCT_LIMITS.name).optional() }))
    .mutation(async ({ ctx, input }) => toWire(await duplicateModel(ctx.db, input.id, { name: input.name }))),

  /** Name and reference (the code never changes). */
  updateModel: adminProcedure
    .input(
      strictInput({ id, name: text(1, PRODUCT_LIMITS.name), reference: text(1, PRODUCT_LIMITS.reference) }),
    )
    .mutation(async ({ ctx, input }) =>
      toWire(await updateModelIdentity(ctx.db, input.id, { name: input.name, reference: input.reference })),
    ),

  /** A model's words in one language, all at once (the editor's form). */
  updateTexts: adminProcedure
    .input(strictInput({ id, locale, ...textFields, materials, faq }))
    .mutation(async ({ ctx, input }) => {
      const { id: productId, locale: language, ...texts } = input;
      return { texts: await updateModelTexts(ctx.db, productId, language, texts) };
    }),

  /** The last segment of a model's address in one language; the old one answers 301 for ever. */
  changeAddress: adminProcedure
    .input(strictInput({ id, locale, segment: addressSegment }))
    .mutation(async ({ ctx, input }) => changeModelAddress(ctx.db, input.id, input.locale, input.segment)),

  publish: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await publishModel(ctx.db, input.id))),

  unpublish: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await unpublishModel(ctx.db, input.id))),

  archive: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await archiveModel(ctx.db, input.id))),

  unarchive: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await unarchiveModel(ctx.db, input.id))),

  /** A lower price from now; the price struck through is the shop's to compute (30 days' lowest). */
  startSale: adminProcedure
    .input(strictInput({ id, price }))
    .mutation(async ({ ctx, input }) => toWire(await startSale(ctx.db, input.id, cents(input.price)))),

  /** The end of a sale, at the sale price or a new one. */
  endSale: adminProcedure
    .input(strictInput({ id, price: price.optional() }))
    .mutation(async ({ ctx, input }) =>
      toWire(await endSale(ctx.db, input.id, input.price === undefined ? undefined : cents(input.price))),
    ),

  /** Puts a model at a place (1 is first) of a series, the same or another. */
  moveModel: adminProcedure
    .input(strictInput({ id, seriesId: id, position: int(1, 1_000) }))
    .mutation(async ({ ctx, input }) => moveModel(ctx.db, input.id, input.seriesId, input.position)),

  createSeries: adminProcedure
    .input(strictInput(seriesWords))
    .mutation(async ({ ctx, input }) => toWire(await createSeries(ctx.db, input))),

  updateSeries: adminProcedure.input(strictInput({ id, ...seriesWords })).mutation(async ({ ctx, input }) => {
    const { id: seriesId, ...words } = input;
    return toWire(await updateSeries(ctx.db, seriesId, words));
  }),

  /** The series the home page shows. */
  featureSeries: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => featureSeries(ctx.db, input.id)),

  /** Removes an empty series (never the home page's). */
  deleteSeries: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await deleteSeries(ctx.db, input.id);
    return { deleted: input.id };
  }),
} satisfies TRPCRouterRecord;
