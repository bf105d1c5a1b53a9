export type { ApiContext } from "./context";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./router";
export { createCallerFactory } from "./trpc";
