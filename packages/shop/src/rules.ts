/**
 * The shop's pure rules: no database, no Node built-ins. Browser code imports the exact module
 * instead (`@souls/shop/catalogue`, `@souls/shop/shipping`): this barrel also builds zod schemas
 * and the e-mail catalogue, which would weigh on every page. Server code may import everything
 * from the package root.
 */

export * from "./carriers";
export * from "./cart";
export * from "./catalogue";
export * from "./order-status";
export * from "./shipping";
export * from "./text";
export * from "./withdrawal";
