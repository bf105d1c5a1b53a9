export * from "./business";
export * from "./cart";
export * from "./catalogue";
export * from "./order-number";
export * from "./order-status";
export * from "./shipping";
export * from "./signups";
