import { parisLocalToDate } from "@souls/shop/announcements";
import {
  CODE_MAX_LENGTH,
  createDiscountCode,
  discountCodeUses,
  endDiscountCode,
  listDiscountCodes,
  MAX_CODE_TARGETS,
  readCode,
} from "@souls/shop/discounts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, int, noInput, strictInput, text, yesOrNo } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** A Paris wall-clock time from a datetime-local field (`2026-12-01T09:00`). */
const parisTime = text(16, 16).transform((value, context) => {
  const at = parisLocalToDate(value);
  if (!at) {
    context.addIssue({ code: "custom", message: "admin:input.parisDateTime" });
    return z.NEVER;
  }
  return at;
});

/** At most 10 000 € off, at most 100 000 € of minimum, a million uses: bounds, not advice. */
const MAX_AMOUNT_CENTS = 1_000_000;
const MAX_MINIMUM_CENTS = 10_000_000;
const MAX_USES = 1_000_000;

const targets = z
  .array(id, { error: "admin:input.listExpected" })
  .max(MAX_CODE_TARGETS, { error: "admin:input.atMostItems" });

const newCode = strictInput({
  code: text(3, CODE_MAX_LENGTH).transform((value, context) => {
    const code = readCode(value);
    if (!code) {
      context.addIssue({ code: "custom", message: "admin:input.discountCode" });
      return z.NEVER;
    }
    return code;
  }),
  kind: z.enum(["percent", "amount"], { error: "admin:input.discountKind" }),
  /** A percentage (1 to 100), or an amount in cents. */
  value: int(1, MAX_AMOUNT_CENTS),
  /** Null: from now. */
  startsAt: parisTime.nullable(),
  endsAt: parisTime.nullable(),
  maxUses: int(1, MAX_USES).nullable(),
  oncePerEmail: yesOrNo,
  minSubtotalCents: int(0, MAX_MINIMUM_CENTS),
  productIds: targets,
  seriesIds: targets,
  addsToSale: yesOrNo,
}).superRefine((input, context) => {
  if (input.kind === "percent" && input.value > 100) {
    context.addIssue({ code: "custom", path: ["value"], message: "admin:input.discountPercent" });
  }
  if (input.endsAt && input.endsAt <= (input.startsAt ?? new Date())) {
    context.addIssue({ code: "custom", path: ["endsAt"], message: "admin:input.discountEnds" });
  }
});

/**
 * « Codes de réduction » (issue 35, decision 048): the owner's codes — created with their terms,
 * listed with their uses, ended. The owner's alone (not the packing helper's: admin-roles).
 */
export const discountCodesRouter = {
  /** Every code, newest first, with where it stands and its uses. */
  list: adminProcedure.input(noInput).query(async ({ ctx }) => toWire(await listDiscountCodes(ctx.db))),

  /** One code's orders and history. */
  uses: adminProcedure
    .input(strictInput({ id }))
    .query(async ({ ctx, input }) => toWire(await discountCodeUses(ctx.db, input.id))),

  create: adminProcedure.input(newCode).mutation(async ({ ctx, input }) => {
    const created = await createDiscountCode(ctx.db, { ...input, startsAt: input.startsAt ?? new Date() });
    return toWire(created);
  }),

  /** Ends a code now: refused at every checkout from then on. */
  end: adminProcedure
    .input(strictInput({ id }))
    .mutation(async ({ ctx, input }) => toWire(await endDiscountCode(ctx.db, input.id))),
} satisfies TRPCRouterRecord;
