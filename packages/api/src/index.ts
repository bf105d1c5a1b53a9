export type { ApiContext, ProductChange, ProductChangeSource } from "./context";
export {
  type ListeningProductChangeSource,
  type ListenOptions,
  listenToProductChanges,
  parseProductChange,
} from "./product-changes";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./router";
export { createCallerFactory } from "./trpc";
