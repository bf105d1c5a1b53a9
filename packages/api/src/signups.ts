import { SIGNUP_LISTS } from "@souls/core/signups";
import { deleteSignupAddress, listSignups, signupAddress } from "@souls/shop/admin";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { cursor, id, search, strictInput } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

const list = z.enum(Object.keys(SIGNUP_LISTS) as [keyof typeof SIGNUP_LISTS], {
  error: "admin:input.signupList",
});

/**
 * « Inscriptions »: the newsletter, early-notice and back-in-stock lists. Addresses are masked in
 * the list (as every list of people in the panel); the export of confirmed addresses is the web
 * app's download (`/admin-inscriptions/export`), streamed.
 */
export const signupsRouter = {
  list: adminProcedure
    .input(
      strictInput({
        list: list.optional(),
        search: search.optional(),
        after: cursor.optional(),
        before: cursor.optional(),
      })
        .refine((input) => input.after === undefined || input.before === undefined, {
          error: "admin:input.malformed",
          path: ["before"],
        })
        .prefault({}),
    )
    .query(async ({ ctx, input }) => toWire(await listSignups(ctx.db, input))),

  /** One sign-up's address in full: what the owner reads before deleting it. */
  address: adminProcedure
    .input(strictInput({ id }))
    .query(({ ctx, input }) => signupAddress(ctx.db, input.id)),

  /** At its owner's request: the address leaves every list. */
  delete: adminProcedure
    .input(strictInput({ id }))
    .mutation(({ ctx, input }) => deleteSignupAddress(ctx.db, input.id)),
} satisfies TRPCRouterRecord;
