export * from "./business";
export * from "./cart";
export * from "./catalogue";
export * from "./signups";
