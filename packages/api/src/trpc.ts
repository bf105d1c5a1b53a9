import { mayCall } from "@souls/core/admin-roles";
import { actorNamePlugin } from "@souls/shop/admin";
import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import { saveFieldErrors } from "./catalogue-errors";
import type { ApiContext } from "./context";
import { MESSAGES, shopRuleError } from "./errors";

/** A refused field's message: its key (`admin:input.*`) and the bound its rule sets. */
export interface InputMessage {
  key: string;
  values: { min?: number; max?: number };
}

/** The messages of a refused input: of the whole input, and of each field. */
export interface InputErrors {
  formErrors: InputMessage[];
  fieldErrors: Record<string, InputMessage[] | undefined>;
}

function inputMessage(issue: z.core.$ZodIssue): InputMessage {
  const values: InputMessage["values"] = {};
  if ("minimum" in issue && typeof issue.minimum === "number") values.min = issue.minimum;
  if ("maximum" in issue && typeof issue.maximum === "number") values.max = issue.maximum;
  return { key: issue.message, values };
}

/**
 * Procedures whose input nests its fields (the model editor's one save): a refused field is named
 * by its whole path, `texts.en.tagline`, not by its first segment.
 */
const FULL_PATH_PROCEDURES = new Set([
  "catalogue.save",
  "catalogue.createSeries",
  "catalogue.updateSeries",
  "magazine.create",
  "magazine.save",
  "words.saveDraft",
]);

const withFullPaths = (error: z.ZodError) =>
  new z.ZodError(
    error.issues.map((issue) => ({
      ...issue,
      path: issue.path.length > 0 ? [issue.path.map(String).join(".")] : [],
    })),
  );

const t = initTRPC.context<ApiContext>().create({
  /**
   * A refused input keeps each field's messages for the form (`data.zodError`) under one French
   * message; an unexpected failure shows a generic one (its details go to the server's log).
   */
  errorFormatter({ shape, error, path }) {
    const zodError: InputErrors | null =
      error.code === "BAD_REQUEST" && error.cause instanceof z.ZodError
        ? z.flattenError(
            path && FULL_PATH_PROCEDURES.has(path) ? withFullPaths(error.cause) : error.cause,
            inputMessage,
          )
        : // A save refused field by field (catalogue.save): the same shape, a CONFLICT or not.
          saveFieldErrors(error.cause);
    const message = zodError
      ? MESSAGES.validation
      : error.code === "INTERNAL_SERVER_ERROR"
        ? MESSAGES.internal
        : shape.message;
    return { ...shape, message, data: { ...shape.data, zodError } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/**
 * The single gate of the admin API: a person's session, checked on the server for every call, and
 * her role, which must allow the procedure (@souls/core/admin-roles, decision 043) — before its
 * input is even read. Whatever the procedure writes to a history names her.
 */
const requireAdmin = t.middleware(({ ctx, path, next }) => {
  if (!ctx.admin) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.unauthorized });
  if (!mayCall(ctx.admin.role, path)) throw new TRPCError({ code: "FORBIDDEN", message: MESSAGES.forbidden });
  return next({ ctx: { admin: ctx.admin, db: ctx.db.withPlugin(actorNamePlugin(ctx.admin.name)) } });
});

/** The shop's rule errors (not found, conflicts) become their tRPC codes; anything else is left as is. */
const shopRules = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = shopRuleError(result.error.cause);
    if (mapped) throw mapped;
  }
  return result;
});

export const adminProcedure = t.procedure.use(requireAdmin).use(shopRules);
