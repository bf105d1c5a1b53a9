/**
 * The shop's pure rules, safe to import from browser code: no database, no Node built-ins.
 * Server code may import everything from the package root.
 */

export * from "./carriers";
export * from "./cart";
export * from "./catalogue";
export * from "./order-status";
export * from "./shipping";
export * from "./text";
export * from "./withdrawal";
