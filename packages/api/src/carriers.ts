/**
 * « Transporteurs » (decision 050): the owner's carriers, each a name and the address of the
 * parcel's page with `{number}` in it. Changing them is hers; a helper reads the ones offered, to
 * ship (@souls/core/admin-roles).
 */
import {
  CARRIER_KEY_MAX_LENGTH,
  CARRIER_KEY_PATTERN,
  CARRIER_NAME_MAX_LENGTH,
  MAX_CARRIERS,
  TRACKING_TEMPLATE_MAX_LENGTH,
  trackingTemplateProblem,
} from "@souls/core/carriers";
import {
  activeCarriers,
  addCarrier,
  carrierHistory,
  listCarriers,
  restoreCarrier,
  retireCarrier,
  updateCarrier,
} from "@souls/shop/carriers";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** A carrier as the shipping form and the orders name it. */
export const carrierKey = z
  .string({ error: "admin:input.carrierChoice" })
  .max(CARRIER_KEY_MAX_LENGTH, { error: "admin:input.carrierChoice" })
  .regex(CARRIER_KEY_PATTERN, { error: "admin:input.carrierChoice" });

const TEMPLATE_MESSAGES = {
  https: "admin:input.trackingTemplateHttps",
  slot: "admin:input.trackingTemplateSlot",
  invalid: "admin:input.trackingTemplateInvalid",
} as const;

/** An https address with `{number}` where the parcel's number goes, on the carrier's own site. */
const trackingTemplate = text(1, TRACKING_TEMPLATE_MAX_LENGTH).superRefine((value, ctx) => {
  const problem = trackingTemplateProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: TEMPLATE_MESSAGES[problem] });
});

const carrierFields = { name: text(1, CARRIER_NAME_MAX_LENGTH), trackingTemplate };

export const carriersRouter = {
  /** Every carrier (retired ones too), the history of the list, and its bound. */
  list: adminProcedure.input(noInput).query(async ({ ctx }) =>
    toWire({
      carriers: await listCarriers(ctx.db),
      history: await carrierHistory(ctx.db),
      maxCarriers: MAX_CARRIERS,
    }),
  ),

  /** The carriers a parcel may leave with now: the shipping form's choices. */
  active: adminProcedure
    .input(noInput)
    .query(async ({ ctx }) => ({ carriers: await activeCarriers(ctx.db) })),

  add: adminProcedure
    .input(strictInput(carrierFields))
    .mutation(async ({ ctx, input }) => toWire(await addCarrier(ctx.db, input))),

  /** A new name or tracking address, for the parcels that leave from now on. */
  update: adminProcedure
    .input(strictInput({ key: carrierKey, ...carrierFields }))
    .mutation(async ({ ctx, input }) =>
      toWire(
        await updateCarrier(ctx.db, input.key, {
          name: input.name,
          trackingTemplate: input.trackingTemplate,
        }),
      ),
    ),

  retire: adminProcedure
    .input(strictInput({ key: carrierKey }))
    .mutation(async ({ ctx, input }) => toWire(await retireCarrier(ctx.db, input.key))),

  restore: adminProcedure
    .input(strictInput({ key: carrierKey }))
    .mutation(async ({ ctx, input }) => toWire(await restoreCarrier(ctx.db, input.key))),
} satisfies TRPCRouterRecord;
