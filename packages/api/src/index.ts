// web compat: removed when apps/web switches (live product changes live in @souls/shop/product-changes).
export {
  type ListeningProductChangeSource,
  type ListenOptions,
  listenToProductChanges,
  type ProductChange,
  type ProductChangeSource,
  parseProductChange,
} from "@souls/shop/product-changes";
export type { ApiContext } from "./context";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./router";
export { createCallerFactory } from "./trpc";
