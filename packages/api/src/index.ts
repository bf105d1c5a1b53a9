export type { ApiContext } from "./context";
export { MESSAGES, ruleAnswer } from "./errors";
export { type AppRouter, appRouter, createCaller, type RouterInputs, type RouterOutputs } from "./router";
export { createCallerFactory } from "./trpc";
