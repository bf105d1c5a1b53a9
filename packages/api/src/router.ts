import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accessRouter } from "./access";
import { accountingRouter } from "./accounting";
import { announcementsRouter } from "./announcements";
import { carriersRouter } from "./carriers";
import { catalogueRouter } from "./catalogue";
import { dashboardRouter } from "./dashboard";
import { deliveryRouter } from "./delivery";
import { emailsRouter } from "./emails";
import { magazineRouter } from "./magazine";
import { ordersRouter } from "./orders";
import { photosRouter } from "./photos";
import { productsRouter } from "./products";
import { reviewsRouter } from "./reviews";
import { sampleOrdersRouter } from "./sample-orders";
import { sellerRouter } from "./seller";
import { settingsRouter } from "./settings";
import { signupsRouter } from "./signups";
import { createCallerFactory, router } from "./trpc";
import { wordsRouter } from "./words";

export const appRouter = router({
  orders: ordersRouter,
  products: productsRouter,
  photos: photosRouter,
  catalogue: catalogueRouter,
  emails: emailsRouter,
  sampleOrders: sampleOrdersRouter,
  accounting: accountingRouter,
  seller: sellerRouter,
  words: wordsRouter,
  carriers: carriersRouter,
  reviews: reviewsRouter,
  dashboard: dashboardRouter,
  settings: settingsRouter,
  delivery: deliveryRouter,
  signups: signupsRouter,
  announcements: announcementsRouter,
  magazine: magazineRouter,
  access: accessRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A server-side caller (tests, scripts): `createCaller(context, { signal })`. */
export const createCaller = createCallerFactory(appRouter);
