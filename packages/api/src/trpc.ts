import { initTRPC, TRPCError } from "@trpc/server";
import { z } from "zod";
import type { ApiContext } from "./context";
import { MESSAGES, shopRuleError } from "./errors";

const t = initTRPC.context<ApiContext>().create({
  /**
   * A refused input keeps the field messages for the form (`data.zodError`) under one French
   * message; an unexpected failure shows a generic one (its details go to the server's log).
   */
  errorFormatter({ shape, error }) {
    const zodError =
      error.code === "BAD_REQUEST" && error.cause instanceof z.ZodError ? z.flattenError(error.cause) : null;
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

/** The single gate of the admin API: the owner's session, checked on the server for every call. */
const requireAdmin = t.middleware(({ ctx, next }) => {
  if (!ctx.admin) throw new TRPCError({ code: "UNAUTHORIZED", message: MESSAGES.unauthorized });
  return next({ ctx: { admin: ctx.admin } });
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
