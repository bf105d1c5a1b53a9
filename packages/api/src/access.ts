/**
 * « Mon accès » (decision 043): each person's own password and sessions; the owner's helpers.
 * Who may call which procedure is @souls/core/admin-roles' to say (checked in ./trpc).
 */
import { MAX_HELPERS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@souls/core/admin-roles";
import {
  accessHistory,
  addHelper,
  changePassword,
  deviceOf,
  endOtherSessions,
  endSession,
  listPeople,
  listSessions,
  removeHelper,
  renamePerson,
} from "@souls/shop/admin";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { id, noInput, strictInput, text } from "./inputs";
import { adminProcedure } from "./trpc";
import { toWire } from "./wire";

/** A password as typed: never trimmed (its spaces are part of it), bounded; judged by the shop. */
const password = z
  .string({
    error: (issue) => (issue.input === undefined ? "admin:input.required" : "admin:input.textExpected"),
  })
  .min(1, { error: "admin:input.required" })
  .max(PASSWORD_MAX_LENGTH, { error: "admin:input.tooLong" });

/** A session's key: the sha-256 (hex) the database holds. */
const sessionKey = z.string({ error: "admin:input.malformed" }).regex(/^[0-9a-f]{64}$/, {
  error: "admin:input.malformed",
});

/** A helper's login: letters, digits, dots, dashes, underscores, or an e-mail address. */
const login = z
  .string({
    error: (issue) => (issue.input === undefined ? "admin:input.required" : "admin:input.textExpected"),
  })
  .trim()
  .min(3, { error: "admin:input.tooShort" })
  .max(80, { error: "admin:input.tooLong" })
  .regex(/^[\p{L}\p{N}._@+-]+$/u, { error: "admin:input.loginInvalid" });

export const accessRouter = {
  /** Who is logged in: the panel shows her name and only what her role allows. */
  me: adminProcedure.input(noInput).query(({ ctx }) => ({ name: ctx.admin.name, role: ctx.admin.role })),

  /** Her name in the histories, from her next action on. */
  rename: adminProcedure.input(strictInput({ name: text(1, 60) })).mutation(async ({ ctx, input }) => {
    await renamePerson(ctx.db, ctx.admin, input.name);
    return { name: input.name };
  }),

  changePassword: adminProcedure
    .input(strictInput({ oldPassword: password, newPassword: password }))
    .mutation(({ ctx, input }) =>
      changePassword(ctx.db, ctx.admin, { ...input, clientHash: ctx.clientHash }),
    ),

  sessions: adminProcedure.input(noInput).query(async ({ ctx }) => ({
    sessions: toWire(
      (await listSessions(ctx.db, ctx.admin)).map((line) => ({ ...line, device: deviceOf(line.userAgent) })),
    ),
  })),

  endSession: adminProcedure.input(strictInput({ id: sessionKey })).mutation(async ({ ctx, input }) => {
    await endSession(ctx.db, ctx.admin, input.id);
    return { ended: 1 };
  }),

  endOtherSessions: adminProcedure.input(noInput).mutation(({ ctx }) => endOtherSessions(ctx.db, ctx.admin)),

  /** The owner and her helpers, and the history of the accesses. */
  people: adminProcedure.input(noInput).query(async ({ ctx }) =>
    toWire({
      people: await listPeople(ctx.db),
      history: await accessHistory(ctx.db),
      maxHelpers: MAX_HELPERS,
      passwordMinLength: PASSWORD_MIN_LENGTH,
    }),
  ),

  addPerson: adminProcedure
    .input(strictInput({ name: text(1, 60), login, password }))
    .mutation(({ ctx, input }) => addHelper(ctx.db, ctx.admin, input)),

  removePerson: adminProcedure.input(strictInput({ id })).mutation(async ({ ctx, input }) => {
    await removeHelper(ctx.db, ctx.admin, String(input.id));
    return { removed: 1 };
  }),
} satisfies TRPCRouterRecord;
