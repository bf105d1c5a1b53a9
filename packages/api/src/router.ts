import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accountingRouter } from "./accounting";
import { emailsRouter } from "./emails";
import { ordersRouter } from "./orders";
import { productsRouter } from "./products";
import { sampleOrdersRouter } from "./sample-orders";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  orders: ordersRouter,
  // The owner's products. The keys `stock` and `tests` are what the admin panel calls today.
  stock: productsRouter,
  emails: emailsRouter,
  tests: sampleOrdersRouter,
  accounting: accountingRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A server-side caller (tests, scripts): `createCaller(context, { signal })`. */
export const createCaller = createCallerFactory(appRouter);
