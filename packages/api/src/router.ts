import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accountingRouter } from "./accounting";
import { emailsRouter } from "./emails";
import { ordersRouter } from "./orders";
import { stockRouter } from "./stock";
import { testsRouter } from "./tests";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  orders: ordersRouter,
  stock: stockRouter,
  emails: emailsRouter,
  tests: testsRouter,
  accounting: accountingRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A server-side caller (tests, scripts): `createCaller(context, { signal })`. */
export const createCaller = createCallerFactory(appRouter);
